import XToolYAML

/// A GraphQL request as a capture shows it: a JSON object body with a `query` whose text is a
/// GraphQL document (an operation: `query …`, `mutation …`, `subscription …` or a bare `{ … }`),
/// and optionally its `operationName` and `variables` (an object). What the capture importer
/// needs of it: which operation it is, what kind, and what the document declares of its
/// variables.
package struct GraphQLRequest: Sendable {
    /// The members of a GraphQL request body, which are no parameters of their own.
    static let bodyMembers: Set<String> = ["query", "operationName", "variables", "extensions"]

    /// The document's text, as sent.
    package var query: String
    /// `operationName`, when the body sends one.
    package var operationName: String?
    /// `variables`, when the body sends an object.
    package var variables: YAMLNode?
    /// The operation the request runs (the named one of a document of several).
    package var operation: GraphQLOperation
    /// The body's members that are objects or arrays and no part of a GraphQL request
    /// (`extensions` is read by no parameter either), for the summary.
    package var unread: String?

    /// The operation's name: `operationName`, else the name the document gives it, else the
    /// first field it asks for (`{ viewer { … } }` is `viewer`); nil when it has none of these.
    package var name: String? { operationName ?? operation.name ?? operation.firstField }

    /// The request a HAR entry's `postData` holds, or nil when it holds no GraphQL request.
    init?(postData: YAMLNode?) {
        guard let text = postData?["text"]?.string, text.first(where: { !$0.isWhitespace }) == "{",
            let body = try? JSONReader(maxDepth: 64, rejectsDuplicateKeys: false).parseDocument(text)
        else { return nil }
        self.init(body: body)
    }

    /// The request a JSON body holds, or nil when it is no GraphQL request.
    init?(body: YAMLNode) {
        guard body.isMapping, let query = body["query"]?.string, body["query"]?.isText == true else { return nil }
        let operationName = body["operationName"]?.string
        guard let operation = GraphQLOperation(document: query, named: operationName) else { return nil }
        var variables = body["variables"]
        // Some clients send the variables as JSON text (`"variables": "{\"id\":1}"`).
        if let text = variables?.string, variables?.isText == true,
            let object = try? JSONReader(maxDepth: 64, rejectsDuplicateKeys: false).parseDocument(text)
        {
            variables = object
        }
        guard variables == nil || variables!.isMapping || variables!.isNull else { return nil }
        self.query = query
        self.operationName = operationName
        self.variables = variables?.isMapping == true ? variables : nil
        self.operation = operation
        let nested = body.entries.filter { $0.value.scalarText == nil && $0.key != "variables" }.map(\.key)
        unread = nested.isEmpty ? nil : "GraphQL body members no parameter carries (\(nested.joined(separator: ", ")))"
    }
}

