import Foundation
import XToolDiagnostics
import XToolRules
import XToolSpec
import XToolYAML

/// Reads dates in a spec's styles by the rules the runtime's `DateStyle` reads them by
/// (`DateRules`: ISO 8601 with or without fractional seconds, numbers of seconds or milliseconds,
/// numeric strings for those too, and `DateFormatter` patterns in `en_US_POSIX` and the declared
/// zone, else UTC), with one `DatePattern` per pattern and zone.
final class DateReader {
    private var patterns: [String: DatePattern] = [:]

    /// Whether `node` is a date in `style`.
    func reads(_ node: YAMLNode, in style: Spec.DateStyle) -> Bool {
        switch style {
        case .oneOf(let styles):
            return styles.contains { reads(node, in: $0) }
        case .secondsSince1970, .millisecondsSince1970:
            switch node.coreScalar {
            case .int?: return true
            case .float(let value)?: return value.isFinite
            case .string(let text)?: return DateRules.number(fromText: text) != nil
            default: return false
            }
        case .iso8601:
            guard case .string(let text)? = node.coreScalar else { return false }
            return DateRules.isoDate(text) != nil
        case .formatted(let pattern, let zone):
            guard case .string(let text)? = node.coreScalar else { return false }
            return self.pattern(pattern, zone).date(from: text) != nil
        }
    }

    private func pattern(_ pattern: String, _ zone: String?) -> DatePattern {
        let key = DatePattern.key(pattern, zone: zone)
        if let known = patterns[key] { return known }
        let made = DatePattern(pattern, zone: zone)
        patterns[key] = made
        return made
    }

    /// The style for messages, as `dates:` names it: `in the style iso8601`, `in any of the
    /// styles iso8601, 'yyyy-MM-dd'`.
    static func name(of style: Spec.DateStyle) -> String {
        guard case .oneOf(let styles) = style else { return "in the style " + style.spelling }
        return "in any of the styles " + styles.map(\.spelling).joined(separator: ", ")
    }
}
