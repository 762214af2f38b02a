import Testing
import XToolDiagnostics
import XToolYAML

@Suite struct YAMLParserTests {
    private func parse(_ text: String) throws(YAMLError) -> YAMLNode {
        try YAMLParser().parseDocument(text)
    }

    private func error(_ text: String, parser: YAMLParser = YAMLParser()) -> YAMLError? {
        do {
            _ = try parser.parseDocument(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func everyNodeKnowsItsLineAndColumn() throws {
        let root = try parse("api: Weibo\ntools:\n  Status:\n    - [a, \"b\"]\n")
        guard case .mapping(let entries) = root.content else {
            Issue.record("not a mapping")
            return
        }
        #expect(root.location == SourceLocation(line: 1, column: 1))
        #expect(entries[0].key.location == SourceLocation(line: 1, column: 1))
        #expect(entries[0].value.location == SourceLocation(line: 1, column: 6))
        guard case .mapping(let tools) = entries[1].value.content,
            case .sequence(let items) = tools[0].value.content,
            case .sequence(let flow) = items[0].content
        else {
            Issue.record("unexpected shape")
            return
        }
        #expect(tools[0].key.location == SourceLocation(line: 3, column: 3))
        #expect(items[0].location == SourceLocation(line: 4, column: 7))
        #expect(flow[1].location == SourceLocation(line: 4, column: 11))
        #expect(flow[1].content == .scalar(text: "b", style: .doubleQuoted))
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let root = try parse("名前: 北京\n")
        guard case .mapping(let entries) = root.content else {
            Issue.record("not a mapping")
            return
        }
        #expect(entries[0].value.location == SourceLocation(line: 1, column: 5))
    }

    @Test func scalarsStayTextUntilAsked() throws {
        let root = try parse("a: NO\nb: 1.10\nc: '1'\nd: ~\ne: 0x1F\nf: !!str 12\n")
        guard case .mapping(let entries) = root.content else {
            Issue.record("not a mapping")
            return
        }
        let values = entries.map(\.value)
        #expect(values.map(\.scalarText) == ["NO", "1.10", "1", "~", "0x1F", "12"])
        #expect(
            values.map(\.coreScalar) == [
                .string("NO"), .float(1.1), .string("1"), .null, .int(31), .string("12"),
            ])
    }

    @Test func blockScalarStylesAreKept() throws {
        let root = try parse("a: |\n  line\nb: >\n  folded\n  text\n")
        guard case .mapping(let entries) = root.content else {
            Issue.record("not a mapping")
            return
        }
        #expect(entries[0].value.content == .scalar(text: "line\n", style: .literal))
        #expect(entries[1].value.content == .scalar(text: "folded text\n", style: .folded))
    }

    @Test func aliasesExpandToTheAnchoredNodeAtTheAliasLocation() throws {
        let root = try parse("base: &b {x: 1}\ncopy: *b\n")
        guard case .mapping(let entries) = root.content else {
            Issue.record("not a mapping")
            return
        }
        #expect(entries[1].value.content == entries[0].value.content)
        #expect(entries[1].value.location == SourceLocation(line: 2, column: 7))
    }

    @Test func duplicateKeyIsAnErrorAtTheSecondKey() {
        let failure = error("name: a\nother: b\nname: c\n")
        #expect(failure?.location == SourceLocation(line: 3, column: 1))
        #expect(failure?.message == "duplicate key 'name' (first defined at 1:1)")
    }

    @Test func quotedAndPlainSpellingsOfOneKeyAreDuplicates() {
        #expect(error("id: 1\n\"id\": 2\n")?.location == SourceLocation(line: 2, column: 1))
    }

    @Test func aliasBombIsAnErrorNotAHang() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            let previous = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            text += "a\(level): &a\(level) [\(previous)]\n"
        }
        let failure = error(text)
        #expect(failure?.message == "aliases expand to more than 100000 nodes (an alias bomb?)")
        #expect(failure.map { $0.location.line >= 5 } == true)
    }

    @Test func aLargeDocumentWithoutAliasesIsNotBounded() throws {
        // 150,001 nodes written out: the bound is on what aliases add, not on the text.
        let text = "items:\n" + String(repeating: "  - [a, b, c, d, e, f, g, h, i, j, k, l, m, n]\n", count: 10_000)
        guard case .mapping(let entries) = try parse(text).content,
            case .sequence(let items) = entries.first?.value.content
        else {
            Issue.record("not a mapping of a sequence")
            return
        }
        #expect(items.count == 10_000)
    }

