// XToolSpec: to be written.
