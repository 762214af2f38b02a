import XToolRules
import XToolSamples
import XToolSpec
import XToolYAML

/// A spec as the importer decided it, in the document's order, before it is text: what the
/// mapping produces and `SpecWriter` lays out.
struct SpecDraft {
    /// Comment lines at the top of the spec.
    var preamble: [String] = []
    var api: String
    var baseURL: String
    /// `baseURLVariables:`, the server's variables the app chooses.
    var baseURLVariables: [BaseURLVariableDraft] = []
    /// Comments above `baseURL:` (the server's variables at their defaults, the other servers).
    var baseURLComments: [String] = []
    var summary: String?
    /// `body: form`: most request bodies are forms.
    var formBodies = false
    /// `lenient: true`: the document's examples write numbers as text or text as numbers.
    var lenient = false
    /// `timezone:`, the zone of the API's clock (an IANA name), with why it is that one: the
    /// zone of every date pattern without a `timezone:` of its own (nil: each says UTC).
    var timezone: (name: String, comment: String)?
    var fixed: [ProvidedDraft] = []
    var headers: [ProvidedDraft] = []
    /// The `Accept` header most endpoints send (the media types their responses are in).
    var accept: String?
    /// Comments at the end of `headers:` (security schemes the language can't send).
    var securityComments: [String] = []
    /// `sign:`: the parameter an app's signer fills in, with a note on why (its lines apart).
    var signature: (name: String, comment: String)?
    /// `envelope:`: what wraps every answer.
    var envelope: EnvelopeDraft?
    /// `errors:` of the whole API: the error body most operations share.
    var errors: ErrorsDraft?
    /// `retry:`: the failure codes and statuses asked for again, with why.
    var retry: (codes: [String], statuses: [Int], comment: String)?
    /// `refresh:`: the app's closure that renews credentials, what says they expired, and which
    /// it renews, with why.
    var refresh: RefreshDraft?
    /// Comments at the start of `models:` (the components no operation uses).
    var modelComments: [String] = []
    var models: [ModelDraft] = []
    var tools: [ToolDraft] = []
}

/// The spec's `refresh:`.
struct RefreshDraft {
    /// The label of the API initializer's closure (`refreshAccessToken`).
    var provided: String
    /// The statuses that say the credentials expired; none or `[401]` is the default.
    var statuses: [Int] = []
    /// The envelope codes that say so.
    var codes: [String] = []
    /// The provided values it renews; none is every one.
    var renews: [String] = []
    var comment: String
}

/// A fixed parameter or header whose value the app provides (a credential), or, with `value`,
/// one the API always sends as it is.
struct ProvidedDraft: Equatable {
    var name: String
    var label: String
    /// The literal every call sends (`fixed: { appkey: 1234 }`), instead of a provided value.
    var value: String?
    /// `value` is a JSON number, Boolean or null, written as it is (else text, quoted where YAML
    /// would read another type).
    var isLiteral = false
    /// `now:`: the time of each request, in this date style, instead of a provided value.
    var now: String?
    /// `timezone:` of a `now:` value written in a format.
    var timezone: String?
    /// `nonce:`: a value made afresh for each request, of this kind (`uuid`, `hex`, `number`).
    var nonce: String?
    /// `in: query` for a fixed parameter.
    var placement: String?
    var optional = false
    var prefix: String?
    var comments: [String] = []
}

struct ModelDraft {
    var name: String
    var summary: String?
    var comments: [String] = []
    var fields: [MemberDraft] = []
    /// `others:`: the type of the members beside the fields (`additionalProperties`).
    var others: String?
    /// `oneOf:` (and `discriminator:`) instead of fields.
    var union: UnionDraft?
    /// `enum:` instead of fields: a shared enum, the values (and case names) of this type.
    var enumeration: TypeDraft?

    /// Whether the model `type` among `models` has a field at `key` (a union's tag it keeps).
    static func keepsTag(_ type: String, at key: String, among models: [ModelDraft]) -> Bool {
        models.contains { $0.name == type && $0.fields.contains { $0.key == key } }
    }

    /// The spellings of the types it holds: its fields', its others', its variants'.
    var typeSpellings: [String] {
        fields.map(\.type.spelling) + (others.map { [$0] } ?? []) + (union?.variants.map(\.type) ?? [])
    }

