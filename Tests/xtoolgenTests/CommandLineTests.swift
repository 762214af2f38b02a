import Foundation
import TestSupport
import Testing

/// `xtoolgen` as a user runs it: exit codes (0 clean, 1 errors, 2 usage), diagnostics on
/// stderr in the compiler's format, no colour when stderr is not a terminal.
@Suite struct CommandLineTests {
    static let spec = """
        xtoolgen: 1
        api: Shop
        baseURL: https://api.example.com/
        models:
          Item:
            fields:
              id: Int64
        tools:
          Item:
            endpoints:
              item:
                get: items/{id}
                params:
                  id: Int64
                response: Item

        """

    @Test func helpAndVersion() throws {
        let cli = try XToolGenCLI()
        defer { cli.remove() }
        let help = try cli.run("--help")
        #expect(help.status == 0)
        for command in ["validate", "import", "verify", "generate", "check", "context", "render"] {
            #expect(help.stdout.contains("  \(command)"), "help lists \(command)")
        }
        let version = try cli.run("--version")
        #expect(version.status == 0)
        #expect(version.stdout.split(separator: ".").count == 3)
    }

    /// Every subcommand has its own help, with `--help` or `-h` anywhere before `--`, or as
    /// `xtoolgen help COMMAND`; after `--`, `--help` is a word like any other.
    @Test(arguments: ["validate", "import", "verify", "generate", "check", "context", "render"])
    func everySubcommandHasItsHelp(_ command: String) throws {
        let cli = try XToolGenCLI()
        defer { cli.remove() }
        let help = try cli.run(command, "--help")
        #expect(help.status == 0)
        #expect(help.stderr.isEmpty)
        #expect(help.stdout.hasPrefix("USAGE: xtoolgen \(command)"))
        #expect(help.stdout.contains("Exit status: "))
        #expect(try cli.run(command, "x.yaml", "-h").stdout == help.stdout)
        #expect(try cli.run("help", command).stdout == help.stdout)
        #expect(try cli.run(command, "--", "--help").status != 0)
    }

