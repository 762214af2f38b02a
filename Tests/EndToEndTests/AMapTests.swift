import AMap
import Foundation
import TestSupport
import Testing
import XToolRuntime

/// AMap's (高德) weather, generated from `Specs/AMap.yaml`, against the local server with its
/// documentation's examples (`Specs/samples/amap/SOURCE.md`) (issue 30): Beijing times written
/// with no zone, read and written in `timezone: Asia/Shanghai`; `|`-separated parameters; and
/// the optional `sig`, sent only when the app's signer gives one; `[]` for nothing
/// (`emptyAsNil: true`); and the app's own `LngLat` (`appTypes:`) as a parameter, a field and a
/// response.
@Suite struct AMapTests {
    /// The regeo example's street number, as the app's own type.
    static let school = LngLat(longitude: 114.697924, latitude: 23.746066)

    let server: ServerScope
    let signed: Recorder<[String: String]>

    init() throws {
        server = try TestServer.scope()
        signed = Recorder()
    }

    /// The API with a key that has no digital signing: the signer gives nothing.
    private var api: AMapAPI {
        AMapAPI(baseURL: server.baseURL, cache: MemoryResponseCache(), appKey: { "amap-key" }, signer: { _ in nil })
    }

    /// The API with a key that signs: a stand-in for AMap's MD5, the sorted parameters as sent.
    private var signingAPI: AMapAPI {
        let signed = signed
        return AMapAPI(
            baseURL: server.baseURL, cache: MemoryResponseCache(), appKey: { "amap-key" },
            signer: { parameters in
                signed.append(parameters)
                return parameters.keys.sorted().map { "\($0)=\(parameters[$0] ?? "")" }.joined(separator: "&")
            })
    }

    /// `poitype: { style: pipe }` is one parameter, its elements joined with `|`, as it is sent
    /// and as the signer signs it.
    @Test func aPipeSeparatedArrayIsSentAndSignedAsOneValue() async throws {
        try await server.route("geocode/regeo", try Fixture.response("amap/regeo.json"))

        let address = try await GeocodeTool(api: signingAPI).regeo(
            location: Self.school, poiTypes: ["050000", "060000"])

        #expect(address.formattedAddress == "广东省河源市源城区东埔街道茶亭街6号河源市第一小学")
        #expect(address.street == "茶亭街")
        #expect(address.streetNumber == "6号")
        #expect(address.building == nil, #""building": {"name": []} has no name"#)
        #expect(address.neighborhood == nil)
        #expect(address.businessArea == nil, #""businessAreas": [[]]: the key path goes through an empty array"#)
        #expect(address.streetDistance == .double(25.4692), #"a lenient API's union reads "25.4692" as its Double"#)
        let sent = FormFields(try #require(try await server.requests("geocode/regeo").first).query)
        #expect(sent["poitype"] == "050000|060000")
        #expect(signed.values == [["key": "amap-key", "location": "114.697924,23.746066", "poitype": "050000|060000"]])
        #expect(sent["sig"] == "key=amap-key&location=114.697924,23.746066&poitype=050000|060000")
    }

    /// A signer that gives nil sends no `sig` at all, not an empty one.
    @Test func anOptionalSignatureIsLeftOutWhenTheSignerGivesNone() async throws {
        try await server.route("geocode/regeo", try Fixture.response("amap/regeo.json"))

        _ = try await GeocodeTool(api: api).regeo(location: Self.school)

        let sent = try #require(try await server.requests("geocode/regeo").first)
        #expect(
            FormFields(sent.query).dictionary(excluding: "")
                == ["key": "amap-key", "location": "114.697924,23.746066"])
        #expect(!sent.query.contains("sig"))
    }