    /// Spells each type it holds anew (a model renamed).
    mutating func respellTypes(_ respelled: (String) -> String) {
        for index in fields.indices { fields[index].type.spelling = respelled(fields[index].type.spelling) }
        others = others.map(respelled)
        if var union {
            for index in union.variants.indices { union.variants[index].type = respelled(union.variants[index].type) }
            self.union = union
        }
    }
}

/// A union model: its variants' types in the order they are tried, each with its tag when a
/// discriminator picks them.
struct UnionDraft {
    struct Variant {
        var tag: String?
        var type: String
        /// `name:` of its case, where the tag derives none a person would write (an integer).
        var name: String?
    }

    var discriminator: String?
    var variants: [Variant]
    /// `payload: underTag`: each variant's value is at the key its tag names.
    var payloadUnderTag = false

    /// Where tags pick one type (several values an alternative lists, or alternatives a draft
    /// pass merged into one model), they share its case: every case is named after its type
    /// (`CA` and `DE` are `.internationalAddress`, `US` `.domesticAddress`), one per type. Left
    /// as it is where a shared type keeps no tag of its own (`keepsTag`), which the spec
    /// requires to write it back, or under the tag.
    mutating func shareCases(keepsTag: (_ type: String, _ key: String) -> Bool) {
        guard let discriminator, !payloadUnderTag else { return }
        let types = variants.map(\.type)
        let shared = Set(types.filter { type in types.count { $0 == type } > 1 })
        let names = types.map { SwiftNaming.memberName(Self.caseName(ofSpelling: $0)) }
        guard !shared.isEmpty, shared.allSatisfy({ keepsTag($0, discriminator) }),
            !names.contains(nil), Set(names).count == Set(types).count
        else { return }
        for index in variants.indices { variants[index].name = names[index] }
    }

    /// What the spec names an untagged variant's case after (as the spec loader does): the
    /// type, its element's with `s` (`[Pet]` -> `Pets`), a dictionary's value's with `_map`.
    static func caseName(ofSpelling spelling: String) -> String {
        if spelling.hasPrefix("[String: "), spelling.hasSuffix("]") {
            return caseName(ofSpelling: String(spelling.dropFirst("[String: ".count).dropLast())) + "_map"
        }
        if spelling.hasPrefix("["), spelling.hasSuffix("]") {
            return caseName(ofSpelling: String(spelling.dropFirst().dropLast())) + "s"
        }
        return spelling
    }

}

/// `envelope:`: the payload's key path, the value that tells success, and where the server's
/// message and code are.
struct EnvelopeDraft {
    var data: Spec.KeyPath?
    var successPath: Spec.KeyPath
    var successValue: String
    var message: Spec.KeyPath?
    var code: Spec.KeyPath?
    /// `success: { absent: successPath }` (GraphQL's `errors`): a success only where nothing is
    /// at the path; `successValue` is not compared.
    var absent = false

    /// Whether `body` passes the success test, as the runtime and the sample check decide it.
    func succeeds(_ body: YAMLNode) -> Bool {
        let value = SampleLinter.successTestValue(at: successPath, in: body)
        return EnvelopeRules.isSuccess(
            text: value.text, isEmpty: value.isEmpty, equals: absent ? [] : [successValue], missingIsSuccess: absent)
    }

    /// The payload of `body`: the value at `data` (nil when missing or null), else the whole body
    /// without the envelope's own keys (its status, message and code).
    func payload(of body: YAMLNode) -> YAMLNode? {
        if let data { return SampleLinter.envelopeValue(at: data, in: body) }
        guard case .mapping(let entries) = body.content else { return body }
        let own = Set([successPath, message, code].compactMap { $0?.components.count == 1 ? $0?.components[0] : nil })
        return YAMLNode(.mapping(entries.filter { !own.contains($0.key.scalarText ?? "") }), at: body.location)
    }
}

