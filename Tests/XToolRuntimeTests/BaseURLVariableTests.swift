import Foundation
import Testing
@_spi(Generated) import XToolRuntime

/// `APIClient.baseURL(_:variables:)`, what a spec's `baseURLVariables:` calls: each `{name}`
/// replaced by its value, which can't add a query, a fragment or a space to the URL.
@Suite struct BaseURLVariableTests {
    private static let template = "https://api.example.{tld}/{basePath}/"

    @Test func eachVariableTakesItsValue() {
        let url = APIClient.baseURL(Self.template, variables: ["tld": "eu", "basePath": "v1"])
        #expect(url.absoluteString == "https://api.example.eu/v1/")
    }

    @Test func aValueMayBeSeveralSegmentsOrAHostAndItsPort() {
        #expect(
            APIClient.baseURL(Self.template, variables: ["tld": "com", "basePath": "v2/beta"]).absoluteString
                == "https://api.example.com/v2/beta/")
        #expect(
            APIClient.baseURL("https://{instance}/api/v1/", variables: ["instance": "social.example:8443"])
                .absoluteString == "https://social.example:8443/api/v1/")
    }

    @Test func aValueCantAddAQueryAFragmentOrASpace() {
        let url = APIClient.baseURL(Self.template, variables: ["tld": "com", "basePath": "v1 x?debug=1#top"])
        #expect(url.absoluteString == "https://api.example.com/v1%20x%3Fdebug%3D1%23top/")
        #expect(url.query == nil)
        #expect(url.fragment == nil)
    }

    @Test func aValueThatMakesNoHostIsEncodedWhole() {
        let url = APIClient.baseURL("https://{instance}/api/", variables: ["instance": "host:port"])
        #expect(url.absoluteString == "https://host%3Aport/api/")
    }
}
