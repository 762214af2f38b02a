import XToolDiagnostics
import XToolRules
import XToolYAML

/// Reads a spec's node tree into a validated `Spec`, collecting every independent problem
/// as a diagnostic at the node that causes it.
struct SpecReader {
    var diagnostics = Diagnostics()
    /// The models declared under `models:`, known before any type is resolved.
    var modelNames: [String: SourceLocation] = [:]
    /// Model names refused where they are declared (a keyword, `Page`): a use of one is not
    /// reported again as an unknown type.
    var refusedModelNames: Set<String> = []
    /// How many types named a refused model so far: the refusal said what is wrong with them.
    var refusedReferences = 0
    /// The models read, by name, before the tools: what `paginate:` looks into a body's model for.
    var models: [String: Spec.Model] = [:]
    /// The enums declared under `models:`, read before any model's fields.
    var sharedEnums: [String: Spec.EnumType] = [:]
    /// The location of each model's field keys, in field order, for diagnostics about fields
    /// found after reading (recursion).
    var fieldLocations: [String: [SourceLocation]] = [:]
    /// The fields read with `spread: true`, whose types are checked once every model is read.
    var spreadFields: [(model: String, field: String, type: String, node: YAMLNode)] = []
    /// The tagged unions' cases that take several tags, whose models are checked once every
    /// model is read: each must keep its tag in a field of its own.
    var sharedCases: [(union: String, caseName: String, model: String, key: String, node: YAMLNode)] = []
    /// The key naming style that wire names are linted against, if any.
    var keyStyle: KeyStyle?
    /// The methods each endpoint gets (`forms:`), read before the tools.
    var forms = Spec.Form.defaults
    /// Answers already worked out, by the text they were worked out from: a spec repeats its
    /// wire names (`id`, `name`) and types (`Int64`, `String?`) in every model and endpoint.
    var memo = Memo()
    /// The spec's file name (`Reddit.yaml`), for messages that point from an included file to it.
    var specFileName = ""
    /// Reads the models files the spec includes; nil when it may include none.
    var readInclude: SpecLoader.IncludeReader?
    /// The time zone names `timezone:` may give (nil: any of the IANA shape).
    var knownTimeZones: Set<String>?
    /// The API's `dates:` in its `timezone:`, for a member that gives a zone and no format.
    var apiDates = Spec.DateStyle.iso8601
    /// The API's `timezone:`, for the members' formats.
    var apiTimeZone: String?
    /// The types the app defines itself (`appTypes:`), by name, where the spec names them.
    var appTypeNames: [String: SourceLocation] = [:]
    /// The GraphQL fragments `fragments:` declares, and those a fixed query spreads.
    var fragments: [Fragment] = []
    var usedFragments: Set<String> = []
    /// Whether the spec has a `timezone:`, right or wrong.
    var timeZoneDeclared = false

    struct Memo {
        var memberNames: [String: String?] = [:]
        var typeExpressions: [String: Result<TypeExpression, TypeExpression.SyntaxError>] = [:]
        var admittedKeys: Set<String> = []
    }

    enum KeyStyle: String, CaseIterable {
        case snakeCase = "snake_case"
        case camelCase

        func admits(_ name: String) -> Bool {
            guard let first = name.first, first.fastIsLowercase || first.isASCIIDigit else { return false }
            switch self {
            case .snakeCase:
                return !name.contains("__") && !name.hasSuffix("_")
                    && name.allSatisfy { $0 == "_" || $0.fastIsLowercase || $0.isASCIIDigit }
            case .camelCase:
                return name.allSatisfy { $0.fastIsLetter || $0.isASCIIDigit }
            }
        }
    }

    /// `SwiftNaming.memberName(_:)`, worked out once per wire name.
    mutating func memberName(_ wireName: String) -> String? {
        if let known = memo.memberNames[wireName] { return known }
        let name = SwiftNaming.memberName(wireName)
        memo.memberNames[wireName] = name
        return name
    }

