import Foundation
import TestSupport
import Testing
import XToolDiagnostics
import XToolImport
import XToolSamples
import XToolSpec
import XToolYAML

/// Issue 41's invariants, held by every document of ../shared/testdata/openapi's corpus/ (real
/// one-file documents), swagger2/, split/ and the repros, instead of fixes for one document: the
/// import has no error; every operation is an endpoint, or a warning names it; no name is junk
/// (led by `_` or a digit, a short prefix and a number like `Com2`, over 60 characters where the
/// document's own names are shorter, a key with a backslash); and every example the document
/// gives reads, with no key left unread (a Swagger 2.0 document's spec says what it came from);
/// and issue 52's: no media type or header value is a `$ref`, no map of maps from
/// `additionalProperties: {type: object}`, no inline enum of one name and the same values in two
/// owners (one shared enum instead); the spec reads with a strict YAML 1.1 reader too (PyYAML's own
/// parser, not libyaml's, when python3 has PyYAML; else a line says it is not checked). Issue 52's repros are the project's own
/// (`Fixtures/repros-import-4/`), checked with the others.
/// `scripts/compile-imported-specs` compiles what each
/// generates, in a plain and a MainActor-default target. One line per document is printed, and
/// the corpus table of docs/openapi.md is these lines.
@Suite(
    .enabled(
        if: SharedTestData.shouldRun("openapi/corpus"),
        "the documents of ../shared/testdata/openapi/corpus not found; issue 41's invariants are not checked"))
struct ImportInvariantTests {
    static let folder = DocumentTests.folder

    /// The documents, relative to `folder`.
    static let documents: [String] =
        DocumentTests.files(in: "corpus/") + DocumentTests.files(in: "swagger2/") + DocumentTests.splitRoots()
        + repros(in: "repros-import-2/") + repros(in: "repros-import-3/")
        + repros(in: ownRepros, from: Repro.issue52.folder.deletingLastPathComponent())

    /// The whole documents of real services, `real/`: held to issue 52's invariants
    /// (`issue52Problems`); issue 41's are not theirs yet (Box's two OPTIONS are one warning,
    /// Mastodon's `_1x` and PagerDuty's `_0` cases).
    static let realDocuments = DocumentTests.files(in: "real/")

    /// Issue 52's repros, in the project (`Fixtures/`), not in `folder`.
    static let ownRepros = "repros-import-4/"