    @Test func usageMistakesExitTwoWithAClearMessage() throws {
        let cli = try XToolGenCLI()
        defer { cli.remove() }
        #expect(try cli.run().status == 2)
        let command = try cli.run("genrate")
        #expect(command.status == 2)
        #expect(
            command.stderr
                == "xtoolgen: error: unknown command 'genrate'; did you mean 'generate'? (see 'xtoolgen --help')\n")
        let option = try cli.run("generate", "--ouput", "x")
        #expect(option.status == 2)
        #expect(option.stderr.contains("unknown option '--ouput' for 'generate'; did you mean '--output'?"))
        #expect(try cli.run("validate").stderr.contains("no specs given and no Specs/*.yaml"))
        #expect(try cli.run("generate", "--access", "open").status == 2)
    }

    @Test func validateReportsAtLineAndColumnWithThePathAsGiven() throws {
        let cli = try XToolGenCLI()
        defer { cli.remove() }
        try cli.write(
            Self.spec.replacingOccurrences(of: "response: Item", with: "reponse: Item"), to: "specs/Shop.yaml")
        let outcome = try cli.run("validate", "specs/Shop.yaml")
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr
                == "specs/Shop.yaml:15:9: error: unknown key 'reponse' in the endpoint 'item'; did you mean 'response'?\n"
        )
        #expect(!outcome.stderr.contains("\u{1B}["), "no colour when stderr is not a terminal")

        try cli.write(Self.spec, to: "Specs/Shop.yaml")
        let clean = try cli.run("validate")
        #expect(clean.status == 0)
        #expect(clean.stdout == "Specs/Shop.yaml: valid (1 model, 1 tool, 1 endpoint)\n")
        let tried = cli.folder.resolvingSymlinksInPath().appendingPathComponent("missing.yaml").path
        #expect(
            try cli.run("validate", "sub/../missing.yaml").stderr
                == "sub/../missing.yaml:1:1: error: no such file (looked for \(tried))\n")
        #expect(try cli.run("validate", tried).stderr == "\(tried):1:1: error: no such file\n")
    }

    /// `scripts/xtoolgen` runs xtoolgen in the directory it is called from, so a relative path
    /// is the caller's. The script's `swift build` is stubbed: it runs the executable already
    /// built in the repository.
    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: Self.repositoryExecutable.path), "needs .build/debug")
    )
    func theScriptTakesPathsFromTheCallersDirectory() throws {
        let cli = try XToolGenCLI()
        defer { cli.remove() }
        try cli.write(Self.spec, to: "specs/Shop.yaml")
        try cli.write("#!/bin/sh\nexit 0\n", to: "bin/swift")
        let stub = cli.folder.appendingPathComponent("bin")
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: stub.appendingPathComponent("swift").path)
        let path = stub.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let script = SharedTestData.repositoryRoot.appendingPathComponent("scripts/xtoolgen").path

        let valid = try cli.run(program: script, "validate", "specs/Shop.yaml", environment: ["PATH": path])
        #expect(valid.status == 0, "\(valid.stderr)")
        #expect(valid.stdout == "specs/Shop.yaml: valid (1 model, 1 tool, 1 endpoint)\n")
        let missing = try cli.run(program: script, "validate", "Shop.yaml", environment: ["PATH": path])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("Shop.yaml:1:1: error: no such file (looked for /"))
    }

    static let repositoryExecutable = SharedTestData.repositoryRoot.appendingPathComponent(".build/debug/xtoolgen")

    /// On a terminal (faked with util-linux `script`) the severity is coloured, unless
    /// `NO_COLOR` is set.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs /usr/bin/script"))
    func colourOnlyOnATerminalAndNeverUnderNoColor() throws {
        let cli = try XToolGenCLI()
        defer { cli.remove() }
        try cli.write("xtoolgen: 1\napi: Shop\nbaseURL: https://api.example.com/\nbody: xml\n", to: "Shop.yaml")
        let command = "\(XToolGenCLI.executable.path) validate Shop.yaml"
        // An empty NO_COLOR counts as unset (no-color.org), whatever the test runner exports.
        let coloured = try cli.run(
            program: "/usr/bin/script", "-qec", command, "/dev/null", environment: ["NO_COLOR": ""])
        #expect(coloured.stdout.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        let plain = try cli.run(
            program: "/usr/bin/script", "-qec", command, "/dev/null", environment: ["NO_COLOR": "1"])
        #expect(plain.stdout.contains("Shop.yaml:4:7: error: 'xml' is not a valid body encoding"))
        #expect(!plain.stdout.contains("\u{1B}["))
    }

    @Test func generateWritesOnlyChangesAndCheckFindsStaleFiles() throws {
        let cli = try XToolGenCLI()
        defer { cli.remove() }
        try cli.write(Self.spec, to: "Specs/Shop.yaml")
        let first = try cli.run("generate")
        #expect(first.status == 0)
        #expect(first.stdout == "Shop: 3 files in Generated/Shop (3 written, 0 removed)\n")
        #expect(cli.read("Generated/Shop/ItemTool.swift")?.contains("public struct ItemTool: Sendable") == true)
        #expect(try cli.run("generate").stdout == "Shop: 3 files in Generated/Shop (unchanged)\n")
        #expect(try cli.run("check").status == 0)

        try cli.write("// edited\n", to: "Generated/Shop/Item.swift")
        let stale = try cli.run("check")
        #expect(stale.status == 1)
        #expect(stale.stderr.contains("Generated/Shop/Item.swift: stale: differs from what the specs generate"))

        try FileManager.default.removeItem(at: cli.folder.appendingPathComponent("Specs/Shop.yaml"))
        try cli.write(Self.spec.replacingOccurrences(of: "api: Shop", with: "api: Store"), to: "Specs/Store.yaml")
        let moved = try cli.run("generate")
        #expect(moved.stdout.contains("Store: 3 files in Generated/Store (3 written, 0 removed)"))
        #expect(moved.stdout.contains("removed Generated/Shop/ItemTool.swift (its spec is gone)"))
        #expect(
            cli.read("Generated/Shop/Item.swift") == "// edited\n", "a file without the generated header is the user's")
    }

    @Test func generateOptionsReachTheOutput() throws {
        let cli = try XToolGenCLI()
        defer { cli.remove() }
        try cli.write(Self.spec, to: "Shop.yaml")
        let outcome = try cli.run("generate", "Shop.yaml", "--output=out", "--access", "package", "--nonisolated")
        #expect(outcome.status == 0)
        #expect(cli.read("out/Shop/Item.swift")?.contains("nonisolated package struct Item") == true)
    }

    /// `--param NAME=VALUE` reaches a custom template as `{{param.NAME}}`, from the command line
    /// and from an options file; a word that is no `NAME=VALUE` is an error at it.
    @Test func templateParametersReachCustomTemplates() throws {
        let cli = try XToolGenCLI()
        defer { cli.remove() }
        try cli.write(Self.spec, to: "Shop.yaml")
        try cli.write(
            "{{#param.copyright}}// {{param.copyright}}\n{{/param.copyright}}{{> Header}}\n", to: "t/Model.mustache")
        let given = try cli.run(
            "generate", "Shop.yaml", "--output", "out", "--templates", "t", "--param", "copyright=Example Inc.")
        #expect(given.status == 0, "\(given.stderr)")
        #expect(cli.read("out/Shop/Item.swift")?.hasPrefix("// Example Inc.\n// Generated by xtoolgen") == true)
        try cli.write("--param copyright=Other\n", to: "xtoolgen.options")
        let fromFile = try cli.run(
            "generate", "Shop.yaml", "--output", "out", "--templates", "t", "--options-file", "xtoolgen.options")
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(cli.read("out/Shop/Item.swift")?.hasPrefix("// Other\n") == true, "a new value renders again")
        let bad = try cli.run("generate", "Shop.yaml", "--output", "out", "--param", "no value")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("'--param' takes NAME=VALUE"))
    }

    @Test func renderWritesExactlyTheRenderedBytes() throws {
        let cli = try XToolGenCLI()
        defer { cli.remove() }
        try cli.write("{{#.}}<{{.}}>{{/.}}{{> tail}}", to: "list.mustache")
        try cli.write("[\"a&b\", 2]", to: "context.json")
        try cli.write("!", to: "partials/tail.mustache")
        let plain = try cli.run("render", "list.mustache", "--context", "context.json", "--partials", "partials")
        #expect(plain.status == 0)
        #expect(plain.stdout == "<a&b><2>!")
        let html = try cli.run("render", "list.mustache", "--context", "context.json", "--escape", "html")
        #expect(html.stdout == "<a&amp;b><2>")
        try cli.write("{{#open}}", to: "broken.mustache")
        let broken = try cli.run("render", "broken.mustache", "--context", "context.json")
        #expect(broken.status == 1)
        #expect(broken.stderr.hasPrefix("broken.mustache:1:1: error: "))
    }

    /// A preview is what `generate` writes: marked lists laid out; `--raw` keeps the markers.
    @Test func renderLaysOutMarkedListsAsGenerateDoesUnlessRaw() throws {
        let cli = try XToolGenCLI()
        defer { cli.remove() }
        try cli.write("f({{#.}}⟦{{.}}: 1⟧{{/.}})\n", to: "call.mustache")
        try cli.write(#"["a", "b"]"#, to: "context.json")
        let laid = try cli.run("render", "call.mustache", "--context", "context.json")
        #expect(laid.status == 0)
        #expect(laid.stdout == "f(a: 1, b: 1)\n")
        let raw = try cli.run("render", "call.mustache", "--context", "context.json", "--raw")
        #expect(raw.stdout == "f(⟦a: 1⟧⟦b: 1⟧)\n")
    }

    /// `verify` replays a capture against a spec: clean is 0, drift (here, a key the spec
    /// doesn't read) is 1, with a line per endpoint and a summary.
    @Test func verifyExitsOneOnDrift() throws {
        let cli = try XToolGenCLI()
        defer { cli.remove() }
        let spec = """
            xtoolgen: 1
            api: Shop
            baseURL: https://shop.example.com/v1/
            models:
              Item:
                fields:
                  id: Int
            tools:
              Item:
                endpoints:
                  item:
                    get: items/{id}
                    params:
                      id: Int
                    response: Item

            """
        try cli.write(spec, to: "Shop.yaml")
        let entry = { (body: String) in
            #"{"log": {"entries": [{"request": {"method": "GET", "url": "https://shop.example.com/v1/items/7"}, "#
                + #""response": {"status": 200, "content": {"mimeType": "application/json", "text": "\#(body)"}}}]}}"#
        }
        try cli.write(entry(#"{\"id\": 7}"#), to: "clean.har")
        try cli.write(entry(#"{\"id\": 7, \"price\": 9}"#), to: "drift.har")
        let clean = try cli.run("verify", "Shop.yaml", "--traffic", "clean.har")
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(
            clean.stdout
                == "Shop Item.item: 1 call, ok\n1 call: 1 endpoint matched, 0 with problems, 0 calls matched none\n")
        let drift = try cli.run("verify", "Shop.yaml", "--traffic", "drift.har")
        #expect(drift.status == 1)
        #expect(drift.stdout.contains("price"))
        let missing = try cli.run("verify", "Shop.yaml")
        #expect(missing.status == 2)
    }

    @Test func contextPrintsVersionedJSON() throws {
        let cli = try XToolGenCLI()
        defer { cli.remove() }
        try cli.write(Self.spec, to: "Shop.yaml")
        let outcome = try cli.run("context", "Shop.yaml")
        #expect(outcome.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        #expect(json?["contextVersion"] as? Int == 3)
        #expect((json?["files"] as? [Any])?.count == 3)
    }
}

extension CommandLineTests {
    /// A capture of two hosts imported into a folder: one spec per host, each named from its
    /// host; into a file, the host most calls went to.
    @Test func aCaptureOfTwoHostsImportsToASpecPerHostInAFolder() throws {
        let cli = try XToolGenCLI()
        defer { cli.remove() }
        let entry = { (url: String, body: String) in
            #"{"request": {"method": "GET", "url": "\#(url)"}, "#
                + #""response": {"status": 200, "content": {"mimeType": "application/json", "text": "\#(body)"}}}"#
        }
        let entries = [
            entry("https://api.shop.com/v1/items/1", #"{\"id\": 1}"#),
            entry("https://api.shop.com/v1/items/2", #"{\"id\": 2}"#),
            entry("https://api.weather.com/now", #"{\"temp\": 21.5}"#),
        ]
        try cli.write(#"{"log": {"entries": ["# + entries.joined(separator: ", ") + "]}}", to: "two.har")
        let folder = try cli.run("import", "two.har", "--output", "Specs/")
        #expect(folder.status == 0, "\(folder.stderr)")
        #expect(cli.read("Specs/Shop.yaml")?.contains("baseURL: https://api.shop.com/v1/") == true)
        #expect(cli.read("Specs/Weather.yaml")?.contains("baseURL: https://api.weather.com/") == true)
        let file = try cli.run("import", "two.har", "--output", "One.yaml")
        #expect(file.status == 0, "\(file.stderr)")
        #expect(cli.read("One.yaml")?.contains("baseURL: https://api.shop.com/v1/") == true)
    }
}
