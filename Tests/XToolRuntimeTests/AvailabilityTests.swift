import Foundation
import TestSupport
import Testing

/// The runtime, the templates and the code they generate run on every OS the package supports
/// (`platforms:` in Package.swift: iOS 16, macOS 13, …). Compilers on Linux don't check OS
/// availability, so this test reads the sources for the APIs that need a newer OS
/// (`AvailabilityScan.rules`, the table "OS-versioned APIs" in docs/runtime.md) and fails on a
/// use that no `@available`, `if #available` or `guard #available` covers on every platform.
@Suite struct AvailabilityTests {
    static let root = SharedTestData.repositoryRoot

    /// The sources that end up in an app: the runtime and the rules it shares with the generator
    /// (XToolRules), the default templates, the committed generated code and the fixtures'
    /// generated code and custom templates.
    static func scannedFiles() throws -> [URL] {
        let folders = [
            "Sources/XToolRuntime", "Sources/XToolRules", "Templates", "Generated", "Tests/Fixtures/Generated",
            "Tests/Fixtures/OnePerLine",
        ]
        return try folders.flatMap { folder in
            let enumerator = try #require(
                FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            )
            return enumerator.compactMap { $0 as? URL }.filter { ["swift", "mustache"].contains($0.pathExtension) }
        }.sorted { $0.path < $1.path }
    }

    /// The uses in the scanned files that `floor` doesn't cover: the rule's name, and
    /// `file:line: name needs OS`.
    static func uses(below floor: AvailabilityScan.Floor) throws -> [(name: String, at: String)] {
        let scan = try AvailabilityScan(floor: floor)
        return try scannedFiles().flatMap { file in
            let text = try String(contentsOf: file, encoding: .utf8)
            let relative = file.path.dropFirst(root.path.count + 1)
            return scan.uncovered(in: text, template: file.pathExtension == "mustache").map {
                (name: $0.rule.name, at: "\(relative):\($0.line): \($0.rule.name) needs \($0.rule.needs.name)")
            }
        }
    }

    @Test func nothingNeedsAnOSNewerThanThePackageSupports() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let floor = try AvailabilityScan.floor(fromManifest: manifest)
        #expect(
            floor[.iOS] == AvailabilityScan.Version(16) && floor[.macOS] == AvailabilityScan.Version(13),
            "docs/runtime.md is written for iOS 16 and macOS 13")
        #expect(try Self.scannedFiles().count > 30)
        let uses = try Self.uses(below: floor).map(\.at)
        #expect(
            uses == [],
            "wrap each use in @available / if #available naming every platform, or avoid it (docs/runtime.md)")
    }

    /// Below the floor the scan finds what docs/runtime.md says the runtime uses: a FormatStyle
    /// (iOS 15), ContinuousClock and Regex (iOS 16).
    @Test func theVersionedAPIsInUseAreTheDocumentedOnes() throws {
        let floor = AvailabilityScan.floor(["iOS": 14, "macOS": 11, "tvOS": 14, "watchOS": 7])
        let names = Set(try Self.uses(below: floor).map(\.name))
        #expect(names == ["FormatStyle", "Clock, Duration", "Regex"])
    }

    @Test func everyRuleIsARowOfTheRuntimeDocs() throws {
        let docs = try String(contentsOf: Self.root.appendingPathComponent("docs/runtime.md"), encoding: .utf8)
        let missing = AvailabilityScan.rules.filter { !docs.contains("| \($0.name) | \($0.needs.name) |") }
        #expect(missing.map(\.name) == [], "docs/runtime.md has no row for these")
    }

    /// The scanner itself: a use is found outside availability checks and not inside one that
    /// covers every platform of the floor; comments, strings and Mustache tags don't count.
    @Test func theScanFindsUsesOutsideAvailabilityOnly() throws {
        let all = "iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *"
        func lines(_ source: String, template: Bool = false, iOS: Int = 16) throws -> [Int] {
            let floor = AvailabilityScan.floor(["iOS": iOS, "macOS": iOS - 3, "tvOS": iOS, "watchOS": iOS - 7])
            return try AvailabilityScan(floor: floor).uncovered(in: source, template: template).map(\.line)
        }
        #expect(
            try lines("func f() {\n    let lock = Mutex<Int>(0)\n}\nlet qualified = Synchronization.Mutex<Int>(0)\n")
                == [2, 4])
        #expect(
            try lines("@available(\(all))\nstruct S {\n    let lock = Mutex<Int>(0)\n}\nlet after = Mutex<Int>(0)\n")
                == [5])
        #expect(try lines("@available(\(all)) let lock = Mutex<Int>(0)\nlet after = Mutex<Int>(0)\n") == [2])
        // iOS alone leaves macOS 13, tvOS 16 and watchOS 9 uncovered; iOS 17 is too early.
        #expect(try lines("@available(iOS 18, *)\nstruct S {\n    let lock = Mutex<Int>(0)\n}\n") == [3])
        #expect(try lines("@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)\nlet lock = Mutex<Int>(0)\n") == [2])
        #expect(try lines("if #available(\(all)) {\n    _ = Mutex<Int>(0)\n}\n_ = Mutex<Int>(1)\n") == [4])
        #expect(
            try lines(
                "func f() {\n    guard #available(\(all)) else { return }\n    _ = Mutex<Int>(0)\n}\n_ = Mutex<Int>(1)\n"
            ) == [5])
        #expect(try lines("// Mutex<Int> needs iOS 18\nlet text = \"Mutex<Int>\" + #\"Mutex\"#\n/* Mutex */\n") == [])
        #expect(
            try lines(
                "{{! Mutex<Int> }}\nstruct {{name}}Tool {\n    let lock = Mutex<{{type}}>(0)\n}\n", template: true) == [
                    3
                ])

        #expect(try lines("func pages() -> some AsyncSequence<Status, XToolError> { stream }\n") == [1])
        #expect(
            try lines("var handler: (() throws(XToolError) -> Void)?\nlet all: [() throws(XToolError) -> Int] = []\n")
                == [1, 2])
        #expect(try lines("let box = Locked<() throws(XToolError) -> Void>({})\n") == [1])
        // Typed throws in a declaration or a parameter's type needs no type metadata.
        #expect(try lines("func f<T>(_ op: () throws(XToolError) -> T) throws(XToolError) -> T? { try op() }\n") == [])
        #expect(try lines("var handler: (() throws(any Error) -> Void)?\n") == [])
        // Clock is iOS 16: fine at the floor, not below it.
        #expect(try lines("let clock = ContinuousClock()\n") == [])
        #expect(try lines("let clock = ContinuousClock()\n", iOS: 15) == [1])
    }
}