/// `errors:`: the model an error body decodes to, and where its message and code are.
struct ErrorsDraft: Hashable {
    var type: String
    var message: Spec.KeyPath?
    var code: Spec.KeyPath?
    /// `status:`: the bodies of statuses whose body is another model (`429`, `4XX`).
    var statuses: [StatusErrorsDraft] = []
    /// `path:`: where the error is in the body (GraphQL's `errors.0`); empty for the whole body.
    var path: [String] = []

    /// The body without its statuses'.
    var alone: ErrorsDraft { ErrorsDraft(type: type, message: message, code: code, path: path) }

    /// The models it and its statuses' bodies decode to.
    var types: [String] { [type] + statuses.map(\.errors.type) }

    /// The spec's value it stands for, which `SpecWriter` prints.
    var body: Spec.ErrorBody {
        Spec.ErrorBody(
            type: .model(type), path: Spec.KeyPath(components: path), message: message, code: code,
            statuses: statuses.map { Spec.StatusErrorBody(status: $0.status, body: $0.errors.body) })
    }
}

/// The error body of one status or class of them.
struct StatusErrorsDraft: Hashable {
    var status: String
    var errors: ErrorsDraft
}

/// A model's field or an endpoint's parameter.
struct MemberDraft {
    /// The wire name: a parameter's, or a field's one key in its model's object (a dot in it is
    /// part of it: `admin.sign_up`).
    var key: String
    var type: TypeDraft
    /// Missing or null is nil: `T?`, or `optional: true` for an inline enum.
    var optional = false
    /// `name:`: the Swift name, when the derived one can't be used.
    var swiftName: String?
    var defaultValue: YAMLValue?
    var summary: String?
    /// `in:` of a parameter, when it is not where the method puts it anyway.
    var location: String?
    var style: String?
    var nullable = false
    /// `emptyAsNil: true`: an example sends `""` where its value is not text.
    var emptyAsNil = false
    /// `lenient: true`: an example sends a number as text (or text as a number) here.
    var lenient = false
    /// A model's member that is not required and admits null: `nullable` where a request sends
    /// the model (`relaxOneWayFields`).
    var mayBeNull = false
    var comments: [String] = []
    /// `spread: true`: a field read from its model's own object (`TaggedPayloads.swift`).
    var spread = false
    /// Where the member is declared in the document (for warnings found late).
    var origin: Origin?
    /// Where the document sends it: `path`, `query`, `header` or `body`.
    var place = "body"
    /// The first value of an integer parameter, from its `default` or `minimum` (a page
    /// number's start).
    var firstValue: Int?
    /// `readOnly` (the server sets it: ids, timestamps) or `writeOnly` (a password): a field
    /// only responses, or only requests, carry.
    var readOnly = false
    var writeOnly = false
}

extension MemberDraft {
    /// A field's key as key-path text, a path of its one key (`admin\.sign_up`): what the spec
    /// writes, and what the reader derives the field's Swift name from.
    var fieldPath: String { KeyPathSyntax.text(of: [key]) }
}

/// What a schema becomes where it is used.
struct TypeDraft {
    enum Kind: Equatable {
        /// String, numbers, Bool, Date, URL, Decimal, an inline enum.
        case scalar
        case array(elementIsScalar: Bool)
        /// A model, a dictionary or JSON.
        case object
        /// `format: binary`: a file where a multipart body can carry it.
        case file
    }

    /// The spelling without the optional mark (`Int64`, `[Pet]`, `[String: JSON]`); for an
    /// inline enum, the type of its values (`String`, `Int`).
    var spelling: String
    var kind: Kind
    /// The values of an inline enum (an integer enum's as digits).
    var enumValues: [String]?
    /// The case names of an enum whose values don't derive them (an integer enum's): the spec
    /// writes `{ enum: { name: value, … } }`.
    var enumCaseNames: [String]?
    /// `format:` of a date (`yyyy-MM-dd`).
    var dateFormat: String?
    /// A number the document sends as a JSON string (`type: string, format: decimal`): a model's
    /// field says `format: string`, read and written exactly.
    var numberAsText = false
    /// The schema admits null.
    var nullable = false
    /// Notes for a human, written as comments beside the member.
    var comments: [String] = []

    static func scalar(_ spelling: String) -> TypeDraft { TypeDraft(spelling: spelling, kind: .scalar) }
    static let json = TypeDraft(spelling: "JSON", kind: .object)

