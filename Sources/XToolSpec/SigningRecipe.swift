import XToolYAML

extension Spec {
    /// How the runtime computes the signature itself (`sign:` with `digest:`, or with `by:` and
    /// `recipes:`), from the secret the API initializer's `secret` label gives.
    package struct Signing: Hashable, Sendable {
        /// The initializer's label of the secret: read on every request, never sent.
        package var secret: String
        /// The parameter whose value chooses the recipe (`sign_method`), nil for one recipe.
        package var chosenBy: String?
        /// The recipes: one with no value, or one per value of `chosenBy`, in spec order.
        package var recipes: [ChosenRecipe]
    }

    /// A recipe, and the value of `Signing.chosenBy` that chooses it (nil for the only one).
    package struct ChosenRecipe: Hashable, Sendable {
        package var value: String?
        package var recipe: SigningRecipe
    }

    /// One way of signing: the digest of the parameters' text, as the API documents it.
    package struct SigningRecipe: Hashable, Sendable {
        package enum Digest: String, CaseIterable, Sendable {
            case md5, sha1, sha256
            case hmacMD5 = "hmac-md5"
            case hmacSHA1 = "hmac-sha1"
            case hmacSHA256 = "hmac-sha256"

            /// An HMAC takes the secret as its key; a plain digest has it in its text.
            package var isHMAC: Bool { rawValue.hasPrefix("hmac") }
        }

        package enum Text: String, CaseIterable, Sendable { case concatenated, query }
        package enum SecretPlacement: String, CaseIterable, Sendable { case before, after, both }
        package enum Order: String, CaseIterable, Sendable { case sorted, sent }

        package var digest: Digest
        package var text = Text.concatenated
        /// Where a plain digest's text has the secret (nil for an HMAC).
        package var secretAt: SecretPlacement?
        package var order = Order.sorted
        package var uppercase = false
    }
}

extension SpecReader {
    /// `sign: { name:, secret: appSecret, digest: md5, secretAt: both, case: upper }`, or with
    /// `by: sign_method` and `recipes: { md5: {…}, hmac: {…} }`; nil when `map` asks for no
    /// recipe (the app's own signer).
    mutating func readSigning(_ map: MappingNode) -> Spec.Signing? {
        let recipeKeys = SpecKeys.signingRecipe.filter { map.value($0) != nil }
        guard map.value("secret") != nil || map.value("by") != nil || map.value("recipes") != nil || !recipeKeys.isEmpty
        else { return nil }
        for key in ["rewrites", "optional"] {
            if let node = map.entry(key)?.keyNode {
                error(
                    "'\(key)' is for the app's own signer; a signing recipe always signs and changes nothing", at: node)
            }
        }
        guard let secretNode = required("secret", in: map),
            let secret = validIdentifier(secretNode, what: "the signing secret's label")
        else { return nil }
        if ReservedNames.initializerLabels.contains(secret) {
            error(
                "the signing secret '\(secret)' clashes with the generated initializer's own '\(secret):'",
                at: secretNode)
        }
        let label = SwiftNaming.memberIdentifier(secret)
        switch (map.value("by"), map.value("recipes")) {
        case (nil, nil):
            return readRecipe(map).map { Spec.Signing(secret: label, recipes: [Spec.ChosenRecipe(recipe: $0)]) }
        case (let byNode?, let recipesNode?):
            if let first = recipeKeys.first, let node = map.entry(first)?.keyNode {
                error("'\(first)' goes inside each of 'recipes' when 'by' chooses one", at: node)
            }
            guard let by = nonEmptyText(byNode, what: "the parameter that chooses the recipe"),
                let recipesKey = map.entry("recipes")?.keyNode,
                let recipes = mapping(recipesNode, owner: recipesKey, what: "the recipes", allowedKeys: [])
            else { return nil }
            let read = recipes.entries.compactMap { entry in
                mapping(
                    entry.value, owner: entry.keyNode, what: "the recipe '\(entry.key)'",
                    allowedKeys: SpecKeys.signingRecipe
                )
                .flatMap { readRecipe($0) }.map { Spec.ChosenRecipe(value: entry.key, recipe: $0) }
            }
            if recipes.entries.isEmpty { error("'recipes' names at least one value of '\(by)'", at: recipesNode) }
            guard read.count == recipes.entries.count, !read.isEmpty else { return nil }
            return Spec.Signing(secret: label, chosenBy: by, recipes: read)
        case (let byNode?, nil):
            error("'by' names the parameter whose value chooses one of 'recipes'; add 'recipes'", at: byNode)
        case (nil, let recipesNode?):
            error("'recipes' are chosen by a parameter's value; name it with 'by'", at: recipesNode)
        }
        return nil
    }

    /// The secret is no value that is sent, and a fixed literal that chooses the recipe names one.
    mutating func checkSigning(_ signing: Spec.Signing, fixed: [Spec.FixedValue], at node: YAMLNode) {
        for value in fixed {
            switch value.source {
            case .provided(let label) where label == signing.secret:
                error(
                    "the signing secret '\(label)' is also the provided value '\(value.name)', which is sent; "
                        + "a secret is never sent: give it a label of its own", at: node)
            case .literal(let literal) where value.name == signing.chosenBy:
                let text =
                    switch literal {
                    case .string(let text): text
                    case .int(let number): String(number)
                    case .double(let number): String(number)
                    case .bool(let flag): String(flag)
                    case .null: "null"
                    }
                if !signing.recipes.contains(where: { $0.value == text }) {
                    error(
                        "'\(value.name)' is always '\(text)', which none of 'recipes' names "
                            + "(\(signing.recipes.compactMap(\.value).joined(separator: ", ")))", at: node)
                }
            default: break
            }
        }
    }

    /// One recipe: `digest:` (required), `text:`, `secretAt:` (a plain digest's, required
    /// there), `order:`, `case:`.
    private mutating func readRecipe(_ map: MappingNode) -> Spec.SigningRecipe? {
        guard let digestNode = required("digest", in: map),
            let digest = named(digestNode, Spec.SigningRecipe.Digest.self, what: "digest")
        else { return nil }
        var recipe = Spec.SigningRecipe(digest: digest)
        if let node = map.value("text") {
            recipe.text = named(node, Spec.SigningRecipe.Text.self, what: "text") ?? .concatenated
        }
        if let node = map.value("order") {
            recipe.order = named(node, Spec.SigningRecipe.Order.self, what: "order") ?? .sorted
        }
        if let node = map.value("case") {
            recipe.uppercase = choice(node, what: "case", [("lower", false), ("upper", true)]) ?? false
        }
        let placement = map.value("secretAt")
        switch (digest.isHMAC, placement) {
        case (true, let node?):
            error("an HMAC takes the secret as its key; '\(digest.rawValue)' takes no 'secretAt'", at: node)
        case (false, nil):
            error(
                "'\(digest.rawValue)' needs 'secretAt': where its text has the secret (before, after or both)",
                at: map.entry("digest")?.keyNode ?? map.owner)
        case (false, let node?):
            recipe.secretAt = named(node, Spec.SigningRecipe.SecretPlacement.self, what: "secretAt")
        case (true, nil): break
        }
        return recipe
    }

    /// One of an enumeration's raw values, or an error that lists them.
    private mutating func named<T: RawRepresentable & CaseIterable>(_ node: YAMLNode, _ type: T.Type, what: String)
        -> T?
    where T.RawValue == String {
        choice(node, what: what, T.allCases.map { ($0.rawValue, $0) })
    }
}
