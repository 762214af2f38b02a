import Foundation
import Notion
import TestSupport
import Testing
import XToolRuntime

/// Specs/Notion.yaml, written from Notion's documentation (`Specs/samples/notion/SOURCE.md`)
/// (issue 42): a block is common fields beside `"type": "heading_2"` and that type's own object
/// under `"heading_2"`, read as a model whose spread `content` is a union (`payload: underTag`),
/// exhaustive with `.unknown` and written back as it came; rich text and a block's parent have
/// the same shape.
@Suite struct NotionTests {
    let server: ServerScope

    init() throws {
        server = try TestServer.scope()
    }

    private func api() -> NotionAPI {
        NotionAPI(baseURL: server.baseURL, token: { "secret_xyz" })
    }

    private static let blockID = "c02fc1d3-db8b-45c5-a222-27595b15aea7"

    /// The documentation's block object as a JSON value, with `change` applied.
    private static func block(changing change: (inout [String: Any]) -> Void = { _ in }) throws -> [String: Any] {
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(try Fixture.text("notion/block.json").utf8)) as? [String: Any])
        change(&object)
        return object
    }

    /// A list of blocks as `GET blocks/{id}/children` answers it.
    private static func list(_ blocks: [[String: Any]], next: String?) throws -> Canned {
        let list: [String: Any] = [
            "object": "list", "results": blocks, "next_cursor": next ?? NSNull(), "has_more": next != nil,
            "type": "block", "block": [String: Any](),
        ]
        return .json(String(decoding: try JSONSerialization.data(withJSONObject: list), as: UTF8.self))
    }

    /// The documented Heading 2 block: the ten common fields, the parent (a tagged union whose
    /// page id is under `page_id`) and the heading, whose rich text is itself common fields
    /// beside its `text`.
    @Test func theDocumentedBlockReadsItsCommonFieldsBesideItsType() async throws {
        try await server.route("blocks/\(Self.blockID)", try Fixture.response("notion/block.json"))
        let block = try await BlockTool(api: api()).block(blockID: Self.blockID)
        #expect(block.id == Self.blockID && block.object == "block")
        #expect(block.parent == .page("59833787-2cf9-4fdf-8782-e53db20768a5"))
        #expect(!block.hasChildren && !block.archived)
        #expect(block.createdBy.id == "ee5f0f84-409a-440f-983a-a5315961c6e4")
        #expect(block.createdTime == Date(timeIntervalSince1970: 1_646_161_500))
        guard case .heading2(let heading) = block.content else {
            Issue.record("\(block.content) is not .heading2")
            return
        }
        #expect(heading.color == "default" && !heading.isToggleable)
        let text = try #require(heading.richText.first)
        #expect(heading.richText.count == 1 && text.plainText == "Lacinato kale" && text.href == nil)
        #expect(text.annotations.color == "green" && !text.annotations.bold)
        #expect(text.content == .text(Text(content: "Lacinato kale", link: nil)))
        let echo = try #require(try await server.requests("blocks/\(Self.blockID)").first)
        #expect(echo.headers.first { $0.key.lowercased() == "notion-version" }?.value == "2022-06-28")
    }

    /// Encoded, the block is the documentation's object as it came: the heading under
    /// `heading_2` beside `"type": "heading_2"` and the common fields, the parent's page id
    /// under `page_id`; only its nulls are left out, and its dates written without the zero
    /// milliseconds, as every model writes them. Decoded again, it is the same value.
    @Test func aBlockIsWrittenBackAsItCame() throws {
        let block = try JSONDecoder().decode(Block.self, from: Data(try Fixture.text("notion/block.json").utf8))
        let written = try JSONEncoder().encode(block)
        #expect(try JSONDecoder().decode(Block.self, from: written) == block)
        let documented = try Self.block {
            $0["created_time"] = "2022-03-01T19:05:00Z"
            $0["last_edited_time"] = "2022-07-06T19:41:00Z"
        }
        let expected = try JSONSerialization.data(withJSONObject: Self.withoutNulls(documented))
        #expect(try JSON(data: written) == JSON(data: expected))
    }

    /// `value` without the members that are null, at any depth.
    private static func withoutNulls(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            return object.filter { !($0.value is NSNull) }.mapValues(withoutNulls)
        }
        if let array = value as? [Any] { return array.map(withoutNulls) }
        return value
    }

    /// A type the spec doesn't list (`synced_block`) is `.unknown`, its common fields still read
    /// by the block, which leaves them out of what `.unknown` keeps: the tag and its object, as
    /// they came. Written, the block is its object as it came, but for the zero milliseconds
    /// that every model leaves out of a date; kept offline that way (written, then read), it
    /// reads back equal (issue 53).
    @Test func anUnlistedTypeIsUnknownAndReadsBackEqual() async throws {
        let synced = try Self.block {
            $0["type"] = "synced_block"
            $0["heading_2"] = nil
            $0["synced_block"] = ["synced_from": NSNull()]
        }
        try await server.route("blocks/\(Self.blockID)/children", try Self.list([synced], next: nil))
        let page = try await BlockTool(api: api()).children(blockID: Self.blockID)
        let block = try #require(page.items.first)
        #expect(block.id == Self.blockID && block.hasChildren == false)
        #expect(block.content == .unknown(["type": "synced_block", "synced_block": ["synced_from": nil]]))
        let written = try JSONEncoder().encode(block)
        #expect(try JSONDecoder().decode(Block.self, from: written) == block)
        let expected = try Self.block {
            $0["type"] = "synced_block"
            $0["heading_2"] = nil
            $0["synced_block"] = ["synced_from": NSNull()]
            $0["created_time"] = "2022-03-01T19:05:00Z"
            $0["last_edited_time"] = "2022-07-06T19:41:00Z"
        }
        #expect(try JSON(data: written) == JSON(data: try JSONSerialization.data(withJSONObject: expected)))
    }

    /// A block whose common fields the app changed writes them, not those `.unknown` came with.
    @Test func anUnknownBlockWritesItsOwnFields() throws {
        let synced = try Self.block {
            $0["type"] = "synced_block"
            $0["heading_2"] = nil
            $0["synced_block"] = ["synced_from": NSNull()]
        }
        let block = try JSONDecoder().decode(Block.self, from: try JSONSerialization.data(withJSONObject: synced))
        let archived = Block(
            object: block.object, id: block.id, parent: block.parent, createdTime: block.createdTime,
            lastEditedTime: block.lastEditedTime, createdBy: block.createdBy, lastEditedBy: block.lastEditedBy,
            hasChildren: block.hasChildren, archived: true, content: block.content)
        let written = try JSONDecoder().decode(Block.self, from: try JSONEncoder().encode(archived))
        #expect(written == archived)
    }

    /// A page's property is a union under its tag whose payload may be null, a cleared number:
    /// `.number(nil)`, written back as `"number": null`, read back equal (issue 53).
    @Test func aClearedNumberIsANullPayload() async throws {
        let cleared = #"{"object": "property_item", "id": "kjPO", "type": "number", "number": null}"#
        try await server.route(
            "pages/p1/properties/kjPO", .json(cleared),
            .json(#"{"object": "property_item", "id": "kjPO", "type": "number", "number": 2.5}"#))
        let tool = PageTool(api: api())
        let item = try await tool.property(pageID: "p1", propertyID: "kjPO")
        #expect(item == PropertyItem(object: "property_item", id: "kjPO", value: .number(nil)))
        let written = try JSONEncoder().encode(item)
        #expect(try JSON(data: written) == JSON(data: Data(cleared.utf8)))
        #expect(try JSONDecoder().decode(PropertyItem.self, from: written) == item)
        #expect(try await tool.property(pageID: "p1", propertyID: "kjPO").value == .number(2.5))
    }

    /// The children come a page at a time: `next_cursor` is sent back as `start_cursor` until
    /// `has_more` is false.
    @Test func theChildrenArePagedByTheNextCursor() async throws {
        let toDo = try Self.block {
            $0["id"] = "b2"
            $0["type"] = "to_do"
            $0["heading_2"] = nil
            $0["to_do"] = ["rich_text": [Any](), "checked": true, "color": "default"]
        }
        try await server.route(
            "blocks/\(Self.blockID)/children", try Self.list([try Self.block()], next: "b2"),
            try Self.list([toDo], next: nil))
        var contents: [BlockContent] = []
        for try await block in BlockTool(api: api()).childrenItems(blockID: Self.blockID) {
            contents.append(block.content)
        }
        #expect(contents.count == 2)
        #expect(contents.last == .toDo(ToDo(richText: [], checked: true, color: "default")))
        let queries = try await server.requests("blocks/\(Self.blockID)/children").map(\.query)
        #expect(queries == ["", "start_cursor=b2"])
    }
}