    /// `TypeExpression.parse(_:)`, worked out once per text.
    mutating func typeExpression(_ text: String) throws(TypeExpression.SyntaxError) -> TypeExpression {
        if let known = memo.typeExpressions[text] { return try known.get() }
        let result = Result { () throws(TypeExpression.SyntaxError) in try TypeExpression.parse(text) }
        memo.typeExpressions[text] = result
        return try result.get()
    }

    mutating func error(_ message: String, at node: YAMLNode, note: String? = nil) {
        diagnostics.error(message, at: node.location, note: note)
    }

    mutating func warning(_ message: String, at node: YAMLNode) {
        diagnostics.warning(message, at: node.location)
    }

    /// Warns when a parameter's wire name does not follow the spec's `keys:` style, each key of
    /// a key path on its own (`variables.type`: a path is not a key).
    mutating func lintKeyPath(_ name: String, at node: YAMLNode) {
        for component in KeyPathSyntax.components(of: name) {
            lintKey(KeyPathSyntax.isEach(component) ? String(component.dropLast(2)) : component, at: node)
        }
    }

    /// Warns when a wire name does not follow the spec's `keys:` style. A name that starts with
    /// `__` is a protocol's, not the API's (GraphQL's `__typename`).
    mutating func lintKey(_ name: String, at node: YAMLNode) {
        guard let keyStyle, !name.hasPrefix("__"), !memo.admittedKeys.contains(name) else { return }
        guard !keyStyle.admits(name) else {
            memo.admittedKeys.insert(name)
            return
        }
        warning("'\(name)' is not \(keyStyle.rawValue), as 'keys: \(keyStyle.rawValue)' expects", at: node)
    }
}

extension SpecReader {
    /// Describes a node's kind for messages: `a sequence`, `a mapping`, `the scalar 'abc'`.
    static func kind(of node: YAMLNode) -> String {
        switch node.content {
        case .scalar(let text, _): text.isEmpty ? "nothing" : "'\(text)'"
        case .sequence: "a sequence"
        case .mapping: "a mapping"
        }
    }

    /// The text of a scalar node; sequences and mappings are errors.
    mutating func text(_ node: YAMLNode, what: String) -> String? {
        guard let text = node.scalarText else {
            error("expected a string for \(what), found \(Self.kind(of: node))", at: node)
            return nil
        }
        return text
    }

    /// The text of a non-empty scalar.
    mutating func nonEmptyText(_ node: YAMLNode, what: String) -> String? {
        guard let text = text(node, what: what) else { return nil }
        guard !text.isEmpty else {
            error("\(what) is empty", at: node)
            return nil
        }
        return text
    }

    mutating func bool(_ node: YAMLNode, what: String) -> Bool? {
        guard case .bool(let value) = node.coreScalar else {
            error("expected true or false for \(what), found \(Self.kind(of: node))", at: node)
            return nil
        }
        return value
    }

    /// One item or a non-empty sequence of them (`plural` names them: "expiry statuses"); nil
    /// when any is wrong.
    mutating func readList<T>(
        _ node: YAMLNode, plural: String, _ read: (inout SpecReader, YAMLNode) -> T?
    ) -> [T]? {
        guard case .sequence(let items) = node.content else { return read(&self, node).map { [$0] } }
        guard !items.isEmpty else {
            error("a list of \(plural) names at least one", at: node)
            return nil
        }
        let values = items.compactMap { read(&self, $0) }
        return values.count == items.count ? values : nil
    }

    /// An HTTP status of a failure, 400 to 599 (`what`: "an expiry status").
    mutating func failureStatus(_ node: YAMLNode, what: String) -> Int? {
        guard case .int(let status) = node.coreScalar, (400...599).contains(status) else {
            error("\(what) is an HTTP status from 400 to 599, like 401, not \(Self.kind(of: node))", at: node)
            return nil
        }
        return Int(status)
    }

    /// One of a fixed set of words, with a suggestion when misspelt.
    mutating func choice<T>(_ node: YAMLNode, what: String, _ choices: [(String, T)]) -> T? {
        guard let text = text(node, what: what) else { return nil }
        if let match = choices.first(where: { $0.0 == text }) { return match.1 }
        let names = choices.map(\.0)
        let expected = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
        error(
            "'\(text)' is not a valid \(what); expected \(expected)" + Suggestions.didYouMean(text, in: names),
            at: node)
        return nil
    }