    /// The spelling with the optional mark.
    func spelled(optional: Bool) -> String { optional ? spelling + "?" : spelling }
}

struct ToolDraft {
    var name: String
    var summary: String?
    var endpoints: [EndpointDraft] = []
    /// Operations the language can't express, as comments after the endpoints.
    var comments: [String] = []
}

struct EndpointDraft {
    var name: String
    var summary: String?
    var method: String
    var path: String
    var params: [MemberDraft] = []
    /// The endpoint's own `fixed:` values (a constant only its calls send).
    var fixed: [ProvidedDraft] = []
    /// `read:`: true for a POST that only reads (a GraphQL query), safe to repeat; false for one
    /// named like a read that nothing says only reads (`DraftPasses.sayUndecidedReads`); nil
    /// unsaid.
    var read: Bool?
    /// Why `read:` is what it is, written above it.
    var readNote: String?
    var body: BodyDraft?
    var omit: [String] = []
    /// The media types its responses are documented in, as an `Accept` header; nil where the
    /// API's is the same, or the responses have no content.
    var accept: String?
    /// The media type of its JSON body when it is not `application/json`, as a `Content-Type`
    /// header (`RequestBody.contentType`).
    var contentType: String?
    var response: TypeDraft?
    /// `path:` of the response: where a page's items are in a list object.
    var responsePath: Spec.KeyPath?
    /// `headers:` of the response.
    var responseHeaders: [MemberDraft] = []
    /// What `paginate:` says, which `SpecWriter` writes (`link`, `{ cursor: after, … }`).
    var paginate: Spec.Pagination.Style?
    /// Where `paginate:` comes from in the document, for a warning when it has to go.
    var paginateOrigin: Origin?
    /// The endpoint's own `errors:` (the API's when it is the same).
    var errors: ErrorsDraft?
    /// The statuses its error bodies are documented for (`400`, `4XX`, `DEFAULT`).
    var errorStatuses: [String] = []
    /// Notes after the endpoint's keys: error responses, pagination, what was left out.
    var comments: [String] = []
    /// The documented examples of its responses (`sample:`, `samples:`).
    var samples: [SampleDraft] = []
}

/// `body:`: one value sent as the whole JSON body.
struct BodyDraft {
    var type: TypeDraft
    var optional: Bool
    var name: String?
    var summary: String?
}

/// A value written in YAML.
enum YAMLValue: Equatable {
    /// A number, `true`, `false` or `null`, written as it is.
    case plain(String)
    case string(String)
    case sequence([YAMLValue])
    case emptyMapping
}

/// An enum's cases, as both importers list a value an example sends.
extension TypeDraft {
    /// The case a string enum's value takes: the name derived from it, or, where that would
    /// start with `_` (`gpt-3.5-turbo`, read as a key path, `_5Turbo`; `0`, `_0`), the name of
    /// the whole value with a leading digit spelled (`gpt35Turbo`, `zero`), which the enum then
    /// names (`isNamed`). nil when no case derives from it (`""`).
    static func caseName(of value: String) -> (name: String, isNamed: Bool)? {
        guard let derived = SwiftNaming.memberName(value) else { return nil }
        guard derived.hasPrefix("_"), let whole = SwiftNaming.parameterName(SwiftNaming.spellingLeadingDigit(value)),
            !whole.hasPrefix("_")
        else { return (derived, false) }
        return (whole, true)
    }

    /// `type`, a string enum, with `value` listed too (named where the enum names its cases or
    /// the value needs a name of its own); nil when it is listed already, derives no case or
    /// another's, or the enum is of integers.
    static func listing(_ value: String, in type: TypeDraft) -> TypeDraft? {
        guard type.spelling == "String", var values = type.enumValues, !values.contains(value),
            let (name, isNamed) = caseName(of: value)
        else { return nil }
        var names = type.enumCaseNames ?? values.map { caseName(of: $0)?.name ?? "" }
        guard !names.contains(name) else { return nil }
        values.append(value)
        names.append(name)
        var listed = type
        listed.enumValues = values
        if isNamed || type.enumCaseNames != nil { listed.enumCaseNames = names }
        return listed
    }
}
