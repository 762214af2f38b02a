// XToolSpecTests: to be written.
