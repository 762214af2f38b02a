import XToolSpec

// `sign:`'s recipes in the context layer: what the API type's template receives to have the
// runtime sign by a recipe (`Signature.recipe(…)`), made from `Spec.Signing`.

/// A signature the runtime computes: the initializer's `secret` label, and either one `recipe`
/// or, with `chosenBy` (the choosing parameter's name as a literal), `recipes[]` by value.
package struct SigningContext: Encodable, Sendable {
    package var secret: String
    package var recipe: String?
    package var chosenBy: String?
    package var recipes: [ChosenRecipeContext]
}

/// The recipe (a Swift expression) a value (a string literal) of the choosing parameter names.
package struct ChosenRecipeContext: Encodable, Sendable {
    package var value: String
    package var recipe: String
}

extension SigningContext {
    init(_ signing: Spec.Signing) {
        self.init(
            secret: signing.secret,
            recipe: signing.chosenBy == nil ? signing.recipes.first.map { Self.expression($0.recipe) } : nil,
            chosenBy: signing.chosenBy.map(SwiftText.stringLiteral),
            recipes: signing.recipes.compactMap { chosen in
                chosen.value.map {
                    ChosenRecipeContext(value: SwiftText.stringLiteral($0), recipe: Self.expression(chosen.recipe))
                }
            })
    }

    /// `SigningRecipe(.hmacMD5, uppercase: true)`: the runtime's recipe, defaults left out.
    static func expression(_ recipe: Spec.SigningRecipe) -> String {
        let algorithm =
            switch recipe.digest {
            case .md5: ".md5"
            case .sha1: ".sha1"
            case .sha256: ".sha256"
            case .hmacMD5: ".hmacMD5"
            case .hmacSHA1: ".hmacSHA1"
            case .hmacSHA256: ".hmacSHA256"
            }
        var arguments = [algorithm]
        if recipe.text != .concatenated { arguments.append("text: .\(recipe.text.rawValue)") }
        if let secretAt = recipe.secretAt { arguments.append("secret: .\(secretAt.rawValue)") }
        if recipe.order != .sorted { arguments.append("order: .\(recipe.order.rawValue)") }
        if recipe.uppercase { arguments.append("uppercase: true") }
        return "SigningRecipe(\(arguments.joined(separator: ", ")))"
    }
}
