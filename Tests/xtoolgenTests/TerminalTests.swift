import Testing
import XToolDiagnostics
import XToolSpec

@testable import xtoolgen

/// The one printer of diagnostics: the compiler's format, coloured only on a terminal.
@Suite struct TerminalTests {
    static let located = Diagnostic(
        .error, "unknown key 'reponse'", file: "Specs/A.yaml", at: .init(line: 15, column: 9))

    @Test func aDiagnosticWithAPlaceInItsFile() {
        #expect(Terminal.format(Self.located, colors: false) == "Specs/A.yaml:15:9: error: unknown key 'reponse'")
        let warning = Diagnostic(.warning, "an http:// base URL", file: "A.yaml", at: .init(line: 3, column: 10))
        #expect(Terminal.format(warning, colors: false) == "A.yaml:3:10: warning: an http:// base URL")
    }

    @Test func aDiagnosticOfAWholeFile() {
        let diagnostic = Diagnostic(.error, "can't read the templates folder", file: "Templates")
        #expect(Terminal.format(diagnostic, colors: false) == "Templates: error: can't read the templates folder")
    }

    @Test func aDiagnosticOfNoFileIsTheCommands() {
        let diagnostic = Diagnostic(.error, "'render' takes exactly one template")
        #expect(Terminal.format(diagnostic, colors: false) == "xtoolgen: error: 'render' takes exactly one template")
    }

    @Test func aNoteFollowsAtTheSamePlace() {
        let diagnostic = Diagnostic(
            .error, "too deep", file: "T/Model.mustache", at: .init(line: 2, column: 1),
            note: "while rendering A/B.swift")
        #expect(
            Terminal.format(diagnostic, colors: false)
                == "T/Model.mustache:2:1: error: too deep\nT/Model.mustache:2:1: note: while rendering A/B.swift")
    }

    @Test func coloursMarkThePlaceTheSeverityAndTheMessage() {
        #expect(
            Terminal.format(Self.located, colors: true)
                == "\u{1B}[1mSpecs/A.yaml:15:9:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m \u{1B}[1munknown key 'reponse'\u{1B}[0m"
        )
        #expect(
            Terminal.format(Diagnostic(.warning, "w"), colors: true)
                == "\u{1B}[1mxtoolgen:\u{1B}[0m \u{1B}[1;33mwarning:\u{1B}[0m \u{1B}[1mw\u{1B}[0m")
    }

    @Test func colourOnlyOnATerminalAndNeverUnderNoColor() {
        #expect(Terminal.colors(isTerminal: true, environment: [:]))
        #expect(Terminal.colors(isTerminal: true, environment: ["NO_COLOR": ""]), "an empty NO_COLOR counts as unset")
        #expect(!Terminal.colors(isTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(!Terminal.colors(isTerminal: false, environment: [:]))
    }
}
