import XToolYAML

/// The entry point of the spec language: YAML text in, a validated `Spec` and diagnostics out.
public enum SpecLoader {
    /// What loading one spec produced.
    public struct Result: Sendable {
        /// The validated spec, or nil when there was an error.
        public var spec: Spec?
        /// Every error and warning, in source order.
        public var diagnostics: [Diagnostic]
    }

    /// Loads a spec from its bytes. `fileName` is what generated headers name (`Weibo.yaml`).
    public static func load(_ bytes: [UInt8], fileName: String) -> Result {
        let root: YAMLNode
        do {
            root = try YAMLParser().parseDocument(bytes)
        } catch {
            let hint = SyntaxHints.optionalArray(at: error.location, in: bytes)
            return Result(spec: nil, diagnostics: [Diagnostic(.error, error.message + hint, at: error.location)])
        }
        var reader = SpecReader()
        let spec = reader.readSpec(root, fileName: fileName)
        return Result(spec: spec, diagnostics: reader.diagnostics.sorted)
    }
}