/// One operation of a GraphQL document, read as far as a capture's import needs: its kind, its
/// name, its variables' declared types, and the first field of its selection set.
package struct GraphQLOperation: Sendable, Equatable {
    /// `query`, `mutation` or `subscription` (a bare selection set is a query).
    package var kind: String
    package var name: String?
    /// The variables the operation declares, in order: their names (without `$`) and types as
    /// written (`Int`, `[String!]!`).
    package var variables: [(name: String, type: String)]
    /// The key of the first field the selection set asks for (an alias where it has one).
    package var firstField: String?

    package static func == (lhs: GraphQLOperation, rhs: GraphQLOperation) -> Bool {
        lhs.kind == rhs.kind && lhs.name == rhs.name && lhs.firstField == rhs.firstField
            && lhs.variables.map(\.name) == rhs.variables.map(\.name)
            && lhs.variables.map(\.type) == rhs.variables.map(\.type)
    }

    /// Whether the operation only reads (a query), safe to repeat.
    package var reads: Bool { kind == "query" }

    /// The operation named `name` in `document` (the first one when `name` is nil); nil when the
    /// text is no GraphQL document or holds no such operation.
    init?(document: String, named name: String?) {
        var lexer = GraphQLLexer(document)
        var found: GraphQLOperation?
        while let token = lexer.next() {
            switch token {
            case .punctuator("{"):
                guard let first = lexer.firstFieldOfSelectionSet() else { return nil }
                if found == nil, name == nil {
                    found = GraphQLOperation(kind: "query", variables: [], firstField: first)
                }
            case .name(let keyword) where ["query", "mutation", "subscription"].contains(keyword):
                guard let operation = lexer.operation(kind: keyword) else { return nil }
                if found == nil, name == nil || operation.name == name { found = operation }
            case .name("fragment"):
                // `fragment Name on Type @directives { … }`: skipped to the end of its selection set.
                guard lexer.skip(to: "{"), lexer.firstFieldOfSelectionSet() != nil else { return nil }
            default:
                return nil
            }
        }
        // An `operationName` the document doesn't name (a client's own label): its operation.
        guard let found = found ?? (name == nil ? nil : GraphQLOperation(document: document, named: nil)) else {
            return nil
        }
        self = found
    }

    fileprivate init(kind: String, name: String? = nil, variables: [(name: String, type: String)], firstField: String?)
    {
        self.kind = kind
        self.name = name
        self.variables = variables
        self.firstField = firstField
    }

    /// The Swift type of a declared variable type that is one of GraphQL's own scalars (`Int`,
    /// `Float`, `String`, `Boolean`, `ID`, or a list of one); nil for an enum, an input type or a
    /// custom scalar, which only the values tell.
    static func builtInType(_ declared: String) -> String? {
        var text = Substring(declared.filter { $0 != "!" && !$0.isWhitespace })
        var lists = 0
        while text.hasPrefix("["), text.hasSuffix("]") {
            text = text.dropFirst().dropLast()
            lists += 1
        }
        let scalars = ["Int": "Int", "Float": "Double", "String": "String", "Boolean": "Bool", "ID": "String"]
        guard let scalar = scalars[String(text)] else { return nil }
        return String(repeating: "[", count: lists) + scalar + String(repeating: "]", count: lists)
    }
}

/// The tokens of a GraphQL document (names, punctuators, strings and numbers), commas, white
/// space and comments left out, as the GraphQL specification's lexical grammar has them.
private struct GraphQLLexer {
    enum Token: Equatable {
        case name(String)
        case punctuator(String)
        case value
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    /// A token read ahead and put back.
    private var pending: Token?

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    mutating func next() -> Token? {
        if let token = pending {
            pending = nil
            return token
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "#" {
                while index < scalars.count, scalars[index] != "\n", scalars[index] != "\r" { index += 1 }
                continue
            }
            if scalar == "," || scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
                || scalar == "\u{FEFF}"
            {
                index += 1
                continue
            }
            break
        }
        guard index < scalars.count else { return nil }
        let scalar = scalars[index]
        if Self.startsName(scalar) {
            let start = index
            while index < scalars.count, Self.continuesName(scalars[index]) { index += 1 }
            return .name(String(String.UnicodeScalarView(scalars[start..<index])))
        }
        if scalar == "\"" {
            skipString()
            return .value
        }
        if scalar == "-" || ("0"..."9").contains(scalar) {
            index += 1
            while index < scalars.count, Self.continuesName(scalars[index]) || scalars[index] == "." {
                index += 1
            }
            return .value
        }
        if scalar == ".", index + 2 < scalars.count, scalars[index + 1] == ".", scalars[index + 2] == "." {
            index += 3
            return .punctuator("...")
        }
        index += 1
        return .punctuator(String(scalar))
    }

    mutating func putBack(_ token: Token) { pending = token }

    /// A string or a block string (`"""…"""`), its escapes skipped.
    private mutating func skipString() {
        if index + 2 < scalars.count, scalars[index + 1] == "\"", scalars[index + 2] == "\"" {
            index += 3
            while index < scalars.count {
                if scalars[index] == "\\", index + 3 < scalars.count, scalars[index + 1] == "\"" {
                    index += 4
                    continue
                }
                if scalars[index] == "\"", index + 2 < scalars.count, scalars[index + 1] == "\"",
                    scalars[index + 2] == "\""
                {
                    index += 3
                    return
                }
                index += 1
            }
            return
        }
        index += 1
        while index < scalars.count, scalars[index] != "\"", scalars[index] != "\n" {
            index += scalars[index] == "\\" ? 2 : 1
        }
        index += 1
    }

