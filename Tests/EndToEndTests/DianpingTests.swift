import Dianping
import Foundation
import TestSupport
import Testing
import XToolRuntime

/// Seed 003's data layer, generated from `Specs/Dianping.yaml`, against the local server.
@Suite struct DianpingTests {
    let server: ServerScope
    /// Signs as Dianping's SDK does; the secret never leaves the signer.
    let signer = Signer.dianping(appKey: "10000008", secret: "e2e-secret")

    init() throws {
        server = try TestServer.scope()
    }

    private var api: DianpingAPI {
        DianpingAPI(
            baseURL: server.baseURL, cache: MemoryResponseCache(), signer: { [signer] in try await signer.sign($0) })
    }

    private static let findDeals = "v1/deal/find_deals"

    /// `find_deals` for 北京, as seed 003 prints it.
    private static func dealsFixture() throws -> Canned {
        try Fixture.response("dianping/" + findDeals + ".json")
    }

    @Test func findDealsSendsTheCityTheAppKeyAndTheSignature() async throws {
        try await server.route(Self.findDeals, try Self.dealsFixture())

        _ = try await DealTool(api: api).findDeals(city: "北京")

        let sent = try #require(try await server.requests(Self.findDeals).first)
        #expect(sent.method == "GET")
        #expect(sent.path == server.path(Self.findDeals))
        #expect(sent.query.contains("city=%E5%8C%97%E4%BA%AC"), "北京 as UTF-8, percent-encoded")
        let fields = FormFields(sent.query)
        #expect(fields.names == ["appkey", "city", "sign"])
        #expect(fields["appkey"] == "10000008")
        #expect(fields["city"] == "北京")
        #expect(signer.inputs.values == [fields.dictionary(excluding: "sign")], "the signer saw what was sent")
        // SHA-1 of "10000008" + "appkey10000008" + "city北京" + "e2e-secret", as Dianping's server checks it.
        #expect(fields["sign"] == "0F5033606D270A7C125772B72271AF25FF25F7C4")
    }

    @Test func findDealsDecodesDealsWithBusinessesAndDates() async throws {
        try await server.route(Self.findDeals, try Self.dealsFixture())

        let deals = try await DealTool(api: api).findDeals(city: "北京")

        #expect(deals.count == 1)
        let deal = try #require(deals.first)
        #expect(deal.dealID == "2-20401897")
        #expect(deal.title == "摩根大古电玩城")
        #expect(deal.description == "摩根大古电玩城 仅售40元，价值50元游戏币50个！")
        #expect(deal.city == "北京")
        #expect(deal.listPrice == 50)
        #expect(deal.currentPrice == 40)
        #expect(deal.regions == ["东城区"])
        #expect(deal.categories == ["桌游/电玩/网吧"])
        #expect(deal.purchaseCount == 412)
        #expect(deal.publishDate == .utc(2016, 6, 23, 16), "midnight in Beijing (timezone: Asia/Shanghai)")
        #expect(deal.purchaseDeadline == .utc(2017, 6, 29, 16))
        #expect(deal.distance == -1)
        #expect(deal.commissionRatio == 0)
        #expect(deal.dealURL == URL(string: "http://t.dianping.com/deal/20401897?utm_source=open"))
        #expect(deal.dealH5URL == URL(string: "http://m.dianping.com/tuan/deal/20401897?utm_source=open"))
        #expect(deal.imageURL.absoluteString.hasSuffix("(640c400)/thumb.jpg"))
        #expect(deal.sImageURL.absoluteString.hasSuffix("(160c100)/thumb.jpg"))
        #expect(
            deal.businesses == [
                Business(
                    id: 65_685_091, name: "摩根大古电玩城", city: "北京", latitude: 39.89661, longitude: 116.41923,
                    url: URL(string: "http://www.dianping.com/shop/65685091?utm_source=open")!,
                    h5URL: URL(string: "http://m.dianping.com/shop/65685091?utm_source=open")!)
            ])
    }

    @Test func findDealPageKeepsTheCounts() async throws {
        try await server.route(Self.findDeals, try Self.dealsFixture())

        let page = try await DealTool(api: api).findDealPage(city: "北京")

        #expect(page.count == 20)
        #expect(page.totalCount == 114_644)
        #expect(page.deals.map(\.dealID) == ["2-20401897"])
        let sent = try await server.requests(Self.findDeals)
        #expect(sent.map { FormFields($0.query).names } == [["appkey", "city", "page", "limit", "sign"]])
        #expect(sent.map { FormFields($0.query)["limit"] } == ["20"])
    }

    /// The only test that sets `DianpingAPI.shared` (it is one per process).
    @Test func theSharedInstanceServesToolsAndTheGenericLayer() async throws {
        try await server.route(Self.findDeals, try Self.dealsFixture())
        DianpingAPI.shared = api

        let deals = try await DealTool().findDeals(city: "北京")
        let json: JSON = try await DianpingAPI.shared.client.send(
            RequestDescription(.get, "v1/deal/find_deals"), [.query("city", "北京")])

        #expect(deals.first?.businesses.first?.name == "摩根大古电玩城")
        #expect(json["deals"][0]["businesses"][0]["name"] == "摩根大古电玩城")
        #expect(json["status"] == "OK")
        #expect(json["total_count"]?.intValue == 114_644)
        let sent = try await server.requests(Self.findDeals)
        #expect(sent.count == 2)
        #expect(Set(sent.map(\.query)).count == 1, "the same request, signed the same way")
    }
}
