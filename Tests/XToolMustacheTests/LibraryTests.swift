import Foundation
import Testing
import XToolMustache

/// Loading templates, resolving them by name, and failing clearly instead of crashing.
struct LibraryTests {
    @Test func selfIncludingPartialStopsAtTheDepthLimit() throws {
        let library = try MustacheLibrary(templates: ["self": "x{{>self}}"])
        let error = #expect(throws: MustacheError.self) { try library.render("self", [:], escaping: .none) }
        #expect(error?.templateName == "self" && error?.line == 1 && error?.column == 2)
        #expect(error?.message.contains("more than 100 deep") == true)
    }

    @Test func mutuallyRecursiveParentsStopAtTheDepthLimit() throws {
        let library = try MustacheLibrary(templates: ["a": "{{<b}}{{/b}}", "b": "{{<a}}{{/a}}"])
        #expect(throws: MustacheError.self) { try library.render("a", [:], escaping: .none) }
    }

    @Test func unknownTemplateIsAnErrorButMissingPartialsRenderNothing() throws {
        let library = try MustacheLibrary(templates: ["page": "[{{>missing}}|{{<gone}}{{$a}}x{{/a}}{{/gone}}]"])
        #expect(try library.render("page", [:], escaping: .none) == "[|]")
        #expect(throws: MustacheError(templateName: "nope", line: 0, column: 0, message: "no template named 'nope'")) {
            try library.render("nope", [:], escaping: .none)
        }
    }

    @Test func dynamicParentResolvesItsNameInTheContext() throws {
        let library = try MustacheLibrary(templates: ["main": "[{{$b}}default{{/b}}]"])
        let template = try MustacheTemplate("{{<*layout}}{{$b}}{{title}}{{/b}}{{/*layout}}", name: "page")
        #expect(try library.render(template: template, ["layout": "main", "title": "T"], escaping: .none) == "[T]")
    }

    @Test func templatesParseOnceAndRenderConcurrently() async throws {
        let library = try MustacheLibrary(templates: ["row": "{{#cells}}<{{.}}>{{/cells}}"])
        let outputs = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for count in 0..<8 {
                group.addTask {
                    let cells = MustacheValue.array((0..<count).map { .integer($0) })
                    return (count, try library.render("row", ["cells": cells], escaping: .none))
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        for count in 0..<8 {
            #expect(outputs[count] == (0..<count).map { "<\($0)>" }.joined())
        }
    }

    @Test func loadsTheTemplatesOfADirectory() throws {
        let directory = try TemporaryDirectory()
        try directory.write("page.mustache", "<{{>item}}>")
        try directory.write("item.mustache", "{{x}}")
        try directory.write("notes.txt", "{{ not a template")
        let library = try MustacheLibrary(directory: directory.url)
        #expect(Set(library.templates.keys) == ["page", "item"])
        #expect(try library.render("page", ["x": "&"], escaping: .html) == "<&amp;>")

        try directory.write("other.tpl", "tpl")
        #expect(
            try MustacheLibrary(directory: directory.url, fileExtension: "tpl").render("other", [:], escaping: .none)
                == "tpl")
    }

    @Test func directoryErrorsNameThePath() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.url.appendingPathComponent("missing")
        let missingError = #expect(throws: MustacheError.self) { try MustacheLibrary(directory: missing) }
        #expect(missingError?.templateName == missing.path)
        #expect(missingError?.message.contains("cannot list the template directory") == true)

        try directory.write("broken.mustache", "ok\n  {{#open}}")
        let broken = directory.url.appendingPathComponent("broken.mustache").path
        let brokenError = MustacheError(
            templateName: broken, line: 2, column: 3, message: "unclosed section 'open': no closing tag 'open'")
        #expect(throws: brokenError) {
            try MustacheLibrary(directory: directory.url)
        }

        try FileManager.default.removeItem(atPath: broken)
        try Data([0x7B, 0xFF, 0xFE]).write(to: directory.url.appendingPathComponent("binary.mustache"))
        let binaryError = #expect(throws: MustacheError.self) { try MustacheLibrary(directory: directory.url) }
        #expect(binaryError?.message == "the template is not valid UTF-8")
    }
}

/// A directory that is deleted when the value goes away.
private final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("MustacheTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ contents: String) throws {
        try Data(contents.utf8).write(to: url.appendingPathComponent(name))
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
