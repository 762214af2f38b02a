import XToolDiagnostics
import XToolSpec
import XToolYAML

/// A sample the spec gives an endpoint: a documented example of one of its responses.
struct SampleDraft {
    /// Its name under `samples:` (nil when it is the endpoint's only one).
    var name: String?
    /// The HTTP status, for an error response's example.
    var status: Int?
    /// `failure: true`: an envelope's failure answered with a success status.
    var failure = false
    /// The example as JSON text.
    var json: String
    /// Where it comes from, written as its `source:` when it is not the document's own example.
    var source: String?
    /// Where the document gives it (for a warning when it is left out).
    var origin: Origin?
}

extension Importer {
    /// The deepest an example is assembled from its schema's property examples, in schemas.
    static let assemblyDepth = 12

    /// The examples of an operation's JSON responses as samples: the success response's
    /// (`example`, each of `examples`, or else its schema's `example`, or else one assembled from
    /// its properties' examples), then each error response's with its status. A single sample is
    /// the endpoint's `sample:`; several are named by their `examples` key and status.
    mutating func samples(_ operation: Located) -> [SampleDraft] {
        let responses = object("responses", of: operation)?.entries ?? []
        let success = Self.successIndex(responses)
        var samples: [SampleDraft] = []
        var assembled: [Origin: Located?] = [:]
        for (index, entry) in responses.enumerated() {
            let isSuccess = index == success
            let status = Int(entry.key)
            guard isSuccess || (status.map { !(200...299).contains($0) } ?? false),
                let response = resolved(entry.value), let media = jsonMedia(of: response)
            else { continue }
            var found = examples(of: media)
            var source: String?
            if found.isEmpty, isSuccess, let schema = media["schema"] {
                if let example = resolved(schema)?["example"] {
                    found = [(nil, example)]
                } else if let assembled = assemble(schema, on: [], memo: &assembled) {
                    found = [(nil, assembled)]
                    source = "assembled from the document's property examples"
                }
            }
            for (name, example) in found {
                let json: String
                do {
                    json = try SampleJSON.text(of: example.node)
                } catch {
                    warning(
                        "this example is not JSON (\(error.message)), so it is no sample",
                        at: Origin(document: example.document, location: error.location))
                    continue
                }
                let label = isSuccess ? name : [entry.key, name].compactMap { $0 }.joined(separator: " ")
                samples.append(
                    SampleDraft(
                        name: label ?? "example", status: isSuccess ? nil : status, json: json, source: source,
                        origin: example.origin))
            }
        }
        if samples.count == 1, samples[0].status == nil { samples[0].name = nil }
        return samples
    }

    /// A media type's `example`, or each of its `examples` (by key) that has an inline `value`.
    private mutating func examples(of media: Located) -> [(name: String?, example: Located)] {
        if let example = media["example"] { return [(nil, example)] }
        return (object("examples", of: media)?.entries ?? []).compactMap { key, _, value in
            resolved(value)?["value"].map { (key, $0) }
        }
    }

    /// A value put together from the examples of a schema's parts: an object of its properties'
    /// (all of `allOf`'s) when every property it requires has one, an array of one assembled
    /// item, the first variant of a `oneOf` or `anyOf` that has any; nil when nothing in it has
    /// an example or an object would lack a property it requires.
    ///
    /// `path` holds the schemas being assembled around this one, which it doesn't enter again (a
    /// recursive schema); `memo` what each schema came to, so a schema many others share is
    /// assembled once.
    private mutating func assemble(_ schema: Located, on path: Set<Origin>, memo: inout [Origin: Located?]) -> Located?
    {
        guard path.count < Self.assemblyDepth, let schema = resolved(schema), !path.contains(schema.origin) else {
            return nil
        }
        if let known = memo[schema.origin] { return known }
        let inner = path.union([schema.origin])
        let result = assembleParts(schema, on: inner, memo: &memo)
        memo[schema.origin] = result
        return result
    }

    private mutating func assembleParts(_ schema: Located, on path: Set<Origin>, memo: inout [Origin: Located?])
        -> Located?
    {
        if let example = schema["example"] { return example }
        let at = schema.node.location
        if let parts = schema["allOf"]?.items {
            var pairs: [YAMLNode.Entry] = []
            for part in parts {
                guard case .mapping(let entries)? = assemble(part, on: path, memo: &memo)?.node.content else {
                    continue
                }
                // A property more than one part declares appears once, as the last part has it.
                for entry in entries {
                    if let index = pairs.firstIndex(where: { $0.key.scalarText == entry.key.scalarText }) {
                        pairs[index] = entry
                    } else {
                        pairs.append(entry)
                    }
                }
            }
            return pairs.isEmpty ? nil : Located(node: YAMLNode(.mapping(pairs), at: at), document: schema.document)
        }
        if let variants = schema["oneOf"]?.items ?? schema["anyOf"]?.items {
            for variant in variants {
                if let assembled = assemble(variant, on: path, memo: &memo) { return assembled }
            }
            return nil
        }
        let required = Set(schema["required"]?.items.compactMap(\.node.string) ?? [])
        // `items` beside `type: object` (a document's slip) is no array: the object is read as
        // `[String: JSON]`, so an array sample would contradict it.
        let isObject = schema.node["type"].map { [$0.string] + $0.items.map(\.string) }?.contains("object") ?? false
        if let items = schema["items"], !isObject {
            return assemble(items, on: path, memo: &memo).map {
                Located(node: YAMLNode(.sequence([$0.node]), at: at), document: schema.document)
            }
        }
        var pairs: [YAMLNode.Entry] = []
        for (key, keyNode, value) in schema["properties"]?.entries ?? [] {
            if let assembled = assemble(value, on: path, memo: &memo) {
                pairs.append(YAMLNode.Entry(key: keyNode, value: assembled.node))
            } else if required.contains(key) {
                return nil  // an object without a property it requires would not decode
            }
        }
        return pairs.isEmpty ? nil : Located(node: YAMLNode(.mapping(pairs), at: at), document: schema.document)
    }
}

extension SpecWriter {
    /// An endpoint's samples as spec lines, each with its indentation: `sample:` with the body
    /// as JSON (which is YAML) under `body:`, or `samples:` by name with their status.
    static func sampleLines(_ samples: [SampleDraft], indent: Int) -> [(indent: Int, text: String)] {
        guard !samples.isEmpty else { return [] }
        var lines: [(indent: Int, text: String)] = []
        var sampleIndent = indent
        if samples.count > 1 || samples[0].name != nil {
            lines.append((indent, "samples:"))
            sampleIndent += 1
        }
        for sample in samples {
            lines.append((sampleIndent, sample.name.map { YAMLText.string($0, inFlow: false) + ":" } ?? "sample:"))
            if let status = sample.status { lines.append((sampleIndent + 1, "status: \(status)")) }
            if sample.failure { lines.append((sampleIndent + 1, "failure: true")) }
            let bodyLines = sample.json.split(separator: "\n", omittingEmptySubsequences: false)
            lines.append((sampleIndent + 1, "body: " + (bodyLines.first.map(String.init) ?? "")))
            for line in bodyLines.dropFirst() { lines.append((sampleIndent + 2, String(line))) }
            if let source = sample.source {
                lines.append((sampleIndent + 1, "source: " + YAMLText.string(source, inFlow: false)))
            }
        }
        return lines
    }
}
