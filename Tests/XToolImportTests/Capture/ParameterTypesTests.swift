import Testing

@testable import XToolImport

/// The type that reads every value a parameter or a path segment was sent with
/// (`CaptureDrafting.type(of:)`).
@Suite struct ParameterTypesTests {
    static let values: [(String, [String], String)] = [
        ("integers", ["1", "20"], "Int"),
        ("past 32 bits", ["1", "3000000001"], "Int64"),
        ("numbers with a fraction", ["1.5", "2"], "Double"),
        ("Booleans", ["true", "false"], "Bool"),
        ("a leading zero is a code, not a number", ["050000", "120000"], "String"),
        ("a fraction below one is a number", ["0.5"], "Double"),
        ("days", ["2025-01-01", "2025-02-01"], "Date yyyy-MM-dd"),
        ("ISO 8601 times", ["2025-01-01T10:00:00Z"], "Date"),
        ("a day and a word", ["2025-01-01", "soon"], "String"),
        ("nothing sent", [], "String"),
    ]

    @Test(arguments: values) func theType(_ name: String, _ sent: [String], _ type: String) {
        let found = CaptureDrafting.type(of: sent)
        #expect(([found.spelling] + (found.dateFormat.map { [$0] } ?? [])).joined(separator: " ") == type, "\(name)")
    }
}