    /// A dotted key path (`data.statuses`) with no empty component; where `allowsEach`, a
    /// component may read each element of an array (`data.children[].data`; see `KeyPathSyntax`).
    mutating func keyPath(_ node: YAMLNode, what: String, allowsEach: Bool = false) -> Spec.KeyPath? {
        guard let text = nonEmptyText(node, what: what) else { return nil }
        if let fixed = Self.indexesAsComponents(text) {
            error(
                "'\(text)' is not a valid key path for \(what): an array index is a component of its own; "
                    + "write '\(fixed)'", at: node)
            return nil
        }
        let components = Spec.KeyPath.components(of: text)
        guard !components.contains(where: \.isEmpty) else {
            error("'\(text)' is not a valid key path for \(what): a component is empty", at: node)
            return nil
        }
        let path = Spec.KeyPath(components: components)
        if path.eachCount > 0, let problem = Self.problemWithEach(components, allowed: allowsEach) {
            error("'\(text)' is not a valid key path for \(what): \(problem)", at: node)
            return nil
        }
        return path
    }

    /// Why a key path's `[]` can't stand where it does, or nil when it can: after a key
    /// (`children[]`), and with a key after it.
    private static func problemWithEach(_ components: [String], allowed: Bool) -> String? {
        guard allowed else {
            return "'[]' (each element of an array) is for a response's path and a field's key only"
        }
        if let bare = components.first(where: { $0 == "[]" }) {
            return "'\(bare)' follows the key of the array it reads, like 'children[]'"
        }
        if let last = components.last, last.hasSuffix("[]") {
            let array = (components.dropLast() + [String(last.dropLast(2))]).joined(separator: ".")
            return "'[]' reads a key of each element, like '\(last).data'; for the whole array write '\(array)'"
        }
        return nil
    }

    /// A key path that reads each element makes an array of what it reads, one level per `[]`:
    /// the type must be an array that deep (optionals allowed on the way).
    mutating func checkEachElement(_ path: Spec.KeyPath, type: Spec.TypeRef, at node: YAMLNode) -> Bool {
        var element = type
        for _ in 0..<path.eachCount {
            guard case .array(let inner) = element.unwrapped else {
                let levels = path.eachCount == 1 ? "an array" : "\(path.eachCount) levels of arrays"
                error(
                    "'\(path)' reads each element of an array, so it makes \(levels), not \(type.swiftSpelling)",
                    at: node)
                return false
            }
            element = inner
        }
        return true
    }

    /// `weather[0].description` written the spec's way, `weather.0.description`; nil when the
    /// text has no `[digits]`.
    static func indexesAsComponents(_ text: String) -> String? {
        var result = ""
        var rest = Substring(text)
        var found = false
        while let open = rest.firstIndex(of: "[") {
            let digits = rest[rest.index(after: open)...].prefix { $0.isASCIIDigit }
            let close = digits.endIndex
            guard !digits.isEmpty, close < rest.endIndex, rest[close] == "]" else {
                result += rest[...open]
                rest = rest[rest.index(after: open)...]
                continue
            }
            found = true
            result += rest[..<open] + (open == rest.startIndex && result.isEmpty ? "" : ".") + digits
            rest = rest[rest.index(after: close)...]
        }
        return found ? result + rest : nil
    }

    /// A name the spec gives for Swift (`provided:`, `name:`): used as written, so it must be a
    /// valid identifier (returned as written, not yet back-quoted).
    mutating func validIdentifier(_ node: YAMLNode, what: String) -> String? {
        guard let text = nonEmptyText(node, what: what) else { return nil }
        guard SwiftNaming.isIdentifier(text) else {
            let suggestion = SwiftNaming.memberName(text).map { "; did you mean '\($0)'?" } ?? ""
            error("'\(text)' is not a valid Swift identifier for \(what)" + suggestion, at: node)
            return nil
        }
        return text
    }
}
