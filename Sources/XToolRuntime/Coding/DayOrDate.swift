import Foundation
internal import XToolRules

/// A date an API sends either as a whole day (`"2020-12-08"`: an all-day event) or as an instant
/// (`"2020-12-08T12:00:00.000-04:00"`) in one field (`DayOrDate` in a spec), kept in the form it
/// came in and written back so: a day stays a day, never the midnight UTC of it, which is 7 pm
/// the day before in New York; an instant keeps the offset it was written with.
public enum DayOrDate: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A calendar day, in no time zone (the API's, or the user's: `date(in:)` says which).
    case day(year: Int, month: Int, day: Int)
    /// An instant, and the zone its text gave it (a fixed offset from UTC: `-04:00`), in which
    /// it is written back; nil writes it in UTC. Two instants are equal whatever their zones.
    case date(Date, zone: TimeZone? = nil)

    /// `yyyy-MM-dd` is a day; an ISO 8601 date and time (fractional seconds or not) an instant;
    /// nil for any other text.
    public init?(text: String) {
        if let day = DateRules.day(text) {
            self = .day(year: day.year, month: day.month, day: day.day)
        } else if let date = DateStyle.iso8601.date(fromText: text) {
            self = .date(date, zone: DateRules.offset(of: text).flatMap(TimeZone.init(secondsFromGMT:)))
        } else {
            return nil
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = DayOrDate(text: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected a day (yyyy-MM-dd) or an ISO 8601 date, found '\(text)'")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// The text in the form it came in: `2020-12-08` for a day, ISO 8601 for an instant, at its
    /// zone's offset.
    public var text: String {
        switch self {
        case .day(let year, let month, let day):
            String(format: "%04d-%02d-%02d", year, month, day)
        case .date(let date, let zone):
            DateStyle.isoText(date, in: zone ?? .gmt)
        }
    }

    public static func == (lhs: DayOrDate, rhs: DayOrDate) -> Bool {
        switch (lhs, rhs) {
        case (.day(let year, let month, let day), .day(let otherYear, let otherMonth, let otherDay)):
            (year, month, day) == (otherYear, otherMonth, otherDay)
        case (.date(let date, _), .date(let other, _)): date == other
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .day(let year, let month, let day): hasher.combine([year, month, day])
        case .date(let date, _): hasher.combine(date)
        }
    }

    public var description: String { text }

    /// The instant: the date itself, or the start of the day in `timeZone`.
    public func date(in timeZone: TimeZone) -> Date {
        switch self {
        case .date(let date, _):
            return date
        case .day(let year, let month, let day):
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            return calendar.date(from: DateComponents(year: year, month: month, day: day)) ?? Date.distantPast
        }
    }
}
