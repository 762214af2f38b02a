import Foundation

/// docs/architecture.md read as a map of places, and checked against a tree: the page, the
/// repository's files, the Swift sources and the manifest, all as values, so that a test can
/// change a copy of the tree (delete a file, move one, add a dependency) and see the map fail.
///
/// The page's sections (`##`, `###`) whose heading names folders (`Sources/XToolSpec`,
/// `Templates/`) own those folders. In them:
/// - every `.swift` file a section names without a slash (in its tables and its prose) is in one
///   of its folders (`+Types.swift` after `SpecReader+Models.swift` is `SpecReader+Types.swift`);
///   a folder a row starts with (`Parsing/`) is one of theirs;
/// - every Swift file of every module folder is named by a section that owns its module: by its
///   path's end (`Client/Redirect.swift`, `Redirect.swift`), or, in the row of its subfolder, by
///   its name's stem (`APIClient` in the row of `Client/`).
///
/// Everywhere on the page, a span that reads as a Swift name (a capitalised word, a dotted name,
/// a call) is declared by a source (a type, a member, a case), not only spelt in a comment; the
/// modules table's imports are the dependencies of `Package.swift`; and the fenced diagrams name
/// declared types and paths that exist.
struct ArchitectureMap {
    /// The page's text.
    var page: String
    /// Every file of the repository, relative to its root (no folders).
    var files: [String]
    /// The text of each Swift file whose declarations count (sources, tests, plugins, generated
    /// code), by path.
    var swift: [String: String]
    /// `Package.swift`'s text.
    var manifest: String

    /// Names declared outside the repository that the page may name.
    static let external: Set<String> = [
        "Swift", "Foundation", "FoundationNetworking", "Dispatch", "CryptoKit", "XCTest", "Testing",
        "PackageDescription", "URLSession", "JSONDecoder", "JSONEncoder", "DateFormatter", "Regex", "Decodable",
        "Encodable", "Codable", "Sendable", "Hashable", "Equatable", "Identifiable", "Result", "Data", "Date", "URL",
        "Decimal", "String", "Int", "Int64", "Double", "Bool", "MainActor", "CommandLine",
        // swift-format's rule that `.swift-format` turns off.
        "OnlyOneTrailingClosureArgument",
    ]

    /// Everything wrong with the map, one line each; empty when it is true.
    func problems() -> [String] {
        let declared = declaredNames.union(Self.external).union(modules.keys)
        return placesOfNamedFiles() + unnamedFiles() + undeclaredNames(declared) + importsUnlikeTheManifest()
            + diagramProblems(declared)
    }

    // MARK: - The page

    struct Section {
        var heading: String
        /// The folders the heading names, without a trailing slash (`Sources/XToolSpec`).
        var folders: [String]
        /// Its table rows (not headers nor separators), each as its cells.
        var rows: [[String]]
        /// Its text outside tables and fenced blocks.
        var prose: String
        /// Its fenced blocks.
        var diagrams: [String]
    }

