// Mustache: to be written.