/// A textual scan for OS-versioned APIs: it sees code without comments and strings, and knows
/// which parts of it an `@available` declaration or an `if`/`guard #available` covers.
struct AvailabilityScan {
    enum Platform: String, CaseIterable, Sendable {
        case iOS, macOS, tvOS, watchOS, visionOS
    }

    struct Version: Comparable, Sendable {
        var major: Int
        var minor = 0

        init(_ major: Int, _ minor: Int = 0) {
            self.major = major
            self.minor = minor
        }

        /// `18`, `18.4`, `15.0.0`.
        init?<Text: StringProtocol>(_ text: Text) {
            let parts = text.split(separator: ".").map { Int($0) }
            guard let major = parts.first ?? nil, !parts.contains(nil) else { return nil }
            self.init(major, parts.count > 1 ? parts[1] ?? 0 : 0)
        }

        static func < (a: Version, b: Version) -> Bool { (a.major, a.minor) < (b.major, b.minor) }
    }

    typealias Floor = [Platform: Version]

    /// The OS versions that shipped one Swift runtime (`SwiftStdlib 6.0` is iOS 18, macOS 15,
    /// tvOS 18, watchOS 11, visionOS 2) or one Foundation release.
    struct Tier: Sendable {
        var name: String
        var versions: [Platform: Version]

