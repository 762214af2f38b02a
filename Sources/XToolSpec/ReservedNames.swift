/// Type names the generated code uses unqualified: a model, tool or API type named like one of
/// them would shadow it, so the spec is rejected with a clear error instead. The Swift types a
/// real API names its models after are not among them: the generated code writes those
/// qualified (`Swift.Result`, `Swift.Decoder`), so a model may be named `Result`, `Error`,
/// `Data`, `Task`, `Response` or `Decoder`.
enum ReservedNames {
    /// The modules generated code qualifies names with, the protocols every generated type
    /// conforms to, and the keys every coded model declares.
    static let swiftAndFoundation: Set<String> = [
        "Swift", "Foundation", "FoundationNetworking", "Sendable", "Codable", "Decodable", "Encodable",
        "Hashable", "Equatable", "Identifiable", "CodingKeys",
    ]

    /// The names of `XToolRuntime` (public or `@_spi(Generated)`) that generated code spells out;
    /// `Tests/ReservedNamesTests` checks them against the runtime and the default templates.
    static let runtime: Set<String> = [
        "XToolRuntime", "APIClient", "ClientOptions", "HTTPTransport", "URLSessionTransport",
        "ResponseCache", "FileResponseCache", "RequestDescription", "Signature", "Envelope",
        "SharedInstance", "XToolError", "XToolTask", "Cached", "Indirect", "FieldDecoder",
        "FieldEncoder", "StringEnum", "IntEnum", "ErrorBody", "Received", "ReceivedHeaders", "HeaderDecoder",
        "HTTPHeaders", "TransferProgress", "Nullable", "MultipartFile",
    ]

    /// What `name` would shadow, for the error message; nil when it is free.
    static func shadowed(by name: String) -> String? {
        if TypeRef.builtIns[name] != nil { return "the built-in type \(name)" }
        if swiftAndFoundation.contains(name) { return "Swift's \(name), which the generated code uses" }
        if runtime.contains(name) { return "XToolRuntime's \(name), which the generated code uses" }
        return nil
    }
}
