// XToolRuntime: to be written.
