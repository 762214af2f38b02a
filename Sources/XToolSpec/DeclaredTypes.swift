import XToolDiagnostics
import XToolYAML

/// A type that a spec's generated code declares at the top level of its module: the API type,
/// each tool, each model or union and each shared enum. Two specs compiled into one module (two
/// specs in one target of the build-tool plugin) must not declare the same one.
package struct DeclaredType: Sendable, Hashable {
    /// The Swift type name (`WeiboAPI`, `StatusTool`, `Status`).
    package var name: String
    /// What in the spec declares it, for messages: `the tool 'Status'`.
    package var what: String
    /// Where the spec declares it; nil when unknown (a spec imported from an OpenAPI document).
    package var location: SourceLocation?
}

extension Spec {
    /// The top-level types the generated code declares, each at its key in `root` (the spec's
    /// document) when that is given.
    package func declaredTypes(locatedIn root: YAMLNode?) -> [DeclaredType] {
        func key(_ section: String, _ name: String) -> SourceLocation? {
            root?[section]?.entries.first { $0.key == name }?.keyNode.location
        }
        return [DeclaredType(name: apiTypeName, what: "the API '\(api)'", location: root?["api"]?.location)]
            + tools.map {
                DeclaredType(name: $0.typeName, what: "the tool '\($0.name)'", location: key("tools", $0.name))
            }
            + models.map {
                DeclaredType(
                    name: $0.name, what: "the model '\($0.name)'", location: $0.includedAt ?? key("models", $0.name))
            }
            + enums.map {
                DeclaredType(
                    name: $0.swiftName, what: "the enum '\($0.swiftName)'", location: key("models", $0.swiftName))
            }
    }
}
