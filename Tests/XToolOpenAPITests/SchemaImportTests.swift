import Foundation
import Testing
import XToolOpenAPI
import XToolSpec

/// Schemas: types from formats, nullability and defaults.
@Suite struct SchemaImportTests {
    @Test func typesFollowFormatsAndNullability() throws {
        try expectImport(
            Snippet.thingsDocument(
                version: "3.1.0",
                schemas: """
                        Thing:
                          type: object
                          required: [id, created, day, link, size, ratio, price, on, tags, extra, nothing, maybe]
                          properties:
                            id: { type: integer, format: int64 }
                            created: { type: string, format: date-time }
                            day: { type: string, format: date }
                            link: { type: string, format: uri }
                            size: { type: integer, format: int32 }
                            ratio: { type: number }
                            price: { type: number, format: decimal }
                            on: { type: boolean }
                            tags: { type: object, additionalProperties: { type: integer } }
                            extra: { type: object }
                            nothing: {}
                            maybe: { type: [string, "null"] }
                            count: { type: integer, default: 3 }
                            mode: { type: string, enum: [fast, slow], default: slow }
                            old: { type: string, nullable: true }
                    """),
            gives: Snippet.preamble(version: "3.1.0") + """
                models:
                  Thing:
                    fields:
                      id: Int64
                      created: Date
                      day: { type: Date, format: yyyy-MM-dd }
                      link: URL
                      size: Int
                      ratio: Double
                      price: Decimal
                      "on": Bool
                      tags: "[String: Int]"
                      extra: "[String: JSON]"
                      nothing: JSON
                      maybe: String?
                      count: { type: Int, default: 3 }
                      mode: { enum: [fast, slow], default: slow }
                      old: String?

                tools:
                  Things:
                    endpoints:
                      things:
                        get: things
                        response: Thing

                """)
    }
}
