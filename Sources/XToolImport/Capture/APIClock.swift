/// The zone of the API's clock: the zone of the times its answers write without one
/// (`"reporttime": "2023-07-04 20:00:17"`), which the spec must name (`timezone:`) for the app
/// to read them as the instants they are.
enum APIClock {
    /// The zone, with why: the zone a time the app sends each call is written in (measured
    /// against the call's own time), else the one zone the capture was recorded in (the
    /// `startedDateTime` offset of every call: apps are recorded where their API's users are),
    /// said so; nil where the answers write no such time, or the evidence is UTC or mixed.
    static func zone(
        of models: [ModelDraft], sentTimeZone: String?, recordedOffsets: [Int?]
    ) -> (name: String, comment: String)? {
        let keys = models.flatMap { model in
            model.fields.filter { field in
                field.type.dateFormat.flatMap(KnownDatePattern.init(rawValue:))?.needsZone == true
            }.map(\.key)
        }
        guard !keys.isEmpty else { return nil }
        let named = Set(keys).sorted()
        let holders =
            named.prefix(3).map { "`\($0)`" }.joined(separator: ", ") + (named.count == 1 ? " holds" : " hold")
        if let sentTimeZone, sentTimeZone != "UTC" {
            return (sentTimeZone, "\(holders) times without a zone: read in the zone of the time each call sends")
        }
        let offsets = Set(recordedOffsets)
        guard offsets.count == 1, let offset = offsets.first ?? nil, offset != 0,
            let name = SentByTheAPI.zoneName(offset: offset)
        else { return nil }
        let hours =
            "\(offset < 0 ? "-" : "+")\(abs(offset) / 3600)" + (offset % 3600 == 0 ? "" : ":\(abs(offset) % 3600 / 60)")
        return (
            name,
            "\(holders) times without a zone: read in the zone the capture was recorded in (UTC\(hours)); "
                + "name the API's own if it differs"
        )
    }
}
