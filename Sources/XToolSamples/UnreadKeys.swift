import XToolDiagnostics
import XToolRules
import XToolSpec
import XToolYAML

/// A key of a sample's object that no member of its model reads: data the generated code would
/// drop without a word (docs/spec-language.md#what-is-checked).
package struct UnreadKey: Hashable, Sendable {
    /// The key path from the model's object (`["_links", "app.rotateKey"]`).
    package var path: [String]
    /// The type of a member that would read the value the sample shows, optional.
    package var type: Spec.TypeRef

    /// The key path as a spec writes it (`_links.app\.rotateKey`).
    package var keyPath: Spec.KeyPath { Spec.KeyPath(components: path) }
}

/// The keys one sample's objects hold that their models don't read, gathered per model in the
/// order first met, each key once.
struct UnreadKeys {
    private var models: [(model: String, location: SourceLocation, keys: [UnreadKey])] = []

    /// Records the keys of `node`, an object read as `model`, that none of `read` (key paths from
    /// the object: the fields', `ignore:`'s, a union's tag) reaches.
    mutating func record(_ node: YAMLNode, of model: String, reading read: [[String]]) {
        let keys = Self.keys(of: node, unreadBy: read)
        guard let first = keys.first else { return }
        guard let index = models.firstIndex(where: { $0.model == model }) else {
            models.append((model, first.location, keys.map(\.key)))
            return
        }
        for key in keys.map(\.key) where !models[index].keys.contains(where: { $0.path == key.path }) {
            models[index].keys.append(key)
        }
    }

    /// One finding per model, at the first unread key met, which doesn't break the sample.
    var findings: [Finding] {
        models.map { model, location, keys in
            let quoted = keys.map { "'\(ValueReader.text(of: $0.path))'" }
            let members = keys.map { "\($0.keyPath): \($0.type.swiftSpelling)" }
            let many = keys.count > 1
            return Finding(
                message: "no member of \(model) reads \(WordList.joined(quoted, limit: 4)), so the app never sees "
                    + (many ? "them" : "it") + " (add \(many ? "fields" : "a field") to \(model): "
                    + WordList.joined(members, limit: 4) + "; or list the "
                    + (many ? "keys" : "key") + " under its ignore:)",
                location: location, breaks: false, cause: .unread(model: model, keys: keys), field: nil)
        }
    }

    /// The keys of `node` that none of `read` reaches, with where each is. A path that ends at a
    /// key reads all of its value (its type reads what is inside); one that goes on reads only
    /// what it names of an object there, or of an element of an array there by its index; one
    /// that reads each element of an array there (`name[]`) is left to its type.
    private static func keys(of node: YAMLNode, unreadBy read: [[String]], from base: [String] = []) -> [(
        key: UnreadKey, location: SourceLocation
    )] {
        // An array read by index (`weather.0.main`): the keys of each element a path indexes.
        if case .sequence(let items) = node.content {
            return items.indices.flatMap { index -> [(key: UnreadKey, location: SourceLocation)] in
                let reaching = read.filter { $0.first == String(index) }
                guard !reaching.isEmpty, !reaching.contains(where: { $0.count == 1 }) else { return [] }
                return keys(
                    of: items[index], unreadBy: reaching.map { Array($0.dropFirst()) }, from: base + [String(index)])
            }
        }
        guard case .mapping(let pairs) = node.content else { return [] }
        var result: [(key: UnreadKey, location: SourceLocation)] = []
        for pair in pairs {
            // A key no field can name (empty, or read as each element) is no member's to read.
            guard let key = pair.key.scalarText, !key.isEmpty, !KeyPathSyntax.isEach(key) else { continue }
            let reaching = read.filter { path in
                path.first.map { $0 == key || (KeyPathSyntax.isEach($0) && $0.dropLast(2) == key) } ?? false
            }
            if reaching.isEmpty {
                result.append(
                    (UnreadKey(path: base + [key], type: .optional(suggestedType(of: pair.value))), pair.key.location))
            } else if !reaching.contains(where: { $0.count == 1 || KeyPathSyntax.isEach($0[0]) }) {
                result += keys(of: pair.value, unreadBy: reaching.map { Array($0.dropFirst()) }, from: base + [key])
            }
        }
        return result
    }

    /// The type that reads `node` as it is: its scalar's, `[T]` for an array of one scalar type,
    /// else `JSON`.
    static func suggestedType(of node: YAMLNode) -> Spec.TypeRef {
        switch node.content {
        case .mapping: return .json
        case .sequence(let items):
            let types = Set(items.map(suggestedType))
            guard types.count == 1, let element = types.first, element != .json else { return .json }
            return .array(element)
        case .scalar:
            switch node.coreScalar {
            case .string?: return .string
            case .int(let value)?: return Int32(exactly: value) == nil ? .int64 : .int
            case .float?: return .double
            case .bool?: return .bool
            case .null?, nil: return .json
            }
        }
    }
}
