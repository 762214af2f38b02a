/// A problem found by any stage (a spec, an options file, a template, the command line): what
/// is wrong and, when known, the file and the place in it. Stages that fail throw it.
package struct Diagnostic: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    package enum Severity: String, Sendable, Hashable, Codable {
        case error
        case warning
    }

    package var severity: Severity
    package var message: String
    /// The file at fault, named as the user gave it; nil for a problem of no file.
    package var file: String?
    /// Where in the file; nil for a problem of the whole file (or of no file).
    package var location: SourceLocation?
    /// More about the problem, reported after it at the same place (`…: note: …`).
    package var note: String?

    package init(
        _ severity: Severity, _ message: String, file: String? = nil, at location: SourceLocation? = nil,
        note: String? = nil
    ) {
        self.severity = severity
        self.message = message
        self.file = file
        self.location = location
        self.note = note
    }

    /// The same diagnostic in `file` (a spec's diagnostics name the spec by the path given).
    package func inFile(_ file: String) -> Diagnostic {
        var diagnostic = self
        diagnostic.file = file
        return diagnostic
    }

    /// The file the place is in: the location's own (an included file), else `file`.
    package var placeFile: String? { location?.file ?? file }

    /// Where the problem is, as the compiler's format starts: `path:line:column`, `path`,
    /// `line:column`, or nil when neither is known.
    package var place: String? {
        switch (placeFile, location) {
        case (let file?, let location?): "\(file):\(location)"
        case (let file?, nil): file
        case (nil, let location?): location.description
        case (nil, nil): nil
        }
    }

    /// Each line of the diagnostic without its place: the severity and message, then the note.
    package var lines: [(label: String, text: String)] {
        [(severity.rawValue, message)] + (note.map { [("note", $0)] } ?? [])
    }

    /// `path:line:column: severity: message` (what is unknown of the place left out), then
    /// `path:line:column: note: …` on a line of its own when there is a note.
    package var description: String {
        let prefix = place.map { "\($0): " } ?? ""
        return lines.map { "\(prefix)\($0.label): \($0.text)" }.joined(separator: "\n")
    }
}

extension Array where Element == Diagnostic {
    /// In source order (by file, then line and column), keeping the order of diagnostics at
    /// one place; those without a place come first. Each is said once: a sample file three
    /// endpoints share finds the same thing three times, at one place.
    package var sortedBySource: [Diagnostic] {
        let origin = SourceLocation(line: 0, column: 0)
        var seen: Set<Diagnostic> = []
        return enumerated().sorted {
            ($0.element.placeFile ?? "", $0.element.location ?? origin, $0.offset)
                < ($1.element.placeFile ?? "", $1.element.location ?? origin, $1.offset)
        }.map(\.element).filter { seen.insert($0).inserted }
    }
}
