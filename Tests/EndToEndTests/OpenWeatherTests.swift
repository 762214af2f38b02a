import Foundation
import OpenWeather
import TestSupport
import Testing
import XToolRuntime

/// OpenWeatherMap's current weather, generated from `Specs/OpenWeather.yaml`, against the local
/// server: key paths that index an array (`weather.0.description`), in fields and in a response.
@Suite struct OpenWeatherTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    private var api: OpenWeatherAPI {
        OpenWeatherAPI(baseURL: server.baseURL, cache: MemoryResponseCache(), apiKey: { "key-e2e" })
    }

    /// The example response of OpenWeatherMap's documentation (`Specs/samples/openweather/SOURCE.md`).
    private static func weatherFixture() throws -> Canned {
        try Fixture.response("openweather/weather.json")
    }

    @Test func theFirstConditionIsReadFromTheWeatherArray() async throws {
        try await server.route("weather", try Self.weatherFixture())

        let weather = try await WeatherTool(api: api).current(lat: 44.34, lon: 10.99, units: .standard)

        #expect(weather.name == "Zocca")
        #expect(weather.condition == "Rain")
        #expect(weather.description == "moderate rain")
        #expect(weather.icon == "10d")
        #expect(weather.secondCondition == nil, "weather[1] is past the end of the array: nil for an optional")
        #expect(weather.temperature == 298.48)
        #expect(weather.rainLastHour == 3.16)
        #expect(weather.observedAt == Date(timeIntervalSince1970: 1_661_870_592))
        #expect(weather.sunrise == .utc(2022, 8, 30, 4, 36, 27))
        let sent = try await server.requests("weather")
        #expect(sent.map { FormFields($0.query) } == [FormFields("appid=key-e2e&lat=44.34&lon=10.99&units=standard")])
    }

    @Test func aResponsePathCanIndexAnArray() async throws {
        try await server.route("weather", try Self.weatherFixture())

        let condition = try await WeatherTool(api: api).condition(lat: 44.34, lon: 10.99)

        #expect(condition == Condition(id: 501, main: "Rain", description: "moderate rain", icon: "10d"))
    }

    @Test func aSecondConditionIsReadWhenThereIsOne() async throws {
        let two = try Fixture.text("openweather/weather.json").replacingOccurrences(
            of: #""icon": "10d""#,
            with: #""icon": "10d"}, {"id": 701, "main": "Mist", "description": "mist", "icon": "50d""#)
        try #require(two.contains("Mist"))
        try await server.route("weather", .json(two))

        let weather = try await WeatherTool(api: api).current(lat: 44.34, lon: 10.99)

        #expect(weather.condition == "Rain")
        #expect(weather.secondCondition == "Mist")
    }

    @Test func anEmptyWeatherArrayIsADecodingErrorAtTheIndex() async throws {
        let none = try Fixture.text("openweather/weather.json").replacingOccurrences(
            of: #"(?s)"weather": \[.*?\]"#, with: #""weather": []"#, options: .regularExpression)
        try #require(none.contains(#""weather": []"#))
        try await server.route("weather", .json(none))

        let error = await #expect(throws: XToolError.self) { try await WeatherTool(api: api).current(lat: 0, lon: 0) }
        #expect(error?.decodingPath == "weather[0]")
        let conditionError = await #expect(throws: XToolError.self) {
            try await WeatherTool(api: api).condition(lat: 0, lon: 0)
        }
        #expect(conditionError?.decodingPath == "weather[0]")
    }

    /// The model reads `dt` as `dates: secondsSince1970` says, through the client and through a
    /// plain `JSONDecoder` alike, and writes what it reads.
    @Test func theModelDecodesAlikeOutsideTheClientAndWritesWhatItReads() async throws {
        try await server.route("weather", try Self.weatherFixture())
        let fetched = try await WeatherTool(api: api).current(lat: 44.34, lon: 10.99)

        let decoded = try JSONDecoder().decode(
            CurrentWeather.self, from: Data(try Fixture.text("openweather/weather.json").utf8))
        #expect(decoded == fetched)
        let json = try JSON(data: JSONEncoder().encode(decoded))
        #expect(json["weather"] == [["main": "Rain", "description": "moderate rain", "icon": "10d"]])
        #expect(json["dt"] == 1_661_870_592)
        #expect(try JSONDecoder().decode(CurrentWeather.self, from: JSONEncoder().encode(decoded)) == decoded)
    }
}
