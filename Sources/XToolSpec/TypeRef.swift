extension Spec {
    /// A resolved type of a field, parameter or response.
    package indirect enum TypeRef: Sendable, Hashable {
        case string, int, int64, double, bool, date, url, decimal, json
        /// A day (`2020-12-08`) or an instant (ISO 8601), kept in the form it came in.
        case dayOrDate
        /// A file to upload (`File`): makes the request `multipart/form-data`.
        case file
        /// A response's body as it came (`Data`, unless the spec has a model of that name).
        case data
        /// A model of the spec, by its Swift type name.
        case model(String)
        /// A type the app defines itself (`appTypes:`), by its Swift name: Codable, Sendable and
        /// Hashable, trusted as it is.
        case app(String)
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
            RuntimeNames.dayOrDate: .dayOrDate,
        ]

        /// The type as Swift code writes it (`[Status]?`, `[String: Int]`, `Visibility`).
        package var swiftSpelling: String { spelling(enumsIn: nil) }

        /// The type as code outside `owner`, the model or tool that declares its inline enums,
        /// writes it (`[Status.Visibility]?`).
        package func swiftSpelling(outside owner: String) -> String { spelling(enumsIn: owner) }

        private func spelling(enumsIn owner: String?) -> String {
            switch self {
            case .string: "String"
            case .int: "Int"
            case .int64: "Int64"
            case .double: "Double"
            case .bool: "Bool"
            case .date: "Date"
            case .url: "URL"
            case .decimal: "Decimal"
            case .json: RuntimeNames.json
            case .dayOrDate: RuntimeNames.dayOrDate
            case .file: RuntimeNames.multipartFile
            case .data: "Data"
            case .model(let name), .app(let name): name
            case .enumeration(let enumType):
                enumType.isShared ? enumType.swiftName : (owner.map { $0 + "." } ?? "") + enumType.swiftName
            case .optional(let wrapped): wrapped.spelling(enumsIn: owner) + "?"
            case .array(let element): "[\(element.spelling(enumsIn: owner))]"
            case .dictionary(let value): "[String: \(value.spelling(enumsIn: owner))]"
            }
        }

        package var isOptional: Bool {
            if case .optional = self { return true }
            return false
        }

        /// The type without one level of optionality.
        package var unwrapped: TypeRef {
            if case .optional(let wrapped) = self { return wrapped }
            return self
        }

        /// Whether a `File` is in this type, directly or inside optionals, arrays or dictionaries.
        package var containsFile: Bool {
            switch self {
            case .file: true
            case .optional(let inner), .array(let inner), .dictionary(let inner): inner.containsFile
            default: false
            }
        }

        /// Whether raw `Data` is in this type, directly or inside optionals, arrays or dictionaries.
        package var containsData: Bool {
            switch self {
            case .data: true
            case .optional(let inner), .array(let inner), .dictionary(let inner): inner.containsData
            default: false
            }
        }

        /// Whether an app's own type is in this type, directly or inside optionals, arrays or
        /// dictionaries.
        package var containsAppType: Bool {
            switch self {
            case .app: true
            case .optional(let inner), .array(let inner), .dictionary(let inner): inner.containsAppType
            default: false
            }
        }

        /// Whether a `Date` is in this type, directly or inside optionals, arrays or dictionaries.
        package var containsDate: Bool {
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
        package var referencedModels: [String] {
            switch self {
            case .model(let name): [name]
            case .optional(let inner), .array(let inner), .dictionary(let inner): inner.referencedModels
            default: []
            }
        }
    }

    /// An enum: one case per listed value plus `unknown(String)` (`unknown(Int)` for an integer
    /// enum). Inline, it is nested in the model (or tool) that declares it; shared, it is a type of
    /// its own, declared under `models:`.
    package struct EnumType: Sendable, Hashable {
        /// The type's name, ready for code (`Visibility`).
        package var swiftName: String
        package var cases: [EnumCase]
        /// The values are integers (`{ enum: { male: 1, female: 2 } }`).
        package var isInteger = false
        /// Declared under `models:`, a top-level type used by fields and parameters alike.
        package var isShared = false
        package var summary: String?
        /// Listed values whose case name would be `unknown` (`UNKNOWN`, `Unknown`): the
        /// `unknown(String)` case holds them.
        package var heldByUnknown: [String] = []
    }

    /// A listed value of an enum.
    package struct EnumCase: Sendable, Hashable {
        /// The value on the wire (an integer enum's as decimal digits).
        package var value: String
        /// The case name, ready for code (back-quoted when a keyword).
        package var swiftName: String
    }
}