        /// Versions in the order iOS, macOS, tvOS, watchOS, visionOS.
        init(_ iOS: String, _ macOS: String, _ tvOS: String, _ watchOS: String, _ visionOS: String) {
            name = "iOS \(iOS), macOS \(macOS)"
            versions = [
                .iOS: Version(iOS)!, .macOS: Version(macOS)!, .tvOS: Version(tvOS)!, .watchOS: Version(watchOS)!,
                .visionOS: Version(visionOS)!,
            ]
        }

        static let iOS15 = Tier("15", "12", "15", "8", "1")
        static let iOS16 = Tier("16", "13", "16", "9", "1")
        static let iOS17 = Tier("17", "14", "17", "10", "1")
        static let iOS18 = Tier("18", "15", "18", "11", "2")
        static let iOS18Point4 = Tier("18.4", "15.4", "18.4", "11.4", "2.4")
        static let iOS26 = Tier("26", "26", "26", "26", "26")
    }

    struct Rule: Sendable {
        var name: String
        var needs: Tier
        var patterns: [String]

        init(_ name: String, _ needs: Tier, _ patterns: String...) {
            self.name = name
            self.needs = needs
            self.patterns = patterns
        }
    }

    /// A function type with a typed `throws(E)`, E not `any Error` or `Never`.
    private static let typedThrows = #"throws\(\s*(?!(?:any\s+)?(?:Swift\.)?Error\s*\)|Never\s*\))[^)]*\)"#

