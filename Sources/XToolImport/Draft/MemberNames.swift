import XToolSpec

/// The Swift names of one scope's members, to give `name:` where two wire names would derive
/// one Swift name or where none derives.
struct MemberNames {
    private var taken: Set<String> = []
    /// How the spec derives a Swift name from a key: a field's (a key path's last component)
    /// or a parameter's (`SwiftNaming.parameterName`, the whole name).
    private let derive: (String) -> String?

    init(taken: Set<String> = [], derive: @escaping (String) -> String? = SwiftNaming.memberName) {
        self.taken = taken
        self.derive = derive
    }

    /// The names of one endpoint's parameters.
    static func parameters() -> MemberNames { MemberNames(derive: SwiftNaming.parameterName) }

    /// nil when the name derived from `key` is free (and now taken); else the `name:` to use.
    mutating func override(for key: String, reserved: Set<String> = []) -> String? {
        guard let derived = derive(key), SwiftNaming.isIdentifier(derived) else {
            return take(SwiftNaming.unique("value") { taken.contains($0) })
        }
        if reserved.contains(derived) {
            return take(SwiftNaming.unique(derived + "Value") { taken.contains($0) })
        }
        guard taken.contains(derived) else {
            taken.insert(derived)
            return nil
        }
        return take(SwiftNaming.unique(derived) { taken.contains($0) })
    }

    /// Takes `name` itself (a whole body's argument).
    mutating func take(_ name: String) -> String {
        taken.insert(name)
        return name
    }

    func contains(_ name: String) -> Bool { taken.contains(name) }

    /// The `name:` of a field whose key is `key`, or nil when the derived name is free in these names
    /// (and now taken): `self` would be `_self`, a leading digit `_0`: `selfValue`, `zero`.
    mutating func fieldName(for key: String) -> String? {
        let spelled = SwiftNaming.spellingLeadingDigit(key)
        return spelled == key
            ? override(for: key, reserved: ["self"])
            : override(for: spelled) ?? SwiftNaming.memberName(spelled)
    }
}