    /// `"2019-01-10 18:49:58"` is Beijing time: 10:49:58 UTC, not 18:49:58 UTC.
    @Test func aZonelessTimeIsReadInTheDeclaredZone() async throws {
        try await server.route("weather/weatherInfo", try Fixture.response("amap/weather-live.json"))

        let live = try await WeatherTool(api: api).live(city: "110000")

        #expect(live.city == "北京市")
        #expect(live.temperature == 0)
        #expect(live.humidity == 26)
        #expect(live.reportTime == .utc(2019, 1, 10, 10, 49, 58))
        let sent = try #require(try await server.requests("weather/weatherInfo").first)
        #expect(
            FormFields(sent.query).dictionary(excluding: "")
                == ["city": "110000", "extensions": "base", "key": "amap-key"])
    }

    /// A day without a time is its midnight in Beijing (16:00 UTC the day before), so it is that
    /// day for a user in China, whatever the device's zone.
    @Test func aDateOnlyFieldIsMidnightInTheDeclaredZone() async throws {
        try await server.route("weather/weatherInfo", try Fixture.response("amap/weather-forecast.json"))

        let forecast = try await WeatherTool(api: api).forecast(city: "110000")

        #expect(forecast.reportTime == .utc(2019, 1, 10, 10, 49, 58))
        let midnights: [Date] = [.utc(2019, 1, 9, 16), .utc(2019, 1, 10, 16), .utc(2019, 1, 11, 16)]
        #expect(forecast.casts.map(\.date) == midnights)
        var beijing = Calendar(identifier: .gregorian)
        beijing.timeZone = try #require(TimeZone(identifier: "Asia/Shanghai"))
        #expect(forecast.casts.map { beijing.component(.day, from: $0.date) } == [10, 11, 12])
        #expect(forecast.casts.first?.nightTemperature == -7)
    }

    /// Writing uses the same zone: a `JSONEncoder` writes the texts the server sent, and a
    /// `JSONDecoder` reads them back to the same dates.
    @Test func datesAreWrittenInTheDeclaredZone() async throws {
        try await server.route("weather/weatherInfo", try Fixture.response("amap/weather-forecast.json"))
        let forecast = try await WeatherTool(api: api).forecast(city: "110000")

        let data = try JSONEncoder().encode(forecast)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["reporttime"] as? String == "2019-01-10 18:49:58")
        let casts = try #require(json["casts"] as? [[String: Any]])
        #expect(casts.compactMap { $0["date"] as? String } == ["2019-01-10", "2019-01-11", "2019-01-12"])
        #expect(try JSONDecoder().decode(Forecast.self, from: data) == forecast)
    }

    /// Without `emptyAsNil`, `[]` for a `String?` fails the whole response; with it, a name that
    /// is there is read, and one sent as `""` is nil too.
    @Test func emptyValuesAreNilAndRealOnesAreRead() async throws {
        let text = try Fixture.text("amap/regeo.json")
            .replacingOccurrences(
                of: #""building": {\#n        "name": [],"#, with: #""building": {\#n        "name": "河源市第一小学","#
            )
            .replacingOccurrences(
                of: #""neighborhood": {\#n        "name": [],"#, with: #""neighborhood": {\#n        "name": "","#)
        try #require(text.contains("河源市第一小学"))
        try await server.route("geocode/regeo", .json(text))

        let address = try await GeocodeTool(api: api).regeo(location: Self.school)

        #expect(address.building == "河源市第一小学")
        #expect(address.neighborhood == nil)
        #expect(address.businessArea == nil)
    }

    /// `LngLat`, a type the app defines, is a parameter (sent and signed as the text it encodes
    /// to), a field and a whole response.
    @Test func theAppsOwnTypeIsAParameterAFieldAndAResponse() async throws {
        try await server.route("geocode/regeo", try Fixture.response("amap/regeo.json"))

        let address = try await GeocodeTool(api: signingAPI).regeo(location: LngLat(longitude: 116.48, latitude: 39.99))
        let street = try await GeocodeTool(api: api).streetLocation(location: Self.school)

        #expect(address.streetLocation == Self.school)
        #expect(street == Self.school)
        let sent = try await server.requests("geocode/regeo").map { FormFields($0.query) }
        #expect(sent.map { $0["location"] } == ["116.48,39.99", "114.697924,23.746066"])
        #expect(signed.values.first?["location"] == "116.48,39.99")
    }

    /// The samples read as the spec says, in the declared zone.
    @Test func theSamplesReadThroughTheRuntime() async throws {
        #expect(try await AMapAPI.checkSamples().isEmpty)
    }
}
