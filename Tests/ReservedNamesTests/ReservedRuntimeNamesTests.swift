import Foundation
import Testing
import XToolRules
@_spi(Generated) import XToolRuntime

@testable import XToolSpec

/// `ReservedNames.runtime`, the runtime names a spec may not take, against the runtime itself and
/// against the default templates that spell them out.
@Suite struct ReservedRuntimeNamesTests {
    static let templates = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Templates")

    /// Every reserved name is a type of XToolRuntime: one that is renamed or removed fails to
    /// compile here, and a name added to the list without a type here fails the comparison.
    @Test func everyReservedNameIsARuntimeType() {
        let types: [Any.Type] = [
            XToolRuntime.APIClient.self, XToolRuntime.ClientOptions.self,
            (any XToolRuntime.HTTPTransport).self, XToolRuntime.URLSessionTransport.self,
            (any XToolRuntime.ResponseCache).self, XToolRuntime.FileResponseCache.self,
            XToolRuntime.MemoryResponseCache.self,
            XToolRuntime.RequestDescription.self, XToolRuntime.Signature.self, XToolRuntime.Envelope.self,
            XToolRuntime.SharedInstance<Int>.self, XToolRuntime.XToolError.self, XToolRuntime.XToolTask.self,
            XToolRuntime.Cached<Int>.self, XToolRuntime.Indirect<Int>.self, XToolRuntime.FieldDecoder.self,
            XToolRuntime.FieldEncoder.self, (any XToolRuntime.StringEnum).self, (any XToolRuntime.IntEnum).self,
            XToolRuntime.TransferProgress.self, XToolRuntime.ErrorBody.self, XToolRuntime.Received<Int, Int>.self,
            (any XToolRuntime.ReceivedHeaders).self, XToolRuntime.HeaderDecoder.self, XToolRuntime.HTTPHeaders.self,
            XToolRuntime.Nullable<Int>.self, XToolRuntime.MultipartFile.self, XToolRuntime.Page<Int>.self,
            XToolRuntime.PageCursor.self, XToolRuntime.PageSequence<Int>.self, XToolRuntime.UnionTag.self,
            XToolRuntime.CredentialRefresh.self, XToolRuntime.OfflineTransport.self, XToolRuntime.SampleCheck.self,
            XToolRuntime.SampleFailure.self, XToolRuntime.SampleResponder.self, XToolRuntime.SampleResponse.self,
            XToolRuntime.PreviousPage.self, XToolRuntime.SignedParameters.self, XToolRuntime.SigningRecipe.self,
            XToolRuntime.RetryRules.self, XToolRuntime.DayOrDate.self, XToolRuntime.SpreadDecoder.self,
        ]
        // `XToolRuntime.Cached<Swift.Int>` -> module `XToolRuntime`, type `Cached`.
        let qualified = types.map { String(reflecting: $0).prefix { $0 != "<" }.split(separator: ".") }
        let modules = Set(qualified.map { String($0[0]) })
        #expect(modules == ["XToolRuntime"])
        // Each name once: the list is a set, so a name written twice would hide here.
        #expect(qualified.count == Set(qualified.map { $0.joined(separator: ".") }).count)
        #expect(modules.union(qualified.map { String($0[1]) }).sorted() == ReservedNames.runtime.sorted())
    }

    /// The runtime names the generator's Swift spells (`RuntimeNames`) are the runtime's types'
    /// names, and no model can take them.
    @Test func runtimeNamesAreTheRuntimesTypes() {
        #expect(RuntimeNames.json == String(describing: XToolRuntime.JSON.self))
        #expect(RuntimeNames.multipartFile == String(describing: XToolRuntime.MultipartFile.self))
        #expect(RuntimeNames.httpHeaders == String(describing: XToolRuntime.HTTPHeaders.self))
        #expect(RuntimeNames.dayOrDate == String(describing: XToolRuntime.DayOrDate.self))
        #expect(
            RuntimeNames.all
                == [RuntimeNames.json, RuntimeNames.multipartFile, RuntimeNames.httpHeaders, RuntimeNames.dayOrDate])
        // No model can take them (`JSON` is also a built-in type of the spec language).
        for name in RuntimeNames.all { #expect(ReservedNames.shadowed(by: name) != nil, "\(name)") }
        #expect(RuntimeNames.all.subtracting(Spec.TypeRef.builtIns.keys).isSubset(of: ReservedNames.runtime))
    }

