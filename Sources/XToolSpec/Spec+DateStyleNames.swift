import XToolRules

extension Spec.DateStyle {
    /// The style a name of the runtime's (`DateStyleName`) stands for.
    package init(_ name: DateStyleName) {
        switch name {
        case .iso8601: self = .iso8601
        case .secondsSince1970: self = .secondsSince1970
        case .millisecondsSince1970: self = .millisecondsSince1970
        }
    }

    /// The runtime's name of the style; nil for a pattern or a list.
    package var name: DateStyleName? {
        DateStyleName.allCases.first { Spec.DateStyle($0) == self }
    }

    /// The style as `dates:` names it: `iso8601`, `'yyyy-MM-dd'`, `[iso8601, 'yyyy-MM-dd']`,
    /// with a pattern's zone (`'yyyy-MM-dd HH:mm:ss' in Asia/Shanghai`).
    package var spelling: String {
        if case .oneOf(let styles) = self { return "[" + styles.map(\.spelling).joined(separator: ", ") + "]" }
        if case .formatted(let pattern, let zone) = self { return "'\(pattern)'" + (zone.map { " in \($0)" } ?? "") }
        return name?.rawValue ?? ""
    }
}
