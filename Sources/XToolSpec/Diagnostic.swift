import XToolYAML

/// A problem found in a spec, at the place that causes it.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
    }

    public var severity: Severity
    public var message: String
    public var location: SourceLocation

    public init(_ severity: Severity, _ message: String, at location: SourceLocation) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// `line:column: error: message`; prefix it with the spec's path for the compiler format.
    public var description: String { "\(location): \(severity.rawValue): \(message)" }

    /// `path:line:column: severity: message`, the format Xcode and VS Code make clickable.
    public func formatted(path: String) -> String { "\(path):\(description)" }
}

/// The diagnostics of one run, in source order.
struct Diagnostics {
    private(set) var all: [Diagnostic] = []

    var hasErrors: Bool { all.contains { $0.severity == .error } }

    mutating func error(_ message: String, at location: SourceLocation) {
        all.append(Diagnostic(.error, message, at: location))
    }

    mutating func warning(_ message: String, at location: SourceLocation) {
        all.append(Diagnostic(.warning, message, at: location))
    }

    /// Sorted by location, keeping the order of diagnostics at one place.
    var sorted: [Diagnostic] {
        all.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }
}