    @Test func aliasExpansionIsBoundedRelativeToTheDocument() throws {
        // A document of about 20,000 written nodes may expand 200,000 through aliases (10 times
        // its size), past the floor of 100,000; one more expansion stops at the alias.
        var text = "base: &base [" + Array(repeating: "x", count: 999).joined(separator: ", ") + "]\nfill:\n"
        text += String(repeating: "  - [a, b, c, d, e, f, g, h, i]\n", count: 1_900)
        let honest = text + "uses: [" + Array(repeating: "*base", count: 150).joined(separator: ", ") + "]\n"
        #expect(throws: Never.self) { try parse(honest) }
        let bomb = text + "uses: [" + Array(repeating: "*base", count: 220).joined(separator: ", ") + "]\n"
        let failure = error(bomb)
        #expect(failure?.message.hasPrefix("aliases expand to more than ") == true)
        #expect(failure?.location.line == 1_903)
    }

    @Test func deepNestingIsAnErrorAtTheLevelPastTheLimit() {
        let failure = error(String(repeating: "[", count: 100_000), parser: YAMLParser(maxDepth: 64))
        #expect(failure == YAMLError("nesting is deeper than 64 levels", at: SourceLocation(line: 1, column: 65)))
    }

    /// The check for an OpenAPI document reads events, not nodes, and stops past the parser's
    /// depth as reading would: libyaml's work grows with the square of the nesting, so reading
    /// 100,000 open sequences to the end took 14 to 43 s (issue 22, defect 8). The same input is
    /// Fuzz/Regressions/timeout-deep-flow-sequences.yaml, replayed under the fuzzer's time limit.
    @Test func theRootKeyCheckStopsPastTheDepthLimit() {
        let parser = YAMLParser(maxDepth: 64)
        let deep = "summary: " + String(repeating: "[", count: 100_000) + "\nopenapi: 3.1.0\n"
        #expect(!parser.rootHasKey(among: ["openapi"], in: Array(deep.utf8)))
        let within = "summary: " + String(repeating: "[", count: 63) + String(repeating: "]", count: 63)
        #expect(parser.rootHasKey(among: ["openapi"], in: Array((within + "\nopenapi: 3.1.0\n").utf8)))
        #expect(parser.rootHasKey(among: ["openapi"], in: Array(("openapi: 3.1.0\n" + deep).utf8)))
    }

    @Test func libyamlErrorsCarryTheirLineColumnAndProblem() {
        let failure = error("a: b\n  c: d\n")
        #expect(
            failure
                == YAMLError("mapping values are not allowed in this context", at: SourceLocation(line: 2, column: 4)))
        let unclosed = error("a: [1, 2\nb: 3\n")
        #expect(unclosed?.message.hasPrefix("did not find expected ',' or ']'") == true)
        #expect(unclosed?.message.hasSuffix("(while parsing a flow sequence at 1:4)") == true)
    }

    @Test func invalidUTF8IsAnErrorAtItsPosition() {
        var bytes = Array("key: ok\nbad: ".utf8)
        bytes.append(0xFF)
        #expect(throws: YAMLError("invalid leading UTF-8 octet #FF", at: SourceLocation(line: 2, column: 6))) {
            try YAMLParser().parseDocument(bytes)
        }
    }

    @Test func emptyInputAndCommentOnlyInputAreErrors() {
        #expect(error("") == YAMLError("the YAML text is empty", at: SourceLocation(line: 1, column: 1)))
        #expect(error("# just a comment\n\n")?.message == "the YAML text is empty")
    }

    @Test func aSecondDocumentIsAnErrorWhereItStarts() {
        #expect(
            error("a: 1\n---\nb: 2\n")
                == YAMLError(
                    "expected a single YAML document, but a second one starts here",
                    at: SourceLocation(line: 2, column: 1)))
    }

    @Test func undefinedAliasIsAnError() {
        #expect(
            error("a: *missing\n") == YAMLError("undefined alias 'missing'", at: SourceLocation(line: 1, column: 4)))
    }

    @Test func streamsReturnEveryDocument() throws {
        let documents = try YAMLParser().parseStream(Array("--- 1\n--- 2\n...\n".utf8))
        #expect(documents.map(\.scalarText) == ["1", "2"])
        #expect(try YAMLParser().parseStream([]).isEmpty)
    }
}
