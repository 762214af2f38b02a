import Foundation
import TestSupport
import Testing

@testable import XToolRuntime

/// Signing recipes (issue 40 item 1): the runtime signs as the API documents it, with no signer
/// of the app's own. The gateway is Taobao's open platform (TOP), whose documentation
/// (developer.alibaba.com/docs/doc.htm?articleId=105423, "Signature Algorithm"; and
/// open.taobao.com's "API调用方法详解" worked example) signs
/// `md5(secret + name1value1name2value2… + secret)` over every parameter but `sign`, sorted by
/// name, as upper-case hex, or `hmac_md5(secret, same text)` when `sign_method=hmac`.
@Suite struct SigningRecipeTests {
    /// The parameters of open.taobao.com's worked example, whose secret is `helloworld`.
    static let taobaoExample: [FixedParameter] = [
        .literal("method", "taobao.item.seller.get"), .literal("app_key", "12345678"), .literal("session", "test"),
        .literal("timestamp", "2016-01-01 12:00:00"), .literal("format", "json"), .literal("v", "2.0"),
        .literal("fields", "num_iid,title,nick,price,num"), .literal("num_iid", "11223344"),
    ]

    static let taobaoRecipes: [String: SigningRecipe] = [
        "md5": SigningRecipe(.md5, secret: .both, uppercase: true), "hmac": SigningRecipe(.hmacMD5, uppercase: true),
    ]

    /// The signature the documentation gives for its example (`66987CB1…`), sent with the
    /// request; the secret is never sent.
    @Test func theGatewaysDocumentedExampleSignsAsDocumented() async throws {
        let server = try TestServer.scope()
        let client = APIClient(
            baseURL: server.baseURL, fixed: Self.taobaoExample + [.literal("sign_method", "md5")],
            signature: .recipe(name: "sign", chosenBy: "sign_method", Self.taobaoRecipes, secret: { "helloworld" }))
        let echo: Echo = try await client.send(RequestDescription(.get, "router/rest"))
        let query = try #require(URLComponents(string: "?" + echo.query)?.queryItems)
        #expect(query.last?.name == "sign")
        #expect(query.last?.value == "66987CB115214E59E6EC978214934FB8")
        #expect(!echo.query.contains("helloworld"))
    }

    /// The value of `sign_method` chooses the recipe: `hmac` signs with HMAC-MD5 keyed by the
    /// secret; a value no recipe names fails before anything is sent.
    @Test func theChoosingParametersValuePicksTheRecipe() async throws {
        let server = try TestServer.scope()
        func client(_ method: String) -> APIClient {
            APIClient(
                baseURL: server.baseURL,
                fixed: [.literal("foo", "1"), .literal("bar", "2"), .literal("sign_method", .string(method))],
                signature: .recipe(name: "sign", chosenBy: "sign_method", Self.taobaoRecipes, secret: { "helloworld" }))
        }
        let echo: Echo = try await client("hmac").send(RequestDescription(.get, "router/rest"))
        // Python's hmac.new(b"helloworld", b"bar2foo1sign_methodhmac", hashlib.md5).
        #expect(echo.query == "foo=1&bar=2&sign_method=hmac&sign=5A2055C05A0495BBFBA229100D8BC98C")
        await #expect(throws: XToolError.self) {
            let _: Echo = try await client("sha1").send(RequestDescription(.get, "router/rest"))
        }
        #expect(try await server.requests("router/rest").count == 1)
    }

    /// Each way of writing the text, against digests Python's hashlib and hmac computed for the
    /// documentation's sorting example (`foo=1, bar=2, foo_bar=3, foobar=4`, secret `helloworld`).
    @Test(arguments: [
        (SigningRecipe(.md5, secret: .both, uppercase: true), "5AAF1C690262A24768F5478B084C2C8A"),
        (SigningRecipe(.hmacMD5, uppercase: true), "E687005F819D6F9E6ED085311C8ACC75"),
        (
            SigningRecipe(.hmacSHA256, text: .query),
            "ca18d8d730a5087869ff90c470f1099909b288f36f287b42e73a44ee46a13e23"
        ),
        (SigningRecipe(.sha1, secret: .before, order: .sent), "43025907ac2a382d7a56a4e129adad15bc2c735b"),
    ])
    func eachRecipeWritesItsText(recipe: SigningRecipe, expected: String) {
        let parameters = [("foo", "1"), ("bar", "2"), ("foo_bar", "3"), ("foobar", "4")].map {
            (name: $0.0, value: $0.1)
        }
        #expect(recipe.signature(of: parameters, secret: "helloworld") == expected)
    }
}
