// XToolGenerator: to be written.
