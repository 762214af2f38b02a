// YAMLTests: to be written.
