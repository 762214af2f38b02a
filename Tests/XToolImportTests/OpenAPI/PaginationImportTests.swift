import Foundation
import Testing
import XToolImport
import XToolSpec

/// Pagination: Link headers, cursors, pages and offsets, and notes where the document only suggests
/// pages.
@Suite struct PaginationImportTests {
    /// A `Link` response header over an array is `paginate: link`.
    @Test func aLinkHeaderIsLinkPagination() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /issues:
                        get:
                          operationId: listIssues
                          parameters: [{ name: per_page, in: query, schema: { type: integer } }]
                          responses:
                            '200':
                              description: ok
                              headers: { Link: { schema: { type: string } } }
                              content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Issue' } } } }
                    """,
                schemas: """
                        Issue:
                          type: object
                          properties: { id: { type: string } }
                    """),
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                models:
                  Issue:
                    fields:
                      id: String?

                tools:
                  Issues:
                    endpoints:
                      listIssues:
                        get: issues
                        params:
                          per_page: Int?
                        response: [Issue]
                        paginate: link

                """)
    }

    /// A cursor parameter and a list object that has the next cursor, or `has_more` and items
    /// with an `id`, is cursor pagination of the list's one array; so is a page number that says
    /// where it starts, and an offset.
    @Test func cursorsPagesAndOffsetsArePaginatedWhenTheDocumentSaysHow() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /charges:
                        get:
                          operationId: listCharges
                          parameters:
                            - { name: limit, in: query, schema: { type: integer } }
                            - { name: starting_after, in: query, schema: { type: string } }
                          responses:
                            '200':
                              description: ok
                              content:
                                application/json:
                                  schema:
                                    type: object
                                    properties:
                                      object: { type: string }
                                      data: { type: array, items: { $ref: '#/components/schemas/Issue' } }
                                      has_more: { type: boolean }
                      /events:
                        get:
                          operationId: listEvents
                          parameters: [{ name: cursor, in: query, schema: { type: string } }]
                          responses:
                            '200':
                              description: ok
                              content:
                                application/json:
                                  schema:
                                    type: object
                                    properties:
                                      data: { type: array, items: { $ref: '#/components/schemas/Issue' } }
                                      next_cursor: { type: string, nullable: true }
                      /search:
                        get:
                          operationId: search
                          parameters:
                            - { name: page, in: query, schema: { type: integer, minimum: 0 } }
                            - { name: page_size, in: query, schema: { type: integer } }
                          responses:
                            '200':
                              description: ok
                              content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Issue' } } } }
                      /recent:
                        get:
                          operationId: recent
                          parameters:
                            - { name: offset, in: query, schema: { type: integer } }
                            - { name: limit, in: query, schema: { type: integer } }
                          responses:
                            '200':
                              description: ok
                              content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Issue' } } } }
                    """,
                schemas: """
                        Issue:
                          type: object
                          required: [id]
                          properties: { id: { type: string } }
                    """),
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                models:
                  Issue:
                    fields:
                      id: String

                tools:
                  Charges:
                    endpoints:
                      listCharges:
                        get: charges
                        params:
                          limit: Int?
                          starting_after: String?
                        response: { path: data, type: [Issue] }
                        paginate: { cursor: starting_after, lastItem: id, hasMore: has_more }
                        # the pages are returned, not the list's object, has_more
                  Events:
                    endpoints:
                      listEvents:
                        get: events
                        params:
                          cursor: String?
                        response: { path: data, type: [Issue] }
                        paginate: { cursor: cursor, next: next_cursor }
                        # the pages are returned, not the list's next_cursor
                  Search:
                    endpoints:
                      search:
                        get: search
                        params:
                          page: Int?
                          page_size: Int?
                        response: [Issue]
                        paginate: { page: page, limit: page_size, start: 0 }
                  Recent:
                    endpoints:
                      recent:
                        get: recent
                        params:
                          offset: Int?
                          limit: Int?
                        response: [Issue]
                        paginate: { offset: offset, limit: limit }

                """)
    }

    /// `paginate:` adds a method `<name>Items`; where another endpoint has that name, the
    /// endpoint is not paginated, with a note and a warning.
    @Test func pagesWhoseItemsMethodTakesAnotherEndpointsNameAreNotes() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /issues:
                        get:
                          operationId: list
                          tags: [issues]
                          parameters: [{ name: offset, in: query, schema: { type: integer } }]
                          responses:
                            '200':
                              description: ok
                              content: { application/json: { schema: { type: array, items: { type: string } } } }
                      /issues/items:
                        get:
                          operationId: listItems
                          tags: [issues]
                          responses: { '204': { description: ok } }
                    """),
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                tools:
                  Issues:
                    endpoints:
                      list:
                        get: issues
                        params:
                          offset: Int?
                        response: [String]
                        # paginate: { offset: offset } would add 'listItems', another endpoint's name
                      listItems:
                        get: issues/items

                """,
            diagnostics: [
                "10:20: warning: 'list' pages, but its method for every item would be 'listItems', another endpoint's name; no paginate: is written"
            ])
    }

    /// Where the document only suggests pages (a cursor with nothing that says the next one, a
    /// page number that doesn't say where it starts, a next-page header), the spec has a note
    /// and the import a warning at the document's line: a wrong `paginate:` is worse than none.
    /// Issue 41 item 10: a page number with no start or minimum pages where the response numbers
    /// its pages (`meta.pagination`'s `current_page` of `total_pages`): from 1, to the last page
    /// the response gives.
    @Test func aResponseThatNumbersItsPagesPagesFromOne() throws {
        try expectImport(
            """
            openapi: 3.0.3
            info: { title: Ledger, version: "1" }
            servers: [{ url: "https://api.example.com/v1" }]
            paths:
              /invoices:
                get:
                  operationId: listInvoices
                  parameters:
                    - { name: page, in: query, schema: { type: integer } }
                    - { name: per_page, in: query, schema: { type: integer } }
                  responses:
                    "200":
                      description: A page of invoices.
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              data: { type: array, items: { type: object, required: [id], properties: { id: { type: string } } } }
                              meta:
                                type: object
                                properties:
                                  pagination:
                                    type: object
                                    properties:
                                      total: { type: integer }
                                      current_page: { type: integer }
                                      total_pages: { type: integer }
            """,
            gives: """
                # Imported from test.yaml (OpenAPI 3.0.3: Ledger 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Ledger
                baseURL: https://api.example.com/v1/
                summary: Ledger

                headers:
                  Accept: application/json

                models:
                  ListInvoicesResponseData:
                    fields:
                      id: String

                tools:
                  Invoices:
                    endpoints:
                      listInvoices:
                        get: invoices
                        params:
                          page: Int?
                          per_page: Int?
                        response: { path: data, type: [ListInvoicesResponseData] }
                        paginate: { page: page, limit: per_page, lastPage: meta.pagination.total_pages }
                        # the pages are returned, not the list's meta

                """)
    }

    @Test func pagesTheDocumentOnlySuggestsAreNotes() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /older:
                        get:
                          operationId: older
                          parameters:
                            - { name: after, in: query, schema: { type: string } }
                            - { name: limit, in: query, schema: { type: integer } }
                          responses:
                            '200':
                              description: ok
                              content: { application/json: { schema: { type: array, items: { type: string } } } }
                      /pages:
                        get:
                          operationId: pages
                          parameters: [{ name: page, in: query, schema: { type: integer } }]
                          responses:
                            '200':
                              description: ok
                              content: { application/json: { schema: { type: array, items: { type: string } } } }
                      /feed:
                        get:
                          operationId: feed
                          responses:
                            '200':
                              description: ok
                              headers: { x-next: { schema: { type: string } } }
                              content: { application/json: { schema: { type: array, items: { type: string } } } }
                    """),
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                tools:
                  Older:
                    endpoints:
                      older:
                        get: older
                        params:
                          after: String?
                          limit: Int?
                        response: [String]
                        # 'after' looks like a cursor, but the response doesn't say where the next one is: add paginate: if the API pages
                  Pages:
                    endpoints:
                      pages:
                        get: pages
                        params:
                          page: Int?
                        response: [String]
                        # 'page' looks like a page number, but the document doesn't say whether pages count from 0 or 1: add paginate: { page: page, start: … } if the API pages
                  Feed:
                    endpoints:
                      feed:
                        get: feed
                        response: [String]
                        # the response header 'x-next' leads to the next page: paginate: follows a Link header, a cursor, page numbers or offsets, not this header

                """,
            diagnostics: [
                "10:11: warning: 'after' looks like a cursor, but the response doesn't say where the next one is; no paginate: is written",
                "19:20: warning: 'page' looks like a page number, but the document doesn't say whether pages count from 0 or 1 (no default or minimum); no paginate: is written",
                "30:22: warning: the response header 'x-next' looks like a link to the next page, which paginate: can't follow; the call returns one page",
            ])
    }

    /// A cursor whose next value is one level down (Asana's string `offset` and `next_page.offset`;
    /// Slack's `response_metadata.next_cursor`), Box's `marker` and `next_marker` beside another
    /// array (`order`), and the next page's URL in the body (Twilio's `next_page_uri`, or `next` in a
    /// `links` object) are paginated (issue 20, item 5).
    @Test func opaqueTokensAndNextLinksInTheBodyArePaginated() throws {
        try expectImport(
            Snippet.document(
                paths: """
                      /tasks:
                        get:
                          operationId: getTasks
                          parameters:
                            - { name: offset, in: query, schema: { type: string } }
                            - { name: limit, in: query, schema: { type: integer } }
                          responses:
                            '200':
                              description: a page
                              content:
                                application/json:
                                  schema:
                                    type: object
                                    properties:
                                      data: { type: array, items: { $ref: '#/components/schemas/Task' } }
                                      next_page:
                                        type: object
                                        nullable: true
                                        properties:
                                          offset: { type: string }
                                          uri: { type: string, format: uri }
                      /conversations:
                        get:
                          operationId: listConversations
                          parameters:
                            - { name: cursor, in: query, schema: { type: string } }
                          responses:
                            '200':
                              description: a page
                              content:
                                application/json:
                                  schema:
                                    type: object
                                    properties:
                                      channels: { type: array, items: { $ref: '#/components/schemas/Task' } }
                                      response_metadata: { type: object, properties: { next_cursor: { type: string } } }
                      /folders/{id}/items:
                        get:
                          operationId: getFolderItems
                          parameters:
                            - { name: id, in: path, required: true, schema: { type: string } }
                            - { name: marker, in: query, schema: { type: string } }
                          responses:
                            '200':
                              description: a page
                              content:
                                application/json:
                                  schema:
                                    type: object
                                    properties:
                                      entries: { type: array, items: { $ref: '#/components/schemas/Task' } }
                                      order: { type: array, items: { type: object, properties: { by: { type: string } } } }
                                      next_marker: { type: string, nullable: true }
                      /calls:
                        get:
                          operationId: listCalls
                          parameters:
                            - { name: PageSize, in: query, schema: { type: integer } }
                          responses:
                            '200':
                              description: a page
                              content:
                                application/json:
                                  schema:
                                    type: object
                                    properties:
                                      calls: { type: array, items: { $ref: '#/components/schemas/Task' } }
                                      next_page_uri: { type: string, nullable: true }
                                      page: { type: integer }
                      /notes:
                        get:
                          operationId: listNotes
                          responses:
                            '200':
                              description: a page
                              content:
                                application/json:
                                  schema:
                                    type: object
                                    properties:
                                      data: { type: array, items: { $ref: '#/components/schemas/Task' } }
                                      links: { type: object, properties: { next: { type: string, format: uri } } }
                    """,
                schemas: """
                        Task:
                          type: object
                          properties:
                            gid: { type: string }
                    """),
            gives: Snippet.preamble() + """
                headers:
                  Accept: application/json

                models:
                  TaskModel:
                    fields:
                      gid: String?

                tools:
                  Tasks:
                    endpoints:
                      getTasks:
                        get: tasks
                        params:
                          offset: String?
                          limit: Int?
                        response: { path: data, type: [TaskModel] }
                        paginate: { cursor: offset, next: next_page.offset }
                        # the pages are returned, not the list's next_page
                  Conversations:
                    endpoints:
                      listConversations:
                        get: conversations
                        params:
                          cursor: String?
                        response: { path: channels, type: [TaskModel] }
                        paginate: { cursor: cursor, next: response_metadata.next_cursor }
                        # the pages are returned, not the list's response_metadata
                  Folders:
                    endpoints:
                      getFolderItems:
                        get: folders/{id}/items
                        params:
                          id: String
                          marker: String?
                        response: { path: entries, type: [TaskModel] }
                        paginate: { cursor: marker, next: next_marker }
                        # the pages are returned, not the list's order, next_marker
                  Calls:
                    endpoints:
                      listCalls:
                        get: calls
                        params:
                          PageSize: Int?
                        response: { path: calls, type: [TaskModel] }
                        paginate: { link: next_page_uri }
                        # the pages are returned, not the list's next_page_uri, page
                  Notes:
                    endpoints:
                      listNotes:
                        get: notes
                        response: { path: data, type: [TaskModel] }
                        paginate: { link: links.next }
                        # the pages are returned, not the list's links

                """)
    }

    /// Only a read pages: a POST whose answer has `links.next` returns the page it got, with
    /// a note and a warning, since asking for the next page would send the POST again.
    @Test(.needs(Repro.issue29)) func aPOSTIsNotPaginated() throws {
        try Repro.issue29.expectImport(
            "r2-post-paginated",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Rates 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Rates
                baseURL: https://api.example.com/v1/
                summary: Rates

                headers:
                  Accept: application/json

                models:
                  TransactionList:
                    fields:
                      data: [Transaction]
                      links: TransactionListLinks?
                  TransactionListLinks:
                    fields:
                      next: URL?
                  Transaction:
                    fields:
                      id: String

                tools:
                  Recurrences:
                    endpoints:
                      triggerRecurrence:
                        summary: Creates today's transactions of a recurrence (not idempotent)
                        post: recurrences/{id}/trigger
                        params:
                          id: String
                        response: TransactionList
                        # the response is a page of a list, but this is a POST: asking for the next page would send it again; add paginate: if the call only reads

                """,
            diagnostics: [
                "16:23: warning: a POST whose response pages is not paginated: asking for the next page would send the POST again"
            ])
    }

    /// A `page` parameter that doesn't say where pages start doesn't hide `links.next`:
    /// both lists follow the link.
    @Test(.needs(Repro.issue29)) func aPageNumberWithoutAStartDoesntHideANextLink() throws {
        try Repro.issue29.expectImport(
            "r3-page-param-hides-next-link",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Ledger 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Ledger
                baseURL: https://api.example.com/v1/
                summary: Ledger

                headers:
                  Accept: application/json

                models:
                  ListTransactionsResponseData:
                    fields:
                      id: String

                tools:
                  Transactions:
                    endpoints:
                      listTransactions:
                        get: transactions
                        params:
                          limit: { type: "Int?", summary: Items per page }
                          page: { type: "Int?", summary: Page number }
                        response: { path: data, type: [ListTransactionsResponseData] }
                        paginate: { link: links.next }
                        # the pages are returned, not the list's meta, links
                  Rules:
                    endpoints:
                      listRules:
                        get: rules
                        params:
                          limit: { type: "Int?", summary: Items per page }
                        response: { path: data, type: [ListTransactionsResponseData] }
                        paginate: { link: links.next }
                        # the pages are returned, not the list's meta, links

                """)
    }

    /// A HAL collection pages: its items are `_embedded`'s one array, its next page
    /// `_links.next.href`, and its `count` each page's total (issue 53).
    @Test(.needs(Repro.issue41)) func aHALCollectionPages() throws {
        try Repro.issue41.expectImport(
            "r3-hal-collection",
            gives: """
                # Imported from openapi.yaml (OpenAPI 3.0.3: Directory 1) by `xtoolgen import`.
                # Notes like the ones below mark what the document says and the spec language can't; decide there.
                xtoolgen: 1
                api: Directory
                baseURL: https://api.example.com/v1/
                summary: Directory

                headers:
                  Accept: application/hal+json

                models:
                  Environment:
                    fields:
                      id: String
                      name: String?

                tools:
                  Environments:
                    endpoints:
                      listEnvironments:
                        get: environments
                        params:
                          limit: Int?
                          cursor: String?
                        response: { path: _embedded.environments, type: [Environment] }
                        paginate: { link: _links.next.href, total: count }
                        sample:
                          body: {
                              "_embedded": {
                                "environments": [
                                  {
                                    "id": "e1",
                                    "name": "Dev"
                                  }
                                ]
                              },
                              "_links": {
                                "self": {
                                  "href": "https://api.example.com/v1/environments?limit=1"
                                },
                                "next": {
                                  "href": "https://api.example.com/v1/environments?limit=1&cursor=abc"
                                }
                              },
                              "count": 2
                            }
                        # the pages are returned, not the list's _links, count

                """)
    }
}
