import Foundation

/// The syntax of a `Link` header (RFC 8288, `<https://…?page=2>; rel="next", <…>; rel="last"`):
/// what the runtime follows (`paginate: link`) and the capture importer looks for, read once.
package enum LinkHeaderSyntax {
    /// The target, as written, of the header's first link whose `rel` names `relation` (`next`,
    /// `prev`); nil when none does.
    package static func target(of relation: String, in header: String) -> String? {
        links(in: header).first { $0.relations.contains(relation) }?.target
    }

    /// Each `<target>; param=value; …` of the header with its space-separated `rel` values.
    package static func links(in header: String) -> [(target: String, relations: [String])] {
        var links: [(target: String, relations: [String])] = []
        var rest = Substring(header)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let target = String(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
            // The parameters run to the next link's `<` (a quoted value can't hold one here).
            let end = rest.firstIndex(of: "<") ?? rest.endIndex
            var relations: [String] = []
            for parameter in rest[..<end].split(separator: ";") {
                let parts = parameter.split(separator: "=", maxSplits: 1).map {
                    $0.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: ",")))
                }
                guard parts.count == 2, parts[0].lowercased() == "rel" else { continue }
                relations = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                    .lowercased().split(separator: " ").map(String.init)
            }
            links.append((target, relations))
            rest = rest[end...]
        }
        return links
    }
}