    var sections: [Section] {
        var sections: [Section] = []
        var current = Section(heading: "", folders: [], rows: [], prose: "", diagrams: [])
        var fence: String?
        let lines = page.components(separatedBy: "\n")
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("```") {
                if let text = fence {
                    current.diagrams.append(text)
                    fence = nil
                } else {
                    fence = ""
                }
                continue
            }
            if let text = fence {
                fence = text + line + "\n"
                continue
            }
            if line.hasPrefix("## ") || line.hasPrefix("### ") {
                sections.append(current)
                let folders = Self.spans(in: line).filter {
                    $0.hasPrefix("Sources/") || $0.hasPrefix("Templates/") || $0 == "Plugins/"
                }
                current = Section(
                    heading: line, folders: folders.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }, rows: [],
                    prose: "", diagrams: [])
                continue
            }
            guard line.hasPrefix("|") else {
                current.prose += line + "\n"
                continue
            }
            let isSeparator = line.allSatisfy { "|-: ".contains($0) }
            let isHeader = lines.indices.contains(index + 1) && lines[index + 1].hasPrefix("|---")
            guard !isSeparator, !isHeader else { continue }
            current.rows.append(Self.cells(of: line))
        }
        sections.append(current)
        return sections
    }

    /// A table row's cells (`\|` inside a cell is no separator).
    static func cells(of row: String) -> [String] {
        let marked = row.replacingOccurrences(of: "\\|", with: "\u{1}")
        return marked.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
            .map { $0.replacingOccurrences(of: "\u{1}", with: "|").trimmingCharacters(in: .whitespaces) }
    }

    /// The inline code spans of `text`.
    static func spans(in text: String) -> [String] {
        text.matches(of: #/`([^`\n]+)`/#).map { String($0.output.1) }
    }

    /// The `.swift` files that spans name, a shorthand (`+Types.swift`) made whole by the last
    /// whole name before it (`SpecReader+Models.swift` -> `SpecReader+Types.swift`).
    static func swiftFiles(in spans: [String]) -> [String] {
        var stem = ""
        return spans.compactMap { span in
            guard span.hasSuffix(".swift"), !span.contains(" ") else { return nil }
            if span.hasPrefix("+") { return stem.isEmpty ? nil : stem + span }
            let name = span.split(separator: "/").last.map(String.init) ?? span
            stem = String(name.prefix { $0 != "+" && $0 != "." })
            return span
        }
    }

    /// The module folder a source file is in (`Sources/XToolRuntime`), or nil.
    static func moduleFolder(of path: String) -> String? {
        let parts = path.split(separator: "/")
        guard parts.count >= 3, parts[0] == "Sources" || parts[0] == "Plugins" else { return nil }
        return parts[0] + "/" + parts[1]
    }

    /// The project's source files: Swift in a module folder of `Sources/` or `Plugins/`.
    var sourceFiles: [String] {
        files.filter { $0.hasSuffix(".swift") && Self.moduleFolder(of: $0) != nil }.sorted()
    }

    // MARK: - Files in their places

    /// Each `.swift` file a section names without a slash is in one of its folders; each folder
    /// a row starts with is one of theirs.
    func placesOfNamedFiles() -> [String] {
        var problems: [String] = []
        for section in sections where !section.folders.isEmpty {
            let named = Self.swiftFiles(
                in: Self.spans(in: section.prose) + section.rows.flatMap { Self.spans(in: $0[0]) })
            for name in named {
                let found = files.contains { file in
                    section.folders.contains { file.hasPrefix($0 + "/") } && file.hasSuffix("/" + name)
                }
                if !found { problems.append("\(section.heading): `\(name)` is in none of \(section.folders)") }
            }
            for row in section.rows {
                for folder in Self.spans(in: row[0]) where folder.hasSuffix("/") && !folder.contains(" ") {
                    let found = files.contains { file in section.folders.contains { file.hasPrefix($0 + "/" + folder) }
                    }
                    if !found {
                        problems.append("\(section.heading): the folder `\(folder)` is in none of \(section.folders)")
                    }
                }
            }
        }
        return problems
    }

    /// Every source file is named by a section that owns its module.
    func unnamedFiles() -> [String] {
        let sections = self.sections
        return sourceFiles.compactMap { file in
            let module = Self.moduleFolder(of: file)!
            let owners = sections.filter {
                $0.folders.contains(module) || ($0.folders.contains("Plugins") && module.hasPrefix("Plugins/"))
            }
            for section in owners {
                let spans = Self.spans(in: section.prose) + section.rows.flatMap { $0.flatMap(Self.spans) }
                if Self.swiftFiles(in: spans).contains(where: { file.hasSuffix("/" + $0) }) { return nil }
                // The row of the file's subfolder, by its stem.
                let inModule = file.dropFirst(module.count + 1)
                guard let slash = inModule.lastIndex(of: "/") else { continue }
                let folder = String(inModule[...slash])
                let stem = String(inModule[inModule.index(after: slash)...].dropLast(".swift".count))
                for row in section.rows where Self.spans(in: row[0]).contains(folder) {
                    let words = Set(
                        row.flatMap(Self.spans).flatMap { $0.split { !$0.isLetter && !$0.isNumber && $0 != "_" } }.map(
                            String.init))
                    if words.contains(stem) { return nil }
                }
            }
            return "\(file) is named by no section of \(module)"
        }
    }

    // MARK: - Names

    /// Every name a Swift declaration of the repository gives (comments left out): types,
    /// members, cases, `init`.
    var declaredNames: Set<String> {
        var names: Set<String> = []
        let keyword =
            #/(?:struct|enum|class|actor|protocol|typealias|associatedtype|func|var|let|extension|macro)\s+`?([A-Za-z_][A-Za-z0-9_]*)/#
        for text in swift.values {
            let code = Self.withoutComments(text)
            for match in code.matches(of: keyword) { names.insert(String(match.output.1)) }
            for match in code.matches(of: #/(?m)^\s*(?:(?:indirect|public|package)\s+)*case\s+([^:=\n]+)$/#) {
                for part in match.output.1.split(separator: ",") {
                    let name = part.trimmingCharacters(in: .whitespaces).prefix {
                        $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`"
                    }
                    names.insert(name.replacingOccurrences(of: "`", with: ""))
                }
            }
            if code.contains("init(") { names.insert("init") }
        }
        return names
    }

    /// Swift source without its comments (a `//` that follows a colon is a URL's, kept).
    static func withoutComments(_ text: String) -> String {
        text.replacing(#/\/\*[\s\S]*?\*\//#, with: "").replacing(#/(?m)(^|[^:"])\/\/.*$/#) { $0.output.1 }
    }

    /// The Swift names a span reads as, each dotted part (`SpecKeys.endpoint`,
    /// `YAMLNode.inFile(_:)`, `Spec.Tool`, `load(bytes)`): a capitalised name, a dotted one or
    /// a call; nil for other spans (`paginate:`, `--access`, `text`, `Result<…>`).
    static func swiftNames(_ span: String) -> [String]? {
        guard let match = span.wholeMatch(of: #/([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)(\([^()]*\))?/#)
        else { return nil }
        let name = String(match.output.1)
        guard name.first!.isUppercase || name.contains(".") || match.output.2 != nil else { return nil }
        // A file name (`Package.swift`) or a file's stem with its extension is a path.
        if let last = name.split(separator: ".").last, ["swift", "md", "yaml", "json", "txt", "py", "h"].contains(last)
        {
            return nil
        }
        return name.split(separator: ".").map(String.init)
    }

    /// Names the page spells that nothing `declared` declares.
    func undeclaredNames(_ declared: Set<String>) -> [String] {
        let spans = Self.spans(in: page.replacing(#/```[\s\S]*?```/#, with: ""))
        var problems: [String] = []
        for span in spans {
            guard let names = Self.swiftNames(span), !names.allSatisfy(declared.contains) else { continue }
            let problem = "`\(span)` names what no source declares"
            if !problems.contains(problem) { problems.append(problem) }
        }
        return problems
    }

    // MARK: - Modules

    /// The project's modules in `Package.swift` (targets whose sources are in `Sources/` or
    /// `Plugins/`), each with the project's modules it depends on.
    var modules: [String: Set<String>] {
        let declarations = manifest.matches(
            of: #/\.(target|executableTarget|systemLibrary|plugin|testTarget)\(\s*name:\s*"([^"]+)"/#)
        var found: [String: [Substring]] = [:]
        for (index, declaration) in declarations.enumerated() {
            let end = index + 1 < declarations.count ? declarations[index + 1].range.lowerBound : manifest.endIndex
            let arguments = manifest[declaration.range.upperBound..<end]
            guard declaration.output.1 != "testTarget", !arguments.contains("path:") else { continue }
            let dependencies = arguments.firstRange(of: "dependencies:").map { start in
                arguments[start.upperBound...].prefix { $0 != "]" }.matches(of: #/"([^"]+)"/#).map(\.output.1)
            }
            found[String(declaration.output.2)] = dependencies ?? []
        }
        let names = Set(found.keys)
        return found.mapValues { Set($0.map(String.init).filter(names.contains)) }
    }

    /// The modules table's imports are the manifest's dependencies, module for module, and it
    /// lists every module.
    func importsUnlikeTheManifest() -> [String] {
        let modules = self.modules
        guard let table = sections.first(where: { $0.heading.hasPrefix("## The modules") }) else {
            return ["docs/architecture.md has no section 'The modules'"]
        }
        var problems: [String] = []
        var listed: Set<String> = []
        for row in table.rows where row.count >= 3 {
            for module in Self.spans(in: row[0]) where modules[module] != nil {
                listed.insert(module)
                let words = Set(
                    row[2].split { !$0.isLetter && !$0.isNumber && $0 != "_" && $0 != "-" }.map(String.init))
                let imports = words.intersection(modules.keys).subtracting([module])
                if imports != modules[module]! {
                    problems.append(
                        "`\(module)` imports \(modules[module]!.sorted()) in Package.swift, \(imports.sorted()) on the page"
                    )
                }
            }
        }
        let plugins = Set(modules.keys.filter { name in files.contains { $0.hasPrefix("Plugins/\(name)/") } })
        for module in modules.keys.sorted() where !listed.contains(module) && !plugins.contains(module) {
            problems.append("`\(module)` of Package.swift is not in the modules table")
        }
        return problems
    }

    // MARK: - Diagrams

    /// The fenced diagrams name `declared` types (capitalised words) and paths that exist.
    func diagramProblems(_ declared: Set<String>) -> [String] {
        var problems: [String] = []
        for section in sections where section.heading.hasPrefix("## The pipelines") {
            for diagram in section.diagrams {
                for token in diagram.split(whereSeparator: { $0.isWhitespace || "─▶(),:;".contains($0) }) {
                    if token.contains("/") {
                        // A wildcard (`Generated/Weibo/*.swift`) stands for any name.
                        let path = String(token.prefix { !"*<…".contains($0) })
                        let folder = path.hasSuffix("/") ? path : path + "/"
                        if !files.contains(where: { $0 == path || $0.hasPrefix(folder) }) {
                            problems.append("the diagram names `\(token)`, which is no path")
                        }
                        continue
                    }
                    for word in token.split(separator: ".") where word.first?.isUppercase == true {
                        let name = String(word.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                        if !name.isEmpty, !declared.contains(name) {
                            problems.append("the diagram names `\(name)`, which no source declares")
                        }
                    }
                }
            }
        }
        return problems
    }
}
