import XToolDiagnostics
import XToolYAML

/// The entry point of the spec language: YAML text in, a validated `Spec` and diagnostics out.
package enum SpecLoader {
    /// What loading one spec produced.
    package struct Result: Sendable {
        /// The validated spec, or nil when there was an error.
        package var spec: Spec?
        /// Every error and warning, in source order.
        package var diagnostics: [Diagnostic]
    }

    /// Reads a models file a spec includes (`include: models/things.yaml`), by the path the spec
    /// gives, relative to the spec's folder: its YAML document with every location in that file
    /// (`YAMLNode.inFile(_:)`), or an error that names the file.
    package typealias IncludeReader = (String) -> Swift.Result<YAMLNode, Diagnostic>

    /// Loads a spec from its bytes. `fileName` is what generated headers name (`Weibo.yaml`);
    /// `includes` reads the files it includes (nil: it may include none); `timeZones` are the
    /// time zone names `timezone:` may give (Foundation's; nil: any name of the IANA shape).
    package static func load(
        _ bytes: [UInt8], fileName: String, includes: IncludeReader? = nil, timeZones: Set<String>? = nil
    ) -> Result {
        load(document(bytes), fileName: fileName, includes: includes, timeZones: timeZones)
    }

    /// The YAML document of spec text, or the failure to read it: the YAML error at its place,
    /// with a hint when it is a likely slip of YAML syntax.
    package static func document(_ bytes: [UInt8]) -> Swift.Result<YAMLNode, Diagnostic> {
        do {
            return .success(try DocumentReader().parseDocument(bytes))
        } catch {
            let optionalArray = SyntaxHints.optionalArray(at: error.location, in: bytes)
            let hint = optionalArray.isEmpty ? SyntaxHints.bracketIndex(at: error.location, in: bytes) : optionalArray
            return .failure(Diagnostic(.error, error.message + hint, at: error.location))
        }
    }

    /// Loads a spec from a document read by the caller (`document(_:)`), or reports why it
    /// could not be read.
    package static func load(
        _ document: Swift.Result<YAMLNode, Diagnostic>, fileName: String, includes: IncludeReader? = nil,
        timeZones: Set<String>? = nil
    ) -> Result {
        switch document {
        case .success(let root): load(root, fileName: fileName, includes: includes, timeZones: timeZones)
        case .failure(let diagnostic): Result(spec: nil, diagnostics: [diagnostic])
        }
    }

    /// Loads a spec from its YAML document, read once by the caller.
    package static func load(
        _ root: YAMLNode, fileName: String, includes: IncludeReader? = nil, timeZones: Set<String>? = nil
    ) -> Result {
        var reader = SpecReader()
        reader.readInclude = includes
        reader.knownTimeZones = timeZones
        let spec = reader.readSpec(root, fileName: fileName)
        return Result(spec: spec, diagnostics: reader.diagnostics.sorted)
    }
}