    private static func repros(in subfolder: String, from base: URL = folder) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: base.appendingPathComponent(subfolder).path)) ?? [])
            .sorted().map { subfolder + $0 + "/openapi.yaml" }
            .filter { FileManager.default.fileExists(atPath: base.appendingPathComponent($0).path) }
    }

    /// Where a document of `documents` is.
    static func url(of document: String) -> URL {
        document.hasPrefix(ownRepros)
            ? Repro.issue52.folder.deletingLastPathComponent().appendingPathComponent(document)
            : folder.appendingPathComponent(document)
    }

    @Test func everyFolderHasItsDocuments() {
        #expect(Self.documents.count { $0.hasPrefix("corpus/") } >= 42)
        #expect(Self.documents.count { $0.hasPrefix("swagger2/") } >= 10)
        #expect(Self.documents.count { $0.hasPrefix("repros-import-3/") } >= 10)
        #expect(Self.realDocuments.count >= 6)
        #expect(Self.documents.count { $0.hasPrefix(Self.ownRepros) } >= 4)
    }

    @Test(arguments: documents)
    func theImportKeepsEveryInvariant(_ document: String) throws {
        let url = Self.url(of: document)
        let bytes = try Array(Data(contentsOf: url))
        let result = OpenAPIImporter.importDocument(bytes, path: url.path, documentName: url.lastPathComponent)
        let errors = result.diagnostics.filter { $0.severity == .error }.map(\.description)
        #expect(errors.isEmpty, "\(document): \(errors)")
        let text = try #require(result.specText, "\(document) imports to no spec")
        if document.hasPrefix("swagger2/") {
            #expect(text.hasPrefix("# Imported from \(url.lastPathComponent) (Swagger 2.0"))
        }
        let spec = try #require(SpecLoader.load(Array(text.utf8), fileName: "Imported.yaml").spec)

        let operations = try Self.operations(in: url)
        let endpoints = spec.tools.reduce(0) { $0 + $1.endpoints.count }
        let leftOut = result.diagnostics.count { $0.message.contains("requests are not in the spec language") }
        #expect(endpoints + leftOut == operations, "\(document): \(endpoints) endpoints of \(operations) operations")

        let junk = Self.junkNames(in: spec, document: String(decoding: bytes, as: UTF8.self))
        #expect(junk.isEmpty, "\(document): junk names \(junk)")

        let problems = try Self.issue52Problems(text: text, spec: spec)
        #expect(problems.isEmpty, "\(document): \(problems)")

        let unread = SampleFiles.inlineFindings(of: spec).flatMap(\.findings).map(\.message)
        #expect(unread.isEmpty, "\(document): samples that don't read: \(unread.prefix(3))")
        let examplesLeftOut = result.diagnostics.count { $0.message.hasSuffix("it is no sample") }
        let samples = spec.tools.reduce(0) { $0 + $1.endpoints.reduce(0) { $0 + $1.samples.count } }
        print(
            "\(document): \(endpoints) of \(operations) operations, \(junk.count) junk names, \(samples) samples, "
                + "\(unread.count) that don't read, \(examplesLeftOut) examples left out")
    }

    /// The operations of a document: each method of each path item, a path item in another file
    /// (a split document) read from there.
    static func operations(in url: URL) throws -> Int {
        let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
        let root = try YAMLParser().parseDocument(Array(Data(contentsOf: url)))
        var count = 0
        for entry in root["paths"]?.entries ?? [] {
            let item = entry.value
            var pathItem = item
            if let reference = item["$ref"]?.string, !reference.hasPrefix("#") {
                let file = reference.split(separator: "#", maxSplits: 1).first.map(String.init) ?? reference
                let candidates = [reference, file.removingPercentEncoding ?? file, file]
                let folder = url.deletingLastPathComponent()
                guard
                    let found = candidates.lazy.map({ folder.appendingPathComponent($0) })
                        .first(where: { FileManager.default.fileExists(atPath: $0.path) })
                else { continue }
                pathItem = try YAMLParser().parseDocument(Array(Data(contentsOf: found)))
            }
            count += pathItem.entries.count { methods.contains($0.key) }
        }
        return count
    }

    @Test(arguments: realDocuments)
    func aRealDocumentKeepsIssue52sInvariants(_ document: String) throws {
        let url = Self.folder.appendingPathComponent(document)
        let result = OpenAPIImporter.importDocument(
            try Array(Data(contentsOf: url)), path: url.path, documentName: url.lastPathComponent)
        let text = try #require(result.specText, "\(document) imports to no spec")
        let spec = try #require(SpecLoader.load(Array(text.utf8), fileName: "Imported.yaml").spec)
        let problems = try Self.issue52Problems(text: text, spec: spec)
        #expect(problems.isEmpty, "\(document): \(problems)")
        print("\(document): \(problems.count) of issue 52's problems")
    }

    /// What breaks issue 52's invariants in an imported spec: a media type or header value that
    /// is a `$ref`, a map of maps of JSON (what `additionalProperties: {type: object}` was), an
    /// inline enum of one name and values in several owners, a union of more cases than variant
    /// types (a case per tag value), a spec a YAML 1.1 reader refuses.
    static func issue52Problems(text: String, spec: Spec) throws -> [String] {
        var problems: [String] = []
        let refHeaders = text.split(separator: "\n").filter {
            ($0.contains("Accept") || $0.contains("Content-Type")) && $0.contains("$ref")
        }
        if !refHeaders.isEmpty { problems.append("a $ref read as a media type: \(refHeaders)") }
        if text.contains("[String: [String: JSON]]") { problems.append("a map of maps of JSON") }
        let repeatedEnums = repeatedInlineEnums(in: spec)
        if !repeatedEnums.isEmpty { problems.append("one inline enum in many owners: \(repeatedEnums)") }
        let unionsOfMoreCases = spec.models.filter { model in
            guard let union = model.union, union.payload == .beside else { return false }
            return Set(union.variants.map(\.caseName)).count > Set(union.variants.map(\.type)).count
        }
        if !unionsOfMoreCases.isEmpty {
            problems.append("unions of more cases than variants: \(unionsOfMoreCases.map(\.name))")
        }
        if let refusal = try yaml11Refusal(of: text) {
            problems.append("a YAML 1.1 reader refuses the spec: \(refusal)")
        }
        return problems
    }

    /// python3, when it has PyYAML: the strict YAML 1.1 reader teams' scripts use.
    static let pythonWithPyYAML: URL? = {
        let python = URL(fileURLWithPath: "/usr/bin/python3")
        guard FileManager.default.isExecutableFile(atPath: python.path),
            (try? run(python, ["-c", "import yaml"])) == 0
        else {
            print("python3 with PyYAML not found: specs are not read with a YAML 1.1 reader")
            return nil
        }
        return python
    }()

    /// What PyYAML's own parser (pure Python, YAML 1.1; libyaml reads more) says of a spec:
    /// nil when it reads it, or when there is no such reader.
    static func yaml11Refusal(of text: String) throws -> String? {
        guard let python = pythonWithPyYAML else { return nil }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("spec-\(UUID().uuidString).yaml")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = "import sys, yaml\nyaml.load(open(sys.argv[1], encoding='utf-8'), Loader=yaml.SafeLoader)"
        return try run(python, ["-c", script, file.path]) == 0 ? nil : "PyYAML's SafeLoader fails (see stderr)"
    }

    /// Runs `executable` with `arguments`, its output to the test's; its exit status.
    private static func run(_ executable: URL, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Inline enums of one name and the same values that are declared by more than one owner
    /// (models and tools), which the import makes one shared enum.
    static func repeatedInlineEnums(in spec: Spec) -> [String] {
        var owners: [String: Set<String>] = [:]
        func add(_ type: Spec.TypeRef, owner: String) {
            guard case .enumeration(let enumType) = type.unwrapped, !enumType.isShared else { return }
            let values = enumType.cases.map(\.value).sorted().joined(separator: ", ")
            owners["\(enumType.swiftName) [\(values)]", default: []].insert(owner)
        }
        for model in spec.models {
            for field in model.fields { add(field.type, owner: model.name) }
        }
        for tool in spec.tools {
            for parameter in tool.endpoints.flatMap(\.parameters) { add(parameter.type, owner: tool.typeName) }
        }
        return owners.filter { $0.value.count > 1 }.keys.sorted()
    }

    /// The names of the spec's code that are junk: led by `_` or a digit, a short prefix and a
    /// number whose prefix is a name too (`Com2` beside `Com`), longer than 60 characters when
    /// the document holds no word as long, or a key whose CodingKey would hold a backslash.
    static func junkNames(in spec: Spec, document: String) -> [String] {
        var types = spec.models.map(\.name) + spec.enums.map(\.swiftName) + spec.tools.map(\.typeName)
        var members: [String] = []
        for model in spec.models {
            members += model.fields.map { SwiftNaming.bare($0.swiftName) }
            members += model.union?.variants.map(\.caseName) ?? []
            for field in model.fields {
                if case .enumeration(let enumType) = field.type.unwrapped, !enumType.isShared {
                    types.append(enumType.swiftName)
                }
            }
        }
        for tool in spec.tools {
            for endpoint in tool.endpoints {
                members.append(endpoint.swiftName)
                members += endpoint.parameters.map { SwiftNaming.bare($0.swiftName) }
            }
        }
        let typeSet = Set(types)
        let longestWord = document.split { !$0.isLetter && !$0.isNumber && $0 != "_" }.map(\.count).max() ?? 0
        var junk = (types + members).filter { name in
            let bare = name.trimmingCharacters(in: ["`"])
            guard let first = bare.first else { return true }
            return first == "_" || first.isNumber || (bare.count > 60 && bare.count > longestWord)
        }
        junk += types.filter { name in
            let stem = String(name.reversed().drop { $0.isNumber }.reversed())
            return stem.count < name.count && stem.count <= 4 && typeSet.contains(stem)
        }
        junk += spec.models.flatMap(\.fields).filter { $0.keyPath.components.contains { $0.contains("\\") } }.map(
            \.keyPath.description)
        return junk
    }
}
