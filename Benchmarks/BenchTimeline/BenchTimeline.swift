// BenchTimeline's code is generated at build time by XToolGenPlugin from Specs/BenchTimeline.yaml;
// SwiftPM needs one source file of the target's own to build it.
