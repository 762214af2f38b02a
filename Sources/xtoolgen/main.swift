// The xtoolgen command line: to be written.
