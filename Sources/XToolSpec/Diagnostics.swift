import XToolDiagnostics

/// The diagnostics of one run, in source order.
struct Diagnostics {
    private(set) var all: [Diagnostic] = []

    var hasErrors: Bool { all.contains { $0.severity == .error } }
    var errorCount: Int { all.count { $0.severity == .error } }

    mutating func error(_ message: String, at location: SourceLocation, note: String? = nil) {
        all.append(Diagnostic(.error, message, at: location, note: note))
    }

    /// A diagnostic made elsewhere (an included file that can't be read).
    mutating func append(_ diagnostic: Diagnostic) {
        all.append(diagnostic)
    }

    mutating func warning(_ message: String, at location: SourceLocation) {
        all.append(Diagnostic(.warning, message, at: location))
    }

    /// Sorted by location, keeping the order of diagnostics at one place.
    var sorted: [Diagnostic] { all.sortedBySource }
}
