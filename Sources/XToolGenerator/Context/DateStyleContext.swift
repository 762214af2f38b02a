import XToolSpec

// Dates' one home in the context layer: what the templates receive of a date style (`dates:`,
// a member's `format:` and `timezone:`), and how it is made from `Spec.DateStyle`.

/// A date style: one flag is true, or `formatted` holds the format as a string literal (and
/// `timeZone` its zone's name, when the spec gives one), or `oneOf` lists the styles any of
/// which a date may be in.
package struct DateStyleContext: Encodable, Sendable {
    package var iso8601 = false
    package var secondsSince1970 = false
    package var millisecondsSince1970 = false
    package var formatted: String?
    package var timeZone: String?
    package var oneOf: DateStylesContext?
}

/// Several date styles, any of which a date may be in.
package struct DateStylesContext: Encodable, Sendable {
    package var styles: [DateStyleContext]
}

extension DateStyleContext {
    /// The context of a date style: one flag, a format, or the styles any of which a date may be in.
    init(_ style: Spec.DateStyle) {
        self.init()
        switch style {
        case .iso8601: iso8601 = true
        case .secondsSince1970: secondsSince1970 = true
        case .millisecondsSince1970: millisecondsSince1970 = true
        case .formatted(let format, let zone):
            formatted = SwiftText.stringLiteral(format)
            timeZone = zone.map(SwiftText.stringLiteral)
        case .oneOf(let styles): oneOf = DateStylesContext(styles: styles.map(DateStyleContext.init))
        }
    }
}
