import XToolSpec

// `fixed:` and `headers:`'s one home in the context layer: what the templates receive of each
// fixed value and of each provided value the API initializer takes, and how both are made from
// `Spec.FixedValue`.

/// A value the app provides: an initializer argument of the API type.
package struct ProvidedContext: Encodable, Sendable {
    /// The argument's label, a Swift identifier.
    package var label: String
    /// The app may not have the value: its closure returns an optional, and nil sends nothing.
    package var optional: Bool
    /// The label as a string literal, by which endpoints name it.
    package var name: String
    /// Only endpoints send it: the initializer's argument is optional, nil by default, and a call
    /// of an endpoint that sends it fails without it.
    package var endpointOnly: Bool
    /// What previews pass for the value that chooses the signing recipe (`sign: { by:
    /// sign_method }`): the first recipe's value, a string literal; null for any other value,
    /// for which previews pass `"preview"`.
    package var recipe: String?
}

/// A parameter or header sent with every request: exactly one of `literal`, `provided`, `now` and
/// `nonce`.
package struct FixedValueContext: Encodable, Sendable {
    /// The wire name as a string literal.
    package var name: String
    /// The spec's value as a Swift literal of its YAML type (`0`, `"0"`, `true`).
    package var literal: String?
    /// The label of the provided value that supplies it.
    package var provided: String?
    /// An endpoint's own provided value, which the client looks up by `label` (a string literal).
    package var byLabel: String?
    /// The provided value may be missing (its closure returns an optional).
    package var optional = false
    /// Text sent before the provided value, as a string literal (`"Bearer "`).
    package var prefix: String?
    /// `query`, `header` or `body`; null where the method's parameters go.
    package var placement: String?
    /// The keys inside the JSON body parameter `name` where the literal goes, as a Swift array
    /// of string literals (`["perPage"]`); null for a parameter of its own.
    package var member: String?
    /// The time of each request, in this date style (`now:`).
    package var now: DateStyleContext?
    /// A value made afresh for each request (`nonce:`): `uuid`, `hex` or `number`.
    package var nonce: String?
}

extension ProvidedContext {
    /// The provided value `label` of `spec`, optional when `optionalLabels` holds it.
    init(_ label: String, of spec: Spec, optionalLabels: Set<String>) {
        self.init(
            label: label, optional: optionalLabels.contains(label),
            name: SwiftText.stringLiteral(SwiftNaming.bare(label)),
            endpointOnly: spec.endpointOnlyLabels.contains(label),
            recipe: Self.recipe(chosenBy: label, in: spec).map(SwiftText.stringLiteral))
    }

    /// The first signing recipe's value when the provided value `label` chooses the recipe: a
    /// preview must pass one that names a recipe, or no call signs.
    private static func recipe(chosenBy label: String, in spec: Spec) -> String? {
        guard let signing = spec.signing, let chooser = signing.chosenBy,
            spec.allFixedValues.contains(where: { $0.name == chooser && $0.source == .provided(label: label) })
        else { return nil }
        return signing.recipes.first?.value
    }
}

extension FixedValueContext {
    /// A fixed value of the API's (`endpoint` false) or of an endpoint's, whose provided values
    /// the client looks up by label; a provided value is optional when `optionalLabels` holds its
    /// label.
    init(_ value: Spec.FixedValue, endpoint: Bool, optionalLabels: Set<String>) {
        self.init(name: SwiftText.stringLiteral(value.name))
        switch value.source {
        case .literal(let literal): self.literal = SwiftExpressions.json(literal)
        case .provided(let label):
            provided = label
            optional = optionalLabels.contains(label)
            if endpoint { byLabel = SwiftText.stringLiteral(SwiftNaming.bare(label)) }
        case .now(let style): now = DateStyleContext(style)
        case .nonce(let kind): nonce = kind.rawValue
        }
        prefix = value.prefix.map(SwiftText.stringLiteral)
        placement = value.placement == .automatic ? nil : value.placement.rawValue
        if !value.member.isEmpty {
            member = "[" + value.member.map(SwiftText.stringLiteral).joined(separator: ", ") + "]"
        }
    }

    /// The provided labels whose value may be missing: a label is optional where any of its
    /// uses says so, and all its uses then take the optional closure.
    static func optionalLabels(of spec: Spec) -> Set<String> {
        Set(
            spec.allFixedValues.compactMap { value in
                guard value.optional, case .provided(let label) = value.source else { return nil }
                return label
            })
    }
}