    /// The date style names a spec may write are the ones the runtime's `DateStyle` reads from a
    /// string literal, each to the style of its name (any other text is a pattern).
    @Test func dateStyleNamesAreTheRuntimes() {
        let runtime: [DateStyleName: DateStyle] = [
            .iso8601: .iso8601, .secondsSince1970: .secondsSince1970, .millisecondsSince1970: .millisecondsSince1970,
        ]
        #expect(Set(runtime.keys) == Set(DateStyleName.allCases))
        for name in DateStyleName.allCases {
            #expect(DateStyle(stringLiteral: name.rawValue) == runtime[name])
            #expect(Spec.DateStyle(name).spelling == name.rawValue)
        }
        #expect(DateStyle(stringLiteral: "yyyy-MM-dd") == .formatted("yyyy-MM-dd"))
    }

    /// Every capitalised name the default templates write that is not Swift's or Foundation's
    /// is reserved, so that no model can shadow a runtime type the generated code uses.
    @Test func theDefaultTemplatesUseOnlyReservedRuntimeNames() throws {
        let files = try FileManager.default
            .contentsOfDirectory(at: Self.templates, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "mustache" }
        #expect(files.count >= 5)
        let swiftNames = ReservedNames.swiftAndFoundation.union(Spec.TypeRef.builtIns.keys).union(["Self"])
        var used: Set<String> = []
        for file in files {
            let names = Self.typeNames(inSwiftOf: try String(contentsOf: file, encoding: .utf8))
            let unreserved = names.subtracting(swiftNames).subtracting(ReservedNames.runtime).sorted()
            #expect(unreserved == [], "\(file.lastPathComponent) uses names missing from ReservedNames.runtime")
            used.formUnion(names.intersection(ReservedNames.runtime))
        }
        // The scan does find the runtime's names.
        #expect(used.isSuperset(of: ["XToolRuntime", "APIClient", "XToolError"]))
    }

    @Test func typeNamesSkipTagsCommentsAttributesAndMembers() {
        let template = """
            @_spi(Generated) import XToolRuntime
            /// The API Type.
            {{access}}let client: APIClient = {{{Value}}}
            progress: TransferProgress.Handler?,
            completion: @escaping @Sendable (Result<Int, XToolError>) -> Void
            """
        let names = Self.typeNames(inSwiftOf: template)
        #expect(names == ["XToolRuntime", "APIClient", "TransferProgress", "Result", "Int", "XToolError", "Void"])
    }

    /// The capitalised identifiers of a template's Swift text: outside `{{…}}` tags, comments and
    /// attributes (`@_spi(Generated)`, `@Sendable`), and not after a dot (`TransferProgress.Handler`
    /// names `TransferProgress` only).
    static func typeNames(inSwiftOf template: String) -> Set<String> {
        let swift =
            template
            // `{{#a}}Int{{/a}}{{^a}}String{{/a}}`: two names
            .replacing(#/\{\{\{[\s\S]*?\}\}\}|\{\{[\s\S]*?\}\}/#, with: " ")
            .replacing(#/\/\/[^\n]*/#, with: "")
            .replacing(#/@\w+(\([^)]*\))?/#, with: "")
            .replacing(#/#(if|elseif)[^\n]*/#, with: "")  // `#if DEBUG`: a build condition
        let identifiers = swift.matches(of: #/\.?[A-Za-z_][A-Za-z0-9_]*/#).map { String($0.output) }
        return Set(identifiers.filter { $0.first?.isUppercase == true })
    }
}

/// docs/spec-language.md lists every name a model can't take because the generated code uses it.
@Suite struct ReservedNamesDocumentationTests {
    @Test func theReferenceListsEveryReservedName() throws {
        let page = try String(
            contentsOf: ReservedRuntimeNamesTests.templates.deletingLastPathComponent()
                .appendingPathComponent("docs/spec-language.md"), encoding: .utf8)
        let start = try #require(page.range(of: "A model may take any name that is not one of these types"))
        let paragraph = try #require(page[start.lowerBound...].split(separator: "\n\n", maxSplits: 1).first)
        for name in ReservedNames.runtime.union(ReservedNames.swiftAndFoundation) {
            #expect(paragraph.contains("`\(name)`"), "docs/spec-language.md doesn't list \(name)")
        }
    }
}