    /// Each rule's name and tier is a row of the table in docs/runtime.md. Rules at or below the
    /// floor check nothing until the floor is lowered.
    static let rules: [Rule] = [
        Rule("FormatStyle", .iOS15, #"\b\w*FormatStyle\b"#),
        Rule("Clock, Duration", .iOS16, #"\b(?:ContinuousClock|SuspendingClock|Duration)\b"#),
        Rule("Regex", .iOS16, #"\bRegex\s*[<(]|\.(?:firstMatch|wholeMatch|prefixMatch)\(of:"#),
        Rule("Observation", .iOS17, #"@Observable\b|\bimport\s+Observation\b|\bwithObservationTracking\b"#),
        Rule("DiscardingTaskGroup", .iOS17, #"\b(?:with)?(?:Throwing)?DiscardingTaskGroup\b"#),
        Rule("ExecutorJob", .iOS17, #"\bExecutorJob\b"#),
        Rule("parameter packs in generic types", .iOS17, #"\b(?:struct|class|enum|actor)\s+\w+\s*<[^>{]*\beach\s"#),
        Rule("Predicate", .iOS17, #"#Predicate\b|\bPredicate\s*<"#),
        Rule("URL(string:encodingInvalidCharacters:)", .iOS17, #"\bencodingInvalidCharacters\s*:"#),
        Rule("AsyncSequence<Element, Failure>", .iOS18, #"\bAsync(?:Sequence|IteratorProtocol)\s*<"#),
        Rule("next(isolation:)", .iOS18, #"\.next\(\s*isolation\s*:"#),
        Rule(
            "typed-throws function type as a generic argument or optional", .iOS18,
            #"<[^<>{}\n]*"# + typedThrows, #"\[[^\[\]{}\n]*"# + typedThrows,
            typedThrows + #"\s*->\s*[\w.<>, \[\]:?]*\)\s*[?!]"#),
        Rule("@isolated(any)", .iOS18, #"@isolated\s*\(\s*any\s*\)"#),
        Rule(
            "Mutex, Atomic", .iOS18, #"\b(?:Mutex|Atomic|AtomicLazyReference|WordPair)\b|\bimport\s+Synchronization\b"#),
        Rule("Int128, UInt128", .iOS18, #"\bU?Int128\b"#),
        Rule("RangeSet", .iOS18, #"\bRangeSet\b|\.(?:indices\(where:|removeSubranges\(|moveSubranges\()"#),
        Rule("String(validating:as:)", .iOS18, #"\bString\s*\(\s*validating\s*:"#),
        Rule("task executors", .iOS18, #"\b(?:withTaskExecutorPreference|TaskExecutor|globalConcurrentExecutor)\b"#),
        Rule("isolated deinit", .iOS18Point4, #"\bisolated\s+deinit\b"#),
        Rule(
            "Task.immediate, Task(name:)", .iOS26, #"\bTask\s*\.\s*immediate\b|\bstartSynchronously\b"#,
            #"\b(?:Task(?:\s*\.\s*detached)?|addTask(?:UnlessCancelled)?)\s*\(\s*name\s*:"#),
        Rule("InlineArray", .iOS26, #"\bInlineArray\b|\[\s*\d+\s+of\s+\w"#),
        Rule("UTF8Span", .iOS26, #"\bUTF8Span\b"#),
    ]

    /// SwiftPM's defaults for a platform that `platforms:` doesn't name (tools version 6.2).
    private static let defaults: Floor = [
        .iOS: Version(12), .macOS: Version(10, 13), .tvOS: Version(12), .watchOS: Version(4), .visionOS: Version(1),
    ]

    /// `["iOS": 16, …]` with SwiftPM's defaults for the platforms not named.
    static func floor(_ majors: [String: Int]) -> Floor {
        defaults.merging(majors.compactMap { name, major in Platform(rawValue: name).map { ($0, Version(major)) } }) {
            $1
        }
    }

    /// The deployment floor from `platforms: [.macOS(.v13), .iOS(.v16), …]`.
    static func floor(fromManifest manifest: String) throws -> Floor {
        var floor = defaults
        let characters = Array(manifest)
        let platforms = try NSRegularExpression(pattern: #"\.(macOS|iOS|tvOS|watchOS|visionOS)\(\.v(\d+(?:_\d+)?)\)"#)
        for match in matches(platforms, in: manifest) {
            guard let name = match[1], let platform = Platform(rawValue: String(characters[name])),
                let number = match[2],
                let version = Version(String(characters[number]).replacingOccurrences(of: "_", with: "."))
            else { continue }
            floor[platform] = version
        }
        return floor
    }

    struct Use {
        var line: Int
        var rule: Rule
    }

    /// Code where an availability check guarantees `versions`.
    struct Region {
        var range: Range<Int>
        var versions: [Platform: Version]
    }

    /// The rules that need more than the floor, each with the platforms where it does and its
    /// compiled patterns.
    private let checks: [(rule: Rule, raised: [Platform: Version], patterns: [NSRegularExpression])]
    private let availability: NSRegularExpression

    init(floor: Floor) throws {
        // NSRegularExpression rather than Swift's Regex: several times faster here, and its `\b`
        // is between `\w` and `\W`, where Unicode's rules make `Date.ISO8601FormatStyle` one word.
        checks = try Self.rules.compactMap { rule in
            let raised = rule.needs.versions.filter { platform, version in version > floor[platform] ?? Version(0) }
            return raised.isEmpty ? nil : (rule, raised, try rule.patterns.map { try NSRegularExpression(pattern: $0) })
        }
        availability = try NSRegularExpression(pattern: #"([@#])available\s*\(([^)]*)\)"#)
    }

    /// The matches of `regex` in `text`, as the character offsets of their capture groups
    /// (0 for the whole match).
    private static func matches(_ regex: NSRegularExpression, in text: String) -> [[Range<Int>?]] {
        regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (0..<match.numberOfRanges).map { group in
                Range(match.range(at: group), in: text).map {
                    text.distance(
                        from: text.startIndex, to: $0.lowerBound)..<text.distance(
                            from: text.startIndex, to: $0.upperBound)
                }
            }
        }
    }

    /// The uses in `source` that no availability check covers on every platform where the rule
    /// needs more than the floor.
    func uncovered(in source: String, template: Bool) -> [Use] {
        let code = Self.strip(Array(source), template: template)
        let text = String(code)
        let guarded = regions(code, text)
        var lineStarts = [0]
        for (offset, character) in code.enumerated() where character == "\n" { lineStarts.append(offset + 1) }
        var uses: [Use] = []
        for check in checks {
            for match in check.patterns.flatMap({ Self.matches($0, in: text) }) {
                let offset = match[0]!.lowerBound
                let covering = guarded.filter { $0.range.contains(offset) }
                let covered = check.raised.allSatisfy { platform, version in
                    covering.contains { ($0.versions[platform] ?? Version(0)) >= version }
                }
                if !covered {
                    uses.append(Use(line: lineStarts.lastIndex { $0 <= offset }! + 1, rule: check.rule))
                }
            }
        }
        return uses.sorted { $0.line < $1.line }
    }

    // MARK: Reading the code

    /// `characters` with comments, string literals and (in templates) Mustache tags replaced by
    /// spaces; line breaks stay, so offsets and lines are those of the source.
    static func strip(_ characters: [Character], template: Bool) -> [Character] {
        var out = characters
        func blank(_ range: Range<Int>) {
            for index in range where out[index] != "\n" { out[index] = " " }
        }
        var index = 0
        func at(_ text: String) -> Bool { has(text, in: characters, at: index) }
        while index < characters.count {
            let start = index
            if template && at("{{") {
                while index < characters.count && !at("}}") { index += 1 }
                while index < characters.count && characters[index] == "}" { index += 1 }
                blank(start..<index)
            } else if at("//") {
                while index < characters.count && characters[index] != "\n" { index += 1 }
                blank(start..<index)
            } else if at("/*") {
                var depth = 0
                repeat {
                    if at("/*") {
                        depth += 1
                        index += 2
                    } else if at("*/") {
                        depth -= 1
                        index += 2
                    } else {
                        index += 1
                    }
                } while depth > 0 && index < characters.count
                blank(start..<index)
            } else if let end = stringEnd(characters, from: index) {
                index = end
                blank(start..<index)
            } else {
                index += 1
            }
        }
        return out
    }

    /// The offset after the string literal starting at `start` (`"…"`, `"""…"""`, `#"…"#`),
    /// interpolations included; nil when no literal starts there.
    private static func stringEnd(_ c: [Character], from start: Int) -> Int? {
        var index = start
        while index < c.count && c[index] == "#" { index += 1 }
        guard index < c.count && c[index] == "\"" else { return nil }
        let hashes = String(repeating: "#", count: index - start)
        let quote = index + 2 < c.count && c[index + 1] == "\"" && c[index + 2] == "\"" ? "\"\"\"" : "\""
        index += quote.count
        func at(_ text: String) -> Bool { has(text, in: c, at: index) }
        while index < c.count {
            if at(quote + hashes) { return index + quote.count + hashes.count }
            if at("\\" + hashes + "(") {
                index += hashes.count + 2
                var depth = 1
                while index < c.count && depth > 0 {
                    if let end = stringEnd(c, from: index) {
                        index = end
                        continue
                    }
                    if c[index] == "(" { depth += 1 } else if c[index] == ")" { depth -= 1 }
                    index += 1
                }
            } else {
                index += at("\\" + hashes) ? hashes.count + 2 : 1
            }
        }
        return c.count
    }

    private static func has(_ text: String, in c: [Character], at index: Int) -> Bool {
        text.enumerated().allSatisfy { index + $0.offset < c.count && c[index + $0.offset] == $0.element }
    }

    /// Where an availability check holds: the declaration after `@available(…)`, the block of
    /// `if #available(…)`, or the rest of the enclosing block after `guard #available(…) else {…}`.
    private func regions(_ c: [Character], _ text: String) -> [Region] {
        var regions: [Region] = []
        for match in Self.matches(availability, in: text) {
            guard let whole = match[0], let sign = match[1], let arguments = match[2] else { continue }
            let (start, end) = (whole.lowerBound, whole.upperBound)
            let versions = Self.platformVersions(String(c[arguments]))
            if c[sign.lowerBound] == "@" {
                regions.append(Region(range: start..<Self.declarationEnd(c, from: end), versions: versions))
            } else if Self.statement(before: start, in: c).hasPrefix("guard") {
                guard let elseBlock = Self.firstBrace(c, from: end) else { continue }
                let afterElse = Self.closingBrace(c, from: elseBlock) + 1
                regions.append(Region(range: afterElse..<Self.enclosingEnd(c, from: afterElse), versions: versions))
            } else if let block = Self.firstBrace(c, from: end) {
                regions.append(Region(range: block..<Self.closingBrace(c, from: block), versions: versions))
            }
        }
        return regions
    }

    /// `iOS 18, macOS 15.0, *` or `iOS, introduced: 18`.
    private static func platformVersions(_ arguments: String) -> [Platform: Version] {
        let items = arguments.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if let first = items.first, let platform = Platform(rawValue: first) {
            let introduced = items.first { $0.hasPrefix("introduced:") }?.dropFirst("introduced:".count)
            return introduced.flatMap { Version($0.drop { $0 == " " }) }.map { [platform: $0] } ?? [:]
        }
        var versions: [Platform: Version] = [:]
        for item in items {
            let parts = item.split(separator: " ")
            if parts.count == 2, let platform = Platform(rawValue: String(parts[0])), let version = Version(parts[1]) {
                versions[platform] = version
            }
        }
        return versions
    }

    /// The text of the statement around `offset`, from its start.
    private static func statement(before offset: Int, in c: [Character]) -> String {
        var start = offset
        while start > 0 && !"\n{};".contains(c[start - 1]) { start -= 1 }
        return String(c[start..<offset]).trimmingCharacters(in: .whitespaces)
    }

    /// The first `{` outside parentheses from `offset` on.
    private static func firstBrace(_ c: [Character], from offset: Int) -> Int? {
        var depth = 0
        for index in offset..<c.count {
            switch c[index] {
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            case "{" where depth == 0: return index
            default: break
            }
        }
        return nil
    }

    /// The `}` that closes the `{` at `open`.
    private static func closingBrace(_ c: [Character], from open: Int) -> Int {
        enclosingEnd(c, from: open + 1)
    }

    /// The `}` that closes the block holding `offset`.
    private static func enclosingEnd(_ c: [Character], from offset: Int) -> Int {
        var depth = 0
        for index in offset..<c.count {
            if c[index] == "{" {
                depth += 1
            } else if c[index] == "}" {
                if depth == 0 { return index }
                depth -= 1
            }
        }
        return c.count
    }

    private static let declarationStarts: Set<String> = [
        "func", "var", "let", "init", "deinit", "subscript", "case", "struct", "class", "enum", "protocol",
        "extension", "actor", "typealias", "associatedtype", "import", "public", "private", "fileprivate",
        "internal", "package", "open", "static", "final", "nonisolated", "override", "mutating", "lazy",
    ]

    /// The end of the declaration that starts at `offset` (after an `@available`): its body's
    /// closing brace, or for a declaration without one, the line break before the next.
    private static func declarationEnd(_ c: [Character], from offset: Int) -> Int {
        var index = offset
        var depth = 0
        var started = false
        while index < c.count {
            let character = c[index]
            if !started && character == "@" {
                index += 1
                while index < c.count && (c[index].isLetter || c[index].isNumber || c[index] == "_") { index += 1 }
                if index < c.count && c[index] == "(" {
                    var parentheses = 0
                    repeat {
                        if c[index] == "(" { parentheses += 1 } else if c[index] == ")" { parentheses -= 1 }
                        index += 1
                    } while parentheses > 0 && index < c.count
                }
                continue
            }
            switch character {
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            case "{" where depth == 0: return closingBrace(c, from: index)
            case "\n" where depth == 0 && started:
                let next = c[(index + 1)...].drop { $0.isWhitespace }
                let word = String(next.prefix { $0.isLetter })
                if next.isEmpty || "@}#".contains(next.first!) || declarationStarts.contains(word) { return index }
            default:
                if !character.isWhitespace { started = true }
            }
            index += 1
        }
        return c.count
    }
}