    private static func startsName(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func continuesName(_ scalar: Unicode.Scalar) -> Bool {
        startsName(scalar) || ("0"..."9").contains(scalar)
    }

    /// The rest of an operation after its keyword: its name, variables, directives and
    /// selection set; nil where it is no operation.
    mutating func operation(kind: String) -> GraphQLOperation? {
        var token = next()
        var name: String?
        if case .name(let text)? = token {
            name = text
            token = next()
        }
        var variables: [(name: String, type: String)] = []
        if token == .punctuator("(") {
            guard let declared = variableDefinitions() else { return nil }
            variables = declared
            token = next()
        }
        while token == .punctuator("@") {
            guard case .name? = next() else { return nil }
            token = next()
            if token == .punctuator("(") {
                guard skipBalanced(open: "(", close: ")") else { return nil }
                token = next()
            }
        }
        guard token == .punctuator("{"), let first = firstFieldOfSelectionSet() else { return nil }
        return GraphQLOperation(kind: kind, name: name, variables: variables, firstField: first)
    }

    /// `$id: Int, $after: String = null`, after the `(`, to its `)`.
    private mutating func variableDefinitions() -> [(name: String, type: String)]? {
        var variables: [(name: String, type: String)] = []
        while let token = next() {
            switch token {
            case .punctuator(")"):
                return variables
            case .punctuator("$"):
                guard case .name(let name)? = next(), next() == .punctuator(":"), let type = typeReference() else {
                    return nil
                }
                variables.append((name, type))
            case .punctuator("="):
                // A default value: a scalar, or a list or an object.
                guard let value = next() else { return nil }
                if value == .punctuator("[") {
                    guard skipBalanced(open: "[", close: "]") else { return nil }
                } else if value == .punctuator("{") {
                    guard skipBalanced(open: "{", close: "}") else { return nil }
                }
            case .punctuator("@"):
                guard case .name? = next() else { return nil }
                if let after = next() {
                    if after == .punctuator("(") {
                        guard skipBalanced(open: "(", close: ")") else { return nil }
                    } else {
                        putBack(after)
                    }
                }
            default:
                return nil
            }
        }
        return nil
    }

    /// A type as written (`Int`, `[String!]!`).
    private mutating func typeReference() -> String? {
        var text: String
        switch next() {
        case .name(let name)?: text = name
        case .punctuator("[")?:
            guard let element = typeReference(), next() == .punctuator("]") else { return nil }
            text = "[" + element + "]"
        default: return nil
        }
        if let after = next() {
            if after == .punctuator("!") { text += "!" } else { putBack(after) }
        }
        return text
    }

    /// After an opening `open`, to its closing `close`; false when the text ends first.
    private mutating func skipBalanced(open: String, close: String) -> Bool {
        var depth = 1
        while let token = next() {
            if token == .punctuator(open) { depth += 1 }
            if token == .punctuator(close) {
                depth -= 1
                if depth == 0 { return true }
            }
        }
        return false
    }

    /// Past `{`: the key of the selection set's first field (its alias where it has one), read
    /// to the set's closing `}`; nil when the text ends before it.
    mutating func firstFieldOfSelectionSet() -> String?? {
        var first: String?
        var depth = 1
        var previous: Token?
        var afterSpread = false
        while let token = next() {
            switch token {
            case .punctuator("{"): depth += 1
            case .punctuator("}"):
                depth -= 1
                if depth == 0 { return .some(first) }
            case .punctuator("..."): afterSpread = true
            case .name(let name) where depth == 1 && first == nil && !afterSpread:
                // `alias: field`: the alias is the key the answer holds it at.
                if previous != .punctuator(":") { first = name }
            default: break
            }
            if case .name = token, afterSpread, depth == 1 { afterSpread = token == .name("on") }
            previous = token
        }
        return nil
    }

    /// Up to and past the next `mark` at this level; false when the text ends first.
    mutating func skip(to mark: String) -> Bool {
        while let token = next() {
            if token == .punctuator(mark) { return true }
        }
        return false
    }
}

extension YAMLNode {
    /// JSON's `null`.
    var isNull: Bool {
        if case .scalar(_, .plain) = content { return string == nil }
        return false
    }

    /// A JSON string (quoted), not a number, a Bool or null.
    var isText: Bool {
        if case .scalar(_, .plain) = content { return false }
        return scalarText != nil
    }
}
