import XToolDiagnostics

/// The warnings of one cause, given once: where the first was, and the places that have it.
struct WarningGroup {
    /// The index of the first warning in `DraftPasses.diagnostics`.
    var index: Int
    /// How many places have it.
    var count: Int
    /// Their names (endpoints, models, paths), each once, in the order they came.
    var places: [String]
}

/// Warnings grouped by cause: a document that repeats a construct (a rate-limit header on every
/// operation, additionalProperties on every model) gives one warning at its first place, with
/// the count and the first places' names, not one line per place.
extension DraftPasses {
    /// How many places a grouped warning names before "and N more".
    static let namedPlaces = 3

    /// A warning at `origin` about `place` (the endpoint being imported when nil). Warnings of
    /// one `cause` (the message, when nil) are one diagnostic; the same place and origin twice
    /// count once.
    mutating func warning(_ message: String, at origin: Origin, cause: String? = nil, place: String? = nil) {
        let place = place ?? currentPlace
        guard warned.insert("\(origin.document):\(origin.location):\(message):\(place ?? "")").inserted else { return }
        let key = cause ?? message
        guard var group = warningGroups[key] else {
            diagnostics.append(diagnostic(.warning, message, at: origin))
            warningGroups[key] = WarningGroup(index: diagnostics.count - 1, count: 1, places: place.map { [$0] } ?? [])
            return
        }
        group.count += 1
        if let place, !group.places.contains(place) { group.places.append(place) }
        warningGroups[key] = group
    }

    /// The diagnostics, each group's first warning saying how many places have it and naming
    /// the first of them: `(in 66 places: listIncidents, getIncident, updateIncident and 63 more)`.
    var groupedDiagnostics: [Diagnostic] {
        var result = diagnostics
        for group in warningGroups.values where group.count > 1 {
            var names = group.places.prefix(Self.namedPlaces).joined(separator: ", ")
            let more = group.count - min(group.places.count, Self.namedPlaces)
            if !names.isEmpty, more > 0 { names += " and \(more) more" }
            result[group.index].message +=
                names.isEmpty ? " (in \(group.count) places)" : " (in \(group.count) places: \(names))"
        }
        return result
    }
}
