import XToolDiagnostics
import XToolRules

/// A validated spec: everything the generator needs, with every Swift name derived and every
/// type resolved. Nothing downstream derives names again.
package struct Spec: Sendable, Hashable {
    /// The spec's file name (`Weibo.yaml`), never a full path.
    package var fileName: String
    /// The API's name as written (`Weibo`): the folder `Generated/Weibo/`.
    package var api: String
    /// `WeiboAPI`.
    package var apiTypeName: String
    /// With a `{name}` for each of `baseURLVariables`.
    package var baseURL: String
    /// The variables of `baseURL`, in spec order.
    package var baseURLVariables: [BaseURLVariable] = []
    package var summary: String?
    package var dates: DateStyle
    package var lenient: Bool
    /// An empty array, object or string reads as nil for every optional field (`emptyAsNil:`).
    package var emptyAsNil = false
    package var body: BodyEncoding
    /// Sent with every request, in spec order.
    package var fixed: [FixedValue]
    /// Sent as headers with every request, in spec order.
    package var headers: [FixedValue]
    /// The name of the parameter that carries the signer's result, when the spec has `sign:`.
    package var signature: String?
    /// Whether the signer may change what it signs (`sign: { name:, rewrites: true }`).
    package var signerRewrites = false
    /// Whether the signer may give no signature, which then isn't sent (`sign: { optional: true }`).
    package var signerOptional = false
    /// The recipe the runtime signs by, with the secret's label, when `sign:` gives one (no
    /// signer of the app's own then).
    package var signing: Signing?
    /// The failures worth asking again for (`retry:`).
    package var retry: Retry?
    /// The other servers some endpoints are on (`servers:`), in spec order.
    package var servers: [Server] = []
    package var envelope: Envelope?
    /// Where error bodies are and what they decode to, unless an endpoint says otherwise.
    package var errors: ErrorBody?
    /// What renews the credentials when a response says they expired, when the spec has `refresh:`.
    package var refresh: Spec.CredentialRefresh?
    /// The methods every endpoint gets (`forms:`): the async and completion ones unless the spec
    /// lists others; an endpoint's own `forms:` and its response headers add to or replace them.
    package var forms: Set<Form> = Form.defaults
    package var models: [Model]
    /// The enums declared under `models:`, in spec order.
    package var enums: [EnumType]
    /// The app's own types (`appTypes:`), by name.
    package var appTypes: [String] = []
    /// The JSON form an app type's values take (`appTypes: { LngLat: String }`), which the
    /// sample check reads them as; an app type without one is not checked there.
    package var appTypeForms: [String: TypeRef] = [:]
    package var tools: [Tool]
}

// The validated model's types, named `Spec.…` so that they never read as the runtime's types of
// the same name (`Spec.Parameter` is a spec's parameter, `Parameter` one the runtime sends).
extension Spec {
    /// How post, put and patch send their parameters.
    package enum BodyEncoding: String, Sendable, Hashable {
        case form
        case json
    }

    /// A scalar literal from the spec, keeping its YAML type (`0` is a number, `"0"` a string).
    package enum Literal: Sendable, Hashable {
        case string(String)
        case int(Int64)
        case double(Double)
        case bool(Bool)
        /// `null`: JSON's null in a JSON body (GraphQL's `operationName: null`), left out of a
        /// query or a form.
        case null
    }

    /// A key path into a JSON document: `data.statuses` is `["data", "statuses"]`; a dot after a
    /// backslash is part of its key (`alerts.admin\.sign_up` is `["alerts", "admin.sign_up"]`).
    package struct KeyPath: Sendable, Hashable, CustomStringConvertible {
        package var components: [String]

        package init(components: [String]) {
            self.components = components
        }

        /// The key path that key-path text names (`links.next\.page` is `["links", "next.page"]`),
        /// unchecked: for a path its caller built, not one a spec gives (the reader checks those).
        package init(parsing text: String) {
            self.init(components: Self.components(of: text))
        }

        /// Whether a component reads each element of an array (`children[]`).
        package static func readsEach(_ component: String) -> Bool { KeyPathSyntax.isEach(component) }

        /// How many components read each element of an array (`children[]`).
        package var eachCount: Int { components.count(where: KeyPathSyntax.isEach) }

        /// The path split at its first component that reads each element (`children[]`): the
        /// path to the array, and the path read in each element; nil when it reads no element.
        package var eachSplit: (array: [String], inEach: [String])? { KeyPathSyntax.eachSplit(components) }

        /// The text the runtime reads: components joined by dots, a dot inside one escaped.
        package var description: String { KeyPathSyntax.text(of: components) }

        /// The components of key-path text, empty ones included (`KeyPathSyntax`, the rule the
        /// runtime reads by).
        static func components(of text: String) -> [String] { KeyPathSyntax.components(of: text) }
    }

