// XToolRuntimeTests: to be written.
