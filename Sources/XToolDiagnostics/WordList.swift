/// Names listed in prose, as messages and doc comments write them.
package enum WordList {
    /// `a`, `a and b`, `a, b and c`; more than `limit` items as the first three and how many
    /// more (`a, b, c and 4 more`).
    package static func joined(_ items: [String], limit: Int = .max) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        guard items.count <= limit else {
            return items.prefix(3).joined(separator: ", ") + " and \(items.count - 3) more"
        }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}
