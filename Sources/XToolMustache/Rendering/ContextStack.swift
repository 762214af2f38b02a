/// The values that names are looked up in: the rendered value at the bottom, one more for each
/// section being rendered.
struct ContextStack {
    private var values: [MustacheValue]

    init(_ root: MustacheValue) {
        values = [root]
    }

    mutating func push(_ value: MustacheValue) {
        values.append(value)
    }

    mutating func pop() {
        values.removeLast()
    }

    /// The value `name` refers to, or nil when it is not found.
    ///
    /// `.` is the top of the stack. Otherwise the first part is looked up in the innermost object
    /// that has it, and each further part in the value found so far only.
    func resolve(_ name: Name) -> MustacheValue? {
        guard let first = name.parts.first else { return values.last }
        var found: MustacheValue?
        var level = values.count
        while level > 0, found == nil {
            level -= 1
            found = values[level][first]
        }
        guard var value = found else { return nil }
        for part in name.parts.dropFirst() {
            guard let member = value[part] else { return nil }
            value = member
        }
        return value
    }
}

extension MustacheValue {
    /// The member `key` of an object.
    fileprivate subscript(key: String) -> MustacheValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }
}
