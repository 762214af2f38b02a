import XToolDiagnostics
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
        let document = document(bytes)
        guard let root = document.root else { return document.failure! }
        return load(root, fileName: fileName)
    }

    /// The YAML document of spec text, or (root nil) the result of failing to read it: the
    /// YAML error at its place, with a hint when it is a likely slip of YAML syntax.
    public static func document(_ bytes: [UInt8]) -> (root: YAMLNode?, failure: Result?) {
        do {
            return (try YAMLParser().parseDocument(bytes), nil)
        } catch {
            let hint = SyntaxHints.optionalArray(at: error.location, in: bytes)
            return (nil, Result(spec: nil, diagnostics: [Diagnostic(.error, error.message + hint, at: error.location)]))
        }
    }

    /// Loads a spec from its YAML document, read once by the caller.
    public static func load(_ root: YAMLNode, fileName: String) -> Result {
        var reader = SpecReader()
        let spec = reader.readSpec(root, fileName: fileName)
        return Result(spec: spec, diagnostics: reader.diagnostics.sorted)
    }
}
