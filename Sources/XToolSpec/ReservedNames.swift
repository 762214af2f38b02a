/// Type names the generated code uses unqualified: a model, tool or API type named like one of
/// them would shadow it, so the spec is rejected with a clear error instead. The Swift types a
/// real API names its models after are not among them: the generated code writes those
/// qualified (`Swift.Result`, `Swift.Decoder`), so a model may be named `Result`, `Error`,
/// `Data`, `Task`, `Response` or `Decoder`.
package enum ReservedNames {
    /// The modules generated code qualifies names with, the protocols every generated type
    /// conforms to, and the keys every coded model declares.
    package static let swiftAndFoundation: Set<String> = [
        "Swift", "Foundation", "FoundationNetworking", "Sendable", "Codable", "Decodable", "Encodable",
        "Hashable", "Equatable", "Identifiable", "CaseIterable", "CodingKeys",
    ]

    /// The names of `XToolRuntime` (public or `@_spi(Generated)`) that generated code spells out;
    /// `Tests/ReservedNamesTests` checks them against the runtime and the default templates.
    package static let runtime: Set<String> = [
        "XToolRuntime", "APIClient", "ClientOptions", "HTTPTransport", "URLSessionTransport",
        "ResponseCache", "FileResponseCache", "MemoryResponseCache", "RequestDescription", "Signature", "Envelope",
        "SharedInstance", "XToolError", "XToolTask", "Cached", "Indirect", "FieldDecoder",
        "FieldEncoder", "StringEnum", "IntEnum", "ErrorBody", "Received", "ReceivedHeaders", "HeaderDecoder",
        "HTTPHeaders", "TransferProgress", "Nullable", "MultipartFile", "Page", "PageCursor", "PageSequence",
        "UnionTag", "CredentialRefresh", "OfflineTransport", "SampleCheck", "SampleFailure",
        "SampleResponder", "SampleResponse", "PreviousPage", "SignedParameters", "SigningRecipe", "RetryRules",
        "DayOrDate", "SpreadDecoder",
    ]

    /// Labels the generated API initializer uses itself; a provided value can't take them.
    package static let initializerLabels: Set<String> = [
        "baseURL", "transport", "cache", "options", "signer", "completion",
    ]

    /// Labels the generated code uses itself (the endpoint methods' `progress:` and
    /// `completion:`, and those docs/spec-language.md "Tools and endpoints" lists), which a
    /// parameter can't take.
    package static let parameterLabels: Set<String> = [
        "baseURL", "transport", "cache", "signer", "completion", "progress",
    ]

    /// The label and name of a paginated endpoint method's last argument, `from pageCursor:`,
    /// which its parameters can't take.
    package static let pageLabels: Set<String> = ["from", "pageCursor"]

    /// Member names of a tool type that an endpoint method can't take.
    package static let toolMembers: Set<String> = ["api", "init"]

    /// The keywords no top-level type can be named: all but `Type` and `Protocol`, which name one
    /// as they are.
    package static let keywordsNoTypeTakes = SwiftNaming.keywords.subtracting(["Type", "Protocol"])

    /// Whether `name` can name a model: an identifier that is no keyword (but `Type` and
    /// `Protocol`) and shadows nothing the generated code uses.
    package static func canNameModel(_ name: String) -> Bool {
        SwiftNaming.isIdentifier(name) && !keywordsNoTypeTakes.contains(name) && shadowed(by: name) == nil
    }

    /// What `name` would shadow, for the error message; nil when it is free.
    package static func shadowed(by name: String) -> String? {
        if Spec.TypeRef.builtIns[name] != nil { return "the built-in type \(name)" }
        if swiftAndFoundation.contains(name) { return "Swift's \(name), which the generated code uses" }
        if runtime.contains(name) { return "XToolRuntime's \(name), which the generated code uses" }
        return nil
    }
}
