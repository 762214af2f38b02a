import Testing

@testable import XToolSpec

/// A listed value whose case name would be `unknown` (`UNKNOWN`, protobuf's first value) is held
/// by the enum's `unknown(String)` case, never a second `case unknown` (issue 22, defect 10).
@Suite struct UnknownEnumValueTests {
    private func load(_ field: String) -> SpecLoader.Result {
        let yaml = """
            xtoolgen: 1
            api: Test
            baseURL: https://api.example.com/
            models:
              Thing:
                fields:
                  \(field)
            tools:
              Things:
                endpoints:
                  thing: { get: thing, response: Thing }
            """
        return SpecLoader.load(Array(yaml.utf8), fileName: "Test.yaml")
    }

    @Test(arguments: ["UNKNOWN", "Unknown", "unknown"])
    func theUnknownCaseHoldsAValueNamedLikeIt(_ value: String) throws {
        let result = load("state: { enum: [\(value), ACTIVE], default: \(value) }")
        #expect(result.diagnostics == [])
        let field = try #require(result.spec?.models.first?.fields.first)
        guard case .enumeration(let enumType) = field.type else {
            Issue.record("not an enum: \(field.type)")
            return
        }
        #expect(enumType.cases.map(\.swiftName) == ["active"])
        #expect(enumType.heldByUnknown == [value])
        #expect(field.defaultValue == .unknownEnumValue(value, typeName: "State"))
    }

    @Test func aDefaultTheEnumDoesNotListIsStillAnError() {
        let result = load("state: { enum: [ACTIVE, DONE], default: UNKNOWN }")
        #expect(
            result.diagnostics.map(\.description) == [
                "7:47: error: the default 'UNKNOWN' of the field 'state' is not one of the enum's values"
            ])
    }
}