    /// A model: a struct of fields, or a union of other types.
    package struct Model: Sendable, Hashable {
        /// The Swift type name (as written in the spec).
        package var name: String
        package var summary: String?
        /// The stored fields of a struct (empty for a union).
        package var fields: [Field]
        /// `oneOf:`: the model is an enum with one case per variant.
        package var union: Union?
        /// Where a models file the spec includes declares it; nil for the spec's own models.
        package var includedAt: SourceLocation?
        /// `ignore:`: keys of the server's objects that no field reads on purpose, which the
        /// sample check doesn't report as dropped.
        package var ignoredKeys: [KeyPath] = []
        /// `others:`: every other key of the server's object, read and written back as a
        /// dictionary beside the fields.
        package var others: Others?
        /// `lenient: true`: every field is read leniently, whatever the API's `lenient:`.
        package var lenient = false

        package init(name: String, summary: String?, fields: [Field], union: Union? = nil) {
            self.name = name
            self.summary = summary
            self.fields = fields
            self.union = union
        }

        /// Every type the model stores: its fields' (and its others' values') or its variants'.
        var memberTypes: [TypeRef] {
            union.map { $0.variants.map(\.type) } ?? fields.map(\.type) + (others.map { [$0.valueType] } ?? [])
        }

        /// The keys of the server's object that its fields (and `ignore:`) take, which its
        /// others don't: the first key of each key path (`links` of `links.self`, `tags` of
        /// `tags[].name`).
        package var keysBesideOthers: [String] {
            Self.firstKeys(of: fields.map(\.keyPath) + ignoredKeys)
        }

        /// The keys of the server's object that its fields other than a spread one read and
        /// write, which a spread union's `.unknown` leaves to them (the first key of each key
        /// path, as `keysBesideOthers`).
        package var keysBesideSpread: [String] {
            Self.firstKeys(of: fields.filter { !$0.isSpread }.map(\.keyPath))
        }

        /// The first key of each of `paths`, once (`tags` of `tags[].name`).
        private static func firstKeys(of paths: [KeyPath]) -> [String] {
            var keys: [String] = []
            for path in paths {
                guard var key = path.components.first else { continue }
                if KeyPathSyntax.isEach(key) { key = String(key.dropLast(2)) }
                if !keys.contains(key) { keys.append(key) }
            }
            return keys
        }
    }

    /// A model's other members (`others: Link`): every key its fields don't read, by key, each
    /// value a `valueType`, in the property `swiftName` (`others`, or the `name:` given).
    package struct Others: Sendable, Hashable {
        package var swiftName: String
        package var valueType: TypeRef
        package var summary: String?
    }

    /// A value that is one of several types (`oneOf:`): untagged, the first variant that decodes;
    /// tagged, the variant its `discriminator` key names.
    package struct Union: Sendable, Hashable {
        package struct Variant: Sendable, Hashable {
            /// The enum case's name, ready for code.
            package var caseName: String
            package var type: TypeRef
            /// The discriminator's value that selects it (tagged unions only).
            package var tag: String?
        }

        /// Where a tagged variant's value is: `beside` the tag, the object's other members
        /// (`{"type": "posted", "id": 1}`), or `underTag`, at the key the tag names (`{"type":
        /// "paragraph", "paragraph": {…}}`).
        package enum Payload: String, Sendable, Hashable, CaseIterable {
            case beside, underTag
        }

        /// The key whose value names the variant; nil for an untagged union.
        package var discriminator: String?
        package var variants: [Variant]
        package var payload = Payload.beside
    }

