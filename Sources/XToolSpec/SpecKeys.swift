/// The keys of each mapping of the spec language whose keys are the language's own (not names
/// the spec chooses): what the reader accepts, and what the JSON Schema of the language
/// (`docs/xtoolgen-spec.schema.json`) lists for the definition of the same name, which a test
/// holds equal.
package enum SpecKeys {
    package static let spec = [
        "xtoolgen", "api", "baseURL", "baseURLVariables", "summary", "keys", "dates", "timezone", "lenient",
        "emptyAsNil", "appTypes",
        "body", "arrays", "fixed", "headers", "sign", "envelope", "errors", "refresh", "retry", "servers", "forms",
        "fragments",
        "include",
        "models", "tools",
    ]
    /// A file a spec includes (`include:`).
    package static let modelsFile = ["models"]
    package static let sign = ["name", "rewrites", "optional", "secret", "by", "recipes"] + signingRecipe
    /// A signing recipe's keys: beside `sign:`'s own, or in each of its `recipes:`.
    package static let signingRecipe = ["digest", "text", "secretAt", "order", "case"]
    /// `retry:`, and its `wait:`.
    package static let retry = ["statuses", "codes", "wait", "writes"]
    package static let retryWait = ["header", "path", "pattern"]
    /// The long form of a base URL's variable.
    package static let baseURLVariable = ["summary", "enum", "default"]
    /// The long form of a fixed value or a header (its keys' home is `Spec.FixedValue.Key`).
    package static let fixedValue = Spec.FixedValue.Key.allCases.map(\.rawValue)
    /// `envelope:` (its keys' home is `Spec.Envelope.Key`).
    package static let envelope = Spec.Envelope.Key.allCases.map(\.rawValue)
    /// An envelope's `success:` (its keys' home is `Spec.Envelope.SuccessTest.Key`).
    package static let success = Spec.Envelope.SuccessTest.Key.allCases.map(\.rawValue)
    /// `errors:`'s long form (its keys' home is `Spec.ErrorBody.Key`).
    package static let errorBody = Spec.ErrorBody.Key.allCases.map(\.rawValue)
    package static let refresh = ["provided", "statuses", "codes", "renews"]
    package static let model = ["summary", "fields", "ignore", "others", "lenient", "enum"]
    /// The long form of a model's `others:`.
    package static let others = ["type", "name", "summary"]
    package static let sharedEnum = ["summary", "enum"]
    package static let union = ["summary", "oneOf", "discriminator", "payload"]
    /// The long form of a union's variant.
    package static let variant = ["type", "name"]
    /// The long form of a response header (its keys' home is `MemberDeclaration.Key`, of which
    /// each kind of member takes a part).
    package static let field = MemberDeclaration.Kind.responseHeader.keys.map(\.rawValue)
    /// The long form of a model's field.
    package static let modelField = MemberDeclaration.Kind.modelField.keys.map(\.rawValue)
    /// The long form of a parameter.
    package static let parameter = MemberDeclaration.Kind.parameter.keys.map(\.rawValue)
    package static let tool = ["summary", "omit", "endpoints"]
    package static let endpoint =
        ["summary"] + Spec.HTTPMethod.allCases.map(\.rawValue) + [
            "params", "body", "fixed", "omit", "response", "errors", "cache", "paginate", "headers", "envelope",
            "server", "sample", "samples", "forms", "read",
        ]
    /// The long form of `body:`, the whole JSON body (its keys' home is `Spec.WholeBody.Key`).
    package static let wholeBody = Spec.WholeBody.Key.allCases.map(\.rawValue)
    /// The long form of `response:` (its keys' home is `Spec.Response.Key`).
    package static let response = Spec.Response.Key.allCases.map(\.rawValue)
    /// The long form of `paginate:` (its keys' home is `Spec.Pagination.Key`).
    package static let pagination = Spec.Pagination.Key.allCases.map(\.rawValue)
    /// The long form of a sample (its keys' home is `Sample.Key`).
    package static let sample = Sample.Key.allCases.map(\.rawValue)

    /// The values of the keys whose values are words of the language, by `definition.key` in the
    /// JSON Schema, whose `enum` of that property lists the same (a test holds them equal).
    /// A definition that is a list of words (`forms`) is named alone: its `items`' `enum` lists them.
    package static let values: [String: [String]] = [
        "endpoint.cache": Spec.CachePolicy.allCases.map(\.rawValue), "forms": Spec.Form.allCases.map(\.rawValue),
        "parameter.in": Spec.ParameterLocation.declarable.map(\.rawValue),
        "parameter.style": Spec.ParameterStyle.allCases.map(\.rawValue),
        "union.payload": Spec.Union.Payload.allCases.map(\.rawValue),
    ]

    /// Every list above, by the name of its definition in the JSON Schema.
    package static let byDefinition: [String: [String]] = [
        "spec": spec, "modelsFile": modelsFile, "sign": sign, "signingRecipe": signingRecipe, "retry": retry,
        "retryWait": retryWait,
        "baseURLVariable": baseURLVariable,
        "fixedValue": fixedValue, "envelope": envelope,
        "success": success, "errorBody": errorBody, "refresh": refresh, "model": model, "others": others,
        "sharedEnum": sharedEnum,
        "union": union, "variant": variant, "field": field, "modelField": modelField, "parameter": parameter,
        "tool": tool, "endpoint": endpoint, "wholeBody": wholeBody, "response": response, "pagination": pagination,
        "sample": sample,
    ]
}
