/// A resolved type of a field, parameter or response.
public indirect enum TypeRef: Sendable, Hashable {
    case string, int, int64, double, bool, date, url, decimal, json
    /// A file to upload (`File`): makes the request `multipart/form-data`.
    case file
    /// A model of the spec, by its Swift type name.
    case model(String)
    /// An inline string enum, nested in the model (or tool) that declares it.
    case enumeration(EnumType)
    case optional(TypeRef)
    case array(TypeRef)
    /// `[String: T]`.
    case dictionary(TypeRef)

    /// The built-in types by their spec spelling.
    static let builtIns: [String: TypeRef] = [
        "String": .string, "Int": .int, "Int64": .int64, "Double": .double, "Bool": .bool,
        "Date": .date, "URL": .url, "Decimal": .decimal, "JSON": .json, "File": .file,
    ]

    /// The type as Swift code writes it (`[Status]?`, `[String: Int]`, `Visibility`).
    public var swiftSpelling: String {
        switch self {
        case .string: "String"
        case .int: "Int"
        case .int64: "Int64"
        case .double: "Double"
        case .bool: "Bool"
        case .date: "Date"
        case .url: "URL"
        case .decimal: "Decimal"
        case .json: "JSON"
        case .file: "MultipartFile"
        case .model(let name): name
        case .enumeration(let enumType): enumType.swiftName
        case .optional(let wrapped): wrapped.swiftSpelling + "?"
        case .array(let element): "[\(element.swiftSpelling)]"
        case .dictionary(let value): "[String: \(value.swiftSpelling)]"
        }
    }

    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The type without one level of optionality.
    public var unwrapped: TypeRef {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// Whether a `File` is in this type, directly or inside optionals, arrays or dictionaries.
    public var containsFile: Bool {
        switch self {
        case .file: true
        case .optional(let inner), .array(let inner), .dictionary(let inner): inner.containsFile
        default: false
        }
    }

    /// Whether a `Date` is in this type, directly or inside optionals, arrays or dictionaries.
    public var containsDate: Bool {
        switch self {
        case .date: true
        case .optional(let inner), .array(let inner), .dictionary(let inner): inner.containsDate
        default: false
        }
    }

    /// The model this type stores inline (directly or through an optional), if any.
    var inlineModel: (name: String, throughOptional: Bool)? {
        switch self {
        case .model(let name): (name, false)
        case .optional(let wrapped): wrapped.inlineModel.map { ($0.name, true) }
        default: nil
        }
    }

    /// Every model this type mentions.
    public var referencedModels: [String] {
        switch self {
        case .model(let name): [name]
        case .optional(let inner), .array(let inner), .dictionary(let inner): inner.referencedModels
        default: []
        }
    }
}

/// An inline string enum: one case per listed value plus `unknown(String)`.
public struct EnumType: Sendable, Hashable {
    /// The nested type's name, ready for code (`Visibility`).
    public var swiftName: String
    public var cases: [EnumCase]
}

/// A listed value of an inline enum.
public struct EnumCase: Sendable, Hashable {
    /// The value on the wire.
    public var value: String
    /// The case name, ready for code (back-quoted when a keyword).
    public var swiftName: String
}