    /// A stored property of a model and the key path it is read from.
    package struct Field: Sendable, Hashable {
        /// The key path as written (`geo.coordinates`).
        package var keyPath: KeyPath
        /// The property name, ready for code (back-quoted when a keyword).
        package var swiftName: String
        package var type: TypeRef
        package var defaultValue: DefaultValue?
        package var summary: String?
        /// A date format for this field only, overriding the spec's `dates`.
        package var dateFormat: DateStyle?
        /// Whether the property is stored through a box because the model reaches itself
        /// through it (recursion through an optional).
        package var isIndirect: Bool
        /// `T | false`: the value is `false` when there is none, read as nil (`type` is `T?`).
        package var orFalse = false
        /// An empty array, object or string reads as nil (or the default), here and on the key
        /// path's way (`emptyAsNil: true` on the field).
        package var emptyAsNil = false
        /// Sent as an explicit `null` when cleared, which is not the same as left out
        /// (`nullable: true`; `type` is then `T?` and the property `Nullable<T>?`).
        package var nullable = false
        /// Read leniently (`lenient: true` on the field), whatever the API's `lenient:`.
        package var lenient = false
        /// A number sent as a JSON string (`format: string`), read and written exactly.
        package var numberAsText = false
        /// `const:`: every instance has `defaultValue` and sends it; no initializer takes it.
        package var isConstant = false
        /// `spread: true`: the value is read from the model's own object, whose members it
        /// shares with the other fields (a tagged union beside an object's common fields), and
        /// written back into it; its key is no key of the object.
        package var isSpread = false
    }

    /// A value from `default:`, checked against the field's or parameter's type.
    package indirect enum DefaultValue: Sendable, Hashable {
        case string(String)
        case int(Int64)
        case double(Double)
        /// A `Decimal` default, kept as written.
        case decimal(String)
        case bool(Bool)
        case url(String)
        /// A case of the inline enum `typeName` (qualified in code, so `.none` is never `nil`).
        case enumCase(EnumCase, typeName: String)
        /// A listed value of the inline enum `typeName` that its `unknown(String)` case holds
        /// (`UNKNOWN`).
        case unknownEnumValue(String, typeName: String)
        case array([DefaultValue])
        case dictionary([DictionaryEntry])
        /// `nil`, for an optional.
        case null

        /// A key and value of a dictionary default, in spec order.
        package struct DictionaryEntry: Sendable, Hashable {
            package var key: String
            package var value: DefaultValue
        }
    }

    /// A `…Tool` type and its endpoints.
    package struct Tool: Sendable, Hashable {
        /// The name as written in the spec (`Status`).
        package var name: String
        /// `StatusTool`.
        package var typeName: String
        package var summary: String?
        package var endpoints: [Endpoint]
        /// Inline enums of the tool's parameters, nested in the tool type, each once.
        package var enums: [EnumType]
    }

    package enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
        case get, post, put, patch, delete
    }

    /// One method of a tool: one HTTP request.
    package struct Endpoint: Sendable, Hashable {
        /// The method name, ready for code.
        package var swiftName: String
        /// The names its code takes besides `swiftName`, derived once by the reader.
        package var names: EndpointNames
        package var summary: String?
        package var method: HTTPMethod
        /// The path relative to the base URL, with `{name}` for each path parameter (wire names).
        package var path: String
        /// The dynamic parameters, in spec order: the method's arguments.
        package var parameters: [Parameter]
        /// Literal parameters sent with this endpoint's requests only.
        package var fixed: [FixedValue]
        /// Names of the API's fixed parameters and headers this endpoint does not send.
        package var omitted: [String]
        /// What the call returns; nil when it returns nothing.
        package var response: Response?
        /// This endpoint's error body, instead of the API's.
        package var errors: ErrorBody?
        package var cache: CachePolicy
        /// `read: true`: a POST that only reads (a GraphQL query, a search), safe to repeat: its
        /// fallback cache is no replayed write, and its retries are safe (CachePolicy.swift).
        package var isRead = false
        /// How the response says where the next page is, and what follows from it (see
        /// Pagination.swift); nil when the endpoint has one page.
        package var pagination: Pagination?
        /// Headers sent with this endpoint's requests only; one replaces the API's of its name.
        package var headers: [FixedValue] = []
        /// This endpoint's own envelope instead of the API's (`.none`: the document as it is).
        package var envelope: EndpointEnvelope?
        /// The name of the server (`servers:`) this endpoint is on; nil for `baseURL`.
        package var server: String?
        /// Example responses (`sample:`, `samples:`), in spec order: previews answer with the first.
        package var samples: [Sample] = []
        /// The methods it gets: its own `forms:` or the API's, with `…WithResponse` when its
        /// response names headers.
        package var forms: Set<Form> = Form.defaults
    }
}
