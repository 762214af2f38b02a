// MustacheTests: to be written.
