import Foundation
import Testing
import XToolYAML

@testable import XToolImport

/// `xtoolgen import capture.har` of GraphQL traffic: every call a POST of `{query, variables}` to
/// one path, told apart by its operation.
@Suite struct CaptureGraphQLTests {
    /// A HAR entry: a GraphQL request (`query`, and `variables` and `operationName` where given)
    /// to `https://api.example.com/graphql`, and its JSON answer.
    static func call(
        _ query: String, variables: [String: Any]? = nil, operationName: String? = nil, status: Int = 200,
        answer: Any
    ) -> [String: Any] {
        var body: [String: Any] = ["query": query]
        if let variables { body["variables"] = variables }
        if let operationName { body["operationName"] = operationName }
        let text = { (value: Any) in
            String(
                decoding: try! JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
        }
        return [
            "request": [
                "method": "POST", "url": "https://api.example.com/graphql",
                "headers": [["name": "Content-Type", "value": "application/json"]],
                "postData": ["mimeType": "application/json", "text": text(body)],
            ],
            "response": ["status": status, "content": ["mimeType": "application/json", "text": text(answer)]],
        ]
    }

    static func imported(_ entries: [[String: Any]]) throws -> String {
        try CaptureImportTests.imported(CaptureImportTests.capture(entries)).text
    }

    static func expect(_ text: String, is spec: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        CaptureImportTests.expect(text, is: spec, sourceLocation: sourceLocation)
    }

    /// The operation a document names, its kind, its variables' declared types and the first
    /// field it asks for (an alias where it has one); fragments before it are skipped, and text
    /// that is no GraphQL document is none.
    @Test func aDocumentNamesItsOperation() throws {
        let named = try #require(
            GraphQLOperation(
                document: "# lists\nquery SearchMedia($page: Int = 1, $ids: [ID!]!, $score: Float) "
                    + "{ Page(page: $page) { media { id } } }", named: nil))
        #expect(named.kind == "query" && named.name == "SearchMedia" && named.firstField == "Page")
        #expect(named.variables.map(\.name) == ["page", "ids", "score"])
        #expect(named.variables.map(\.type) == ["Int", "[ID!]!", "Float"])
        #expect(named.variables.map { GraphQLOperation.builtInType($0.type) } == ["Int", "[String]", "Double"])
        let anonymous = try #require(
            GraphQLOperation(
                document: "fragment F on User { id }\n{ me: viewer { ...F } }", named: nil))
        #expect(anonymous.kind == "query" && anonymous.name == nil && anonymous.firstField == "me")
        let two = "mutation A { a { id } } mutation B($x: String) { b(x: $x) { id } }"
        #expect(GraphQLOperation(document: two, named: "B")?.variables.map(\.name) == ["x"])
        #expect(GraphQLOperation(document: "query A { a { id } }", named: "ClientLabel")?.name == "A")
        #expect(GraphQLOperation(document: "fate zero", named: nil) == nil)
        #expect(GraphQLOperation(document: "{ unclosed { id }", named: nil) == nil)
    }

    /// A body is a GraphQL request by its `query`; variables sent as JSON text are read as the
    /// object they are, and a body whose `query` is no document is none.
    @Test func aBodyIsAGraphQLRequestByItsQuery() throws {
        let reader = JSONReader(maxDepth: 64, rejectsDuplicateKeys: false)
        let request = try #require(
            GraphQLRequest(
                body: reader.parseDocument(
                    #"{"query": "query Q($id: Int) { q(id: $id) { id } }", "variables": "{\"id\": 3}"}"#)))
        #expect(request.name == "Q" && request.variables?["id"]?.scalarText == "3" && request.unread == nil)
        #expect(GraphQLRequest(body: try reader.parseDocument(#"{"query": "fate zero", "page": 2}"#)) == nil)
    }

    /// One endpoint per operation, named by the document's name for it, by `operationName`, or
    /// by the first field of an anonymous one; its text fixed; queries `read: true`; the answer
    /// under GraphQL's envelope, at the field it asks for.
    @Test func eachOperationIsAnEndpoint() throws {
        let text = try Self.imported([
            Self.call(
                "query Viewer {\n  viewer { id name }\n}", variables: [:],
                answer: ["data": ["viewer": ["id": 1, "name": "ann"]]]),
            Self.call("{ shop { name } }", answer: ["data": ["shop": ["name": "corner"]]]),
            Self.call(
                "mutation AddTag($name: String!) { addTag(name: $name) { id } }", variables: ["name": "red"],
                operationName: "AddTag", answer: ["data": ["addTag": ["id": 7]]]),
            Self.call(
                "query Viewer {\n  viewer { id name }\n}", variables: [:],
                answer: ["data": ["viewer": ["id": 1, "name": "ann"]]]),
        ])
        Self.expect(
            text,
            is: """
                # Imported from the capture app.har (4 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/

                envelope:
                  data: data
                  success: { absent: errors }
                  message: errors.0.message

                models:
                  Viewer:
                    fields:
                      id: Int
                      name: String
                  Shop:
                    fields:
                      name: String
                  AddTag:
                    fields:
                      id: Int
                  AddTagVariables:
                    fields:
                      name: String

                tools:
                  Graphql:
                    endpoints:
                      viewer:
                        post: graphql
                        fixed:
                          query: |-
                            query Viewer {
                              viewer { id name }
                            }
                        read: true
                        response: { path: viewer, type: Viewer }
                        sample:
                          body: {
                              "data": {
                                "viewer": {
                                  "id": 1,
                                  "name": "ann"
                                }
                              }
                            }
                          source: "captured: POST https://api.example.com/graphql"
                      shop:
                        post: graphql
                        fixed:
                          query: "{ shop { name } }"
                        read: true
                        response: { path: shop, type: Shop }
                        sample:
                          body: {
                              "data": {
                                "shop": {
                                  "name": "corner"
                                }
                              }
                            }
                          source: "captured: POST https://api.example.com/graphql"
                      addTag:
                        post: graphql
                        params:
                          variables: { type: AddTagVariables, spread: true }
                        fixed:
                          query: "mutation AddTag($name: String!) { addTag(name: $name) { id } }"
                          operationName: AddTag
                        response: { path: addTag, type: AddTag }
                        sample:
                          body: {
                              "data": {
                                "addTag": {
                                  "id": 7
                                }
                              }
                            }
                          source: "captured: POST https://api.example.com/graphql"

                """)
    }

    /// Variables are a model the endpoint spreads, typed by their declarations (`Float` is
    /// `Double`) and values, optional where a call left one out; a variable that counts up
    /// between calls while the others stay is the page, the one a full page's length matches
    /// its size, and the payload's flag, last page and total are found by what they hold.
    @Test func variablesAreASpreadModelAndAPageNumberPages() throws {
        let product = { (id: Int) in ["id": id, "price": 9.5] as [String: Any] }
        let page = { (number: Int, more: Bool, items: [[String: Any]]) -> [String: Any] in
            [
                "data": [
                    "catalog": [
                        "pageInfo": ["currentPage": number, "hasNextPage": more, "lastPage": 2, "total": 3],
                        "products": items,
                    ]
                ]
            ]
        }
        let query =
            "query Catalog($search: String, $minScore: Float, $page: Int, $size: Int) {\n"
            + "  catalog(page: $page, size: $size) { pageInfo { currentPage hasNextPage lastPage total } "
            + "products(search: $search, minScore: $minScore) { id price } }\n}"
        let text = try Self.imported([
            Self.call(
                query, variables: ["search": "tea", "minScore": 3, "page": 1, "size": 2],
                answer: page(1, true, [product(1), product(2)])),
            Self.call(
                query, variables: ["search": "tea", "minScore": 3, "page": 2, "size": 2],
                answer: page(2, false, [product(3)])),
            Self.call(query, variables: ["page": 1, "size": 2], answer: page(1, true, [product(1), product(2)])),
        ])
        Self.expect(
            text,
            is: """
                # Imported from the capture app.har (3 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/

                envelope:
                  data: data
                  success: { absent: errors }
                  message: errors.0.message

                models:
                  Product:
                    fields:
                      id: Int
                      price: Double
                  CatalogVariables:
                    fields:
                      search: String?
                      minScore: Double?
                      page: Int
                      size: Int

                tools:
                  Graphql:
                    endpoints:
                      catalog:
                        post: graphql
                        params:
                          variables: { type: CatalogVariables, spread: true }
                        fixed:
                          query: |-
                            query Catalog($search: String, $minScore: Float, $page: Int, $size: Int) {
                              catalog(page: $page, size: $size) { pageInfo { currentPage hasNextPage lastPage total } products(search: $search, minScore: $minScore) { id price } }
                            }
                        read: true
                        response: { path: catalog.products, type: [Product] }
                        paginate: { page: variables.page, limit: variables.size, hasMore: catalog.pageInfo.hasNextPage, total: catalog.pageInfo.total, lastPage: catalog.pageInfo.lastPage }
                        sample:
                          body: {
                              "data": {
                                "catalog": {
                                  "pageInfo": {
                                    "currentPage": 1,
                                    "hasNextPage": true,
                                    "lastPage": 2,
                                    "total": 3
                                  },
                                  "products": [
                                    {
                                      "id": 1,
                                      "price": 9.5
                                    },
                                    {
                                      "id": 2,
                                      "price": 9.5
                                    }
                                  ]
                                }
                              }
                            }
                          source: "captured: POST https://api.example.com/graphql"

                """)
    }

    /// `errors` is a failure wherever it comes, at 200 beside a nulled field and at 4xx: the
    /// envelope's test, and the first error the API's `errors:` with its message and code
    /// (`extensions.code`); a field a failure nulled makes the answer optional.
    @Test func errorsAreFailuresAt200AndAt4xx() throws {
        let query = "query Order($id: ID!) { order(id: $id) { id total } }"
        let missing: [String: Any] = [
            "message": "Not found", "path": ["order"], "extensions": ["code": "NOT_FOUND"],
        ]
        let text = try Self.imported([
            Self.call(query, variables: ["id": "o1"], answer: ["data": ["order": ["id": "o1", "total": 12]]]),
            Self.call(query, variables: ["id": "o9"], answer: ["data": ["order": NSNull()], "errors": [missing]]),
            Self.call(
                query, variables: ["id": ""], status: 400,
                answer: ["errors": [["message": "Bad id", "extensions": ["code": "BAD_USER_INPUT"]]]]),
        ])
        Self.expect(
            text,
            is: """
                # Imported from the capture app.har (3 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/

                envelope:
                  data: data
                  success: { absent: errors }
                  message: errors.0.message
                  code: errors.0.extensions.code

                errors: { type: GraphQLError, path: errors.0, message: message, code: extensions.code }

                models:
                  Order:
                    fields:
                      id: String
                      total: Int
                  GraphQLError:
                    fields:
                      extensions: Extensions
                      message: String
                      path: "[String]?"
                  Extensions:
                    fields:
                      code: String
                  OrderVariables:
                    fields:
                      id: String

                tools:
                  Graphql:
                    endpoints:
                      order:
                        post: graphql
                        params:
                          variables: { type: OrderVariables, spread: true }
                        fixed:
                          query: "query Order($id: ID!) { order(id: $id) { id total } }"
                        read: true
                        response: { path: order, type: "Order?" }
                        samples:
                          ok:
                            body: {
                                "data": {
                                  "order": {
                                    "id": "o1",
                                    "total": 12
                                  }
                                }
                              }
                            source: "captured: POST https://api.example.com/graphql"
                          status400:
                            status: 400
                            body: {
                                "errors": [
                                  {
                                    "extensions": {
                                      "code": "BAD_USER_INPUT"
                                    },
                                    "message": "Bad id"
                                  }
                                ]
                              }
                            source: "captured: POST https://api.example.com/graphql"
                          failure:
                            failure: true
                            body: {
                                "data": {
                                  "order": null
                                },
                                "errors": [
                                  {
                                    "extensions": {
                                      "code": "NOT_FOUND"
                                    },
                                    "message": "Not found",
                                    "path": [
                                      "order"
                                    ]
                                  }
                                ]
                              }
                            source: "captured: POST https://api.example.com/graphql"

                """)
    }

    /// A variable that takes the text the answer before held is a cursor (a connection's
    /// `endCursor`), its `hasNextPage` the flag; edges that hold only a node (and their cursor)
    /// are read at `edges[].node`.
    @Test func aCursorFromTheAnswerBeforePages() throws {
        let query =
            "query Repos($first: Int, $after: String) { viewer { repositories(first: $first, after: $after) "
            + "{ totalCount pageInfo { endCursor hasNextPage } edges { cursor node { name } } } } }"
        let answer = { (names: [String], cursor: String, more: Bool) -> [String: Any] in
            [
                "data": [
                    "viewer": [
                        "repositories": [
                            "totalCount": 3, "pageInfo": ["endCursor": cursor, "hasNextPage": more],
                            "edges": names.map { ["cursor": "c-" + $0, "node": ["name": $0]] },
                        ]
                    ]
                ]
            ]
        }
        let text = try Self.imported([
            Self.call(query, variables: ["first": 2], answer: answer(["a", "b"], "Y3Vyc29yOjI=", true)),
            Self.call(
                query, variables: ["first": 2, "after": "Y3Vyc29yOjI="], answer: answer(["c"], "Y3Vyc29yOjM=", false)),
        ])
        Self.expect(
            text,
            is: """
                # Imported from the capture app.har (2 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/

                envelope:
                  data: data
                  success: { absent: errors }
                  message: errors.0.message

                models:
                  Repository:
                    fields:
                      name: String
                  ReposVariables:
                    fields:
                      first: Int
                      after: String?

                tools:
                  Graphql:
                    endpoints:
                      repos:
                        post: graphql
                        params:
                          variables: { type: ReposVariables, spread: true }
                        fixed:
                          query: "query Repos($first: Int, $after: String) { viewer { repositories(first: $first, after: $after) { totalCount pageInfo { endCursor hasNextPage } edges { cursor node { name } } } } }"
                        read: true
                        response: { path: "viewer.repositories.edges[].node", type: [Repository] }
                        paginate: { cursor: variables.after, next: viewer.repositories.pageInfo.endCursor, hasMore: viewer.repositories.pageInfo.hasNextPage, total: viewer.repositories.totalCount }
                        sample:
                          body: {
                              "data": {
                                "viewer": {
                                  "repositories": {
                                    "edges": [
                                      {
                                        "cursor": "c-a",
                                        "node": {
                                          "name": "a"
                                        }
                                      },
                                      {
                                        "cursor": "c-b",
                                        "node": {
                                          "name": "b"
                                        }
                                      }
                                    ],
                                    "pageInfo": {
                                      "endCursor": "Y3Vyc29yOjI=",
                                      "hasNextPage": true
                                    },
                                    "totalCount": 3
                                  }
                                }
                              }
                            }
                          source: "captured: POST https://api.example.com/graphql"

                """)
    }

    /// A variable that grows by each page's length is an offset; the number beside the list
    /// that every page repeats and that their items reach is the total.
    @Test func anOffsetThatGrowsByAPagePages() throws {
        let query =
            "query Feed($offset: Int, $limit: Int) { feed(offset: $offset, limit: $limit) { total items { id } } }"
        let page = { (ids: [Int]) -> [String: Any] in
            ["data": ["feed": ["total": 5, "items": ids.map { ["id": $0] }]]]
        }
        let text = try Self.imported([
            Self.call(query, variables: ["offset": 0, "limit": 2], answer: page([1, 2])),
            Self.call(query, variables: ["offset": 2, "limit": 2], answer: page([3, 4])),
            Self.call(query, variables: ["offset": 4, "limit": 2], answer: page([5])),
        ])
        Self.expect(
            text,
            is: """
                # Imported from the capture app.har (3 calls to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/

                envelope:
                  data: data
                  success: { absent: errors }
                  message: errors.0.message

                models:
                  Item:
                    fields:
                      id: Int
                  FeedVariables:
                    fields:
                      offset: Int
                      limit: Int

                tools:
                  Graphql:
                    endpoints:
                      feed:
                        post: graphql
                        params:
                          variables: { type: FeedVariables, spread: true }
                        fixed:
                          query: "query Feed($offset: Int, $limit: Int) { feed(offset: $offset, limit: $limit) { total items { id } } }"
                        read: true
                        response: { path: feed.items, type: [Item] }
                        paginate: { offset: variables.offset, limit: variables.limit, total: feed.total }
                        sample:
                          body: {
                              "data": {
                                "feed": {
                                  "items": [
                                    {
                                      "id": 1
                                    },
                                    {
                                      "id": 2
                                    }
                                  ],
                                  "total": 5
                                }
                              }
                            }
                          source: "captured: POST https://api.example.com/graphql"

                """)
    }

    /// Objects whose `__typename` names two types or more are a union told apart by it, each
    /// type a model of its own.
    @Test func typeNamesMakeAUnion() throws {
        let query = "{ feed { __typename ... on Note { text } ... on Photo { url } } }"
        let text = try Self.imported([
            Self.call(
                query,
                answer: [
                    "data": [
                        "feed": [
                            ["__typename": "Note", "text": "hi"],
                            ["__typename": "Photo", "url": "https://img.example.com/1.png"],
                        ]
                    ]
                ])
        ])
        Self.expect(
            text,
            is: """
                # Imported from the capture app.har (1 call to api.example.com) by `xtoolgen import`.
                # Notes like the ones below mark what the capture can't tell; decide there.
                xtoolgen: 1
                api: App
                baseURL: https://api.example.com/

                envelope:
                  data: data
                  success: { absent: errors }
                  message: errors.0.message

                models:
                  Note:
                    fields:
                      __typename: String
                      text: String
                  Photo:
                    fields:
                      __typename: String
                      url: URL
                  Feed:
                    oneOf: { Note: Note, Photo: Photo }
                    discriminator: __typename

                tools:
                  Graphql:
                    endpoints:
                      feed:
                        post: graphql
                        fixed:
                          query: "{ feed { __typename ... on Note { text } ... on Photo { url } } }"
                        read: true
                        response: { path: feed, type: [Feed] }
                        sample:
                          body: {
                              "data": {
                                "feed": [
                                  {
                                    "__typename": "Note",
                                    "text": "hi"
                                  },
                                  {
                                    "__typename": "Photo",
                                    "url": "https://img.example.com/1.png"
                                  }
                                ]
                              }
                            }
                          source: "captured: POST https://api.example.com/graphql"

                """)
    }
}
