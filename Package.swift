// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "XToolGen",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .executable(name: "xtoolgen", targets: ["xtoolgen"]),
        .library(name: "XToolRuntime", targets: ["XToolRuntime"]),

        // The SwiftPM plugins (docs/plugins.md).
        .plugin(name: "XToolGenPlugin", targets: ["XToolGenPlugin"]),
        .plugin(name: "GenerateDataLayer", targets: ["GenerateDataLayer"]),
        .plugin(name: "XToolGenCommand", targets: ["XToolGenCommand"]),
    ],
    targets: [
        // The generator: YAML -> spec -> template context -> templates -> files.
        .systemLibrary(
            name: "CXToolYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // Diagnostics and source locations, shared by every stage that reads a file.
        .target(name: "XToolDiagnostics"),
        .target(name: "XToolYAML", dependencies: ["CXToolYAML", "XToolDiagnostics"]),
        .target(name: "XToolMustache"),
        // The rules the runtime and the generator side must agree on (key-path syntax, date
        // style names and reading): imported by both, importing nothing of either.
        .target(name: "XToolRules"),
        .target(name: "XToolSpec", dependencies: ["XToolDiagnostics", "XToolYAML", "XToolRules"]),
        // OpenAPI documents -> spec text (`xtoolgen import`, and documents kept in Specs/).
        .target(
            name: "XToolImport",
            dependencies: ["XToolDiagnostics", "XToolSpec", "XToolYAML", "XToolSamples", "XToolRules"]),
        // Sample responses: read from their files, checked against the spec's types.
        .target(name: "XToolSamples", dependencies: ["XToolDiagnostics", "XToolSpec", "XToolYAML", "XToolRules"]),
        .target(
            name: "XToolGenerator", dependencies: ["XToolDiagnostics", "XToolSpec", "XToolSamples", "XToolMustache"]),
        // The front half: a file's bytes -> its document and front end (a spec, an OpenAPI
        // document, a capture) -> spec -> SampledSpec, with diagnostics; every command loads here.
        .target(
            name: "XToolFrontHalf",
            dependencies: ["XToolDiagnostics", "XToolYAML", "XToolSpec", "XToolImport", "XToolSamples"]),
        // What the user hands the tools: arguments, options files; a generate or check run.
        .target(
            name: "XToolCommandLine",
            dependencies: [
                "XToolDiagnostics", "XToolSpec", "XToolImport", "XToolFrontHalf", "XToolSamples", "XToolGenerator",
            ]),
        .executableTarget(name: "embed-templates"),  // scripts/embed-templates: Templates/ -> EmbeddedTemplates.swift
        .executableTarget(
            name: "xtoolgen",
            dependencies: [
                "XToolDiagnostics", "XToolCommandLine", "XToolFrontHalf", "XToolGenerator", "XToolSpec",
                "XToolMustache",
                "XToolImport", "XToolSamples", "XToolYAML",
            ]),

        // The runtime the generated code calls (XToolRules is an internal import: no part of its API).
        .target(name: "XToolRuntime", dependencies: ["XToolRules"]),

        // The committed output of `xtoolgen generate` for Specs/, compiled as real targets so that
        // a broken template fails the build.
        .target(name: "Weibo", dependencies: ["XToolRuntime"], path: "Generated/Weibo"),
        .target(name: "Dianping", dependencies: ["XToolRuntime"], path: "Generated/Dianping"),
        .target(name: "Home", dependencies: ["XToolRuntime"], path: "Generated/Home"),
        // The same three apps from their captured traffic alone (issue 39): Specs/*Capture.har,
        // recorded by CaptureTests from the layers above and imported in memory on every run.
        .target(name: "WeiboCapture", dependencies: ["XToolRuntime"], path: "Generated/WeiboCapture"),
        .target(name: "DianpingCapture", dependencies: ["XToolRuntime"], path: "Generated/DianpingCapture"),
        .target(name: "HomeCapture", dependencies: ["XToolRuntime"], path: "Generated/HomeCapture"),
        // The request side of four real APIs (issue 10): uploads, auth placement, whole bodies,
        // parameter styles.
        .target(name: "Mastodon", dependencies: ["XToolRuntime"], path: "Generated/Mastodon"),
        .target(name: "GitHub", dependencies: ["XToolRuntime"], path: "Generated/GitHub"),
        .target(name: "Stripe", dependencies: ["XToolRuntime"], path: "Generated/Stripe"),
        .target(name: "WeChat", dependencies: ["XToolRuntime"], path: "Generated/WeChat"),
        .target(name: "OpenWeather", dependencies: ["XToolRuntime"], path: "Generated/OpenWeather"),
        .target(name: "MastodonTimeline", dependencies: ["XToolRuntime"], path: "Generated/MastodonTimeline"),
        .target(name: "WeChatLogin", dependencies: ["XToolRuntime"], path: "Generated/WeChatLogin"),
        .target(name: "GitHubIssues", dependencies: ["XToolRuntime"], path: "Generated/GitHubIssues"),
        // Imported from the OpenAPI petstore (issue 11): `xtoolgen import` wrote Specs/Petstore.yaml.
        .target(name: "Petstore", dependencies: ["XToolRuntime"], path: "Generated/Petstore"),
        .target(name: "StripeCharges", dependencies: ["XToolRuntime"], path: "Generated/StripeCharges"),
        // Kept as OpenAPI documents in Specs/ and imported on every run (issue 20): Discord's integer
        // enums and integer-tagged unions; Asana's `data` wrappers, offset tokens, dotted names and days.
        .target(name: "Discord", dependencies: ["XToolRuntime"], path: "Generated/Discord"),
        .target(name: "Asana", dependencies: ["XToolRuntime"], path: "Generated/Asana"),
        // Hand-written from two real APIs' documentation (issue 22), one spec each: Reddit's wrapped
        // listings, token host and both-way cursors; Bilibili's envelope, no_more pages and WBI signature.
        .target(name: "Reddit", dependencies: ["XToolRuntime"], path: "Generated/Reddit"),
        .target(name: "Bilibili", dependencies: ["XToolRuntime"], path: "Generated/Bilibili"),
        // Written from AMap's (高德) documentation (issue 30): Beijing times with no zone.
        .target(name: "AMap", dependencies: ["XToolRuntime"], path: "Generated/AMap"),
        // Written from AniList's documentation (issue 31): a GraphQL API, its pages in `variables`.
        .target(name: "AniList", dependencies: ["XToolRuntime"], path: "Generated/AniList"),
        // Written from Taobao's open platform documentation (issue 40): one gateway URL, a
        // signing recipe, a GMT+8 timestamp of each request.
        .target(name: "Taobao", dependencies: ["XToolRuntime"], path: "Generated/Taobao"),
        // Written from Notion's documentation (issue 42): blocks, each a tagged union beside
        // its common fields.
        .target(name: "Notion", dependencies: ["XToolRuntime"], path: "Generated/Notion"),

        // A hostile spec's output (Tests/Fixtures/Hostile.yaml, generated with `--access
        // package` and no other option), compiled as a new Xcode 26 app target is: the main actor
        // as default isolation, and the approachable-concurrency upcoming features.
        .target(
            name: "Hostile", dependencies: ["XToolRuntime"], path: "Tests/Fixtures/Generated/Hostile",
            swiftSettings: [
                .defaultIsolation(MainActor.self), .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
                .enableUpcomingFeature("InferIsolatedConformances"),
            ]),
        // Models named Data, Error, Task, Result, Response, Decoder and Type
        // (Tests/Fixtures/Names.yaml).
        .target(name: "Names", dependencies: ["XToolRuntime"], path: "Tests/Fixtures/Generated/Names"),
        // The corners of issue 22 in Reddit's shapes (Tests/Fixtures/Corners.yaml).
        .target(name: "Corners", dependencies: ["XToolRuntime"], path: "Tests/Fixtures/Generated/Corners"),

        // Weibo's tool rendered by a custom Tool template that writes one parameter per line
        // (Tests/Fixtures/OnePerLine/Templates), compiled beside the Weibo module it extends.
        .target(
            name: "WeiboOnePerLine", dependencies: ["Weibo", "XToolRuntime"],
            path: "Tests/Fixtures/OnePerLine", exclude: ["Templates"]),

        // The runtime benchmarks that Benchmarks/run runs (decoding and request overhead), against
        // the generated Weibo layer and hand-written Codable models of the same shape.
        .executableTarget(
            name: "xtoolbench", dependencies: ["BenchTimeline", "Weibo", "XToolRuntime"], path: "Benchmarks/Runtime"),
        // The decoding benchmark's models: Weibo's shape with ISO 8601 dates, generated at build
        // time by the build-tool plugin from Benchmarks/BenchTimeline/Specs.
        .target(
            name: "BenchTimeline", dependencies: ["XToolRuntime"], path: "Benchmarks/BenchTimeline",
            plugins: ["XToolGenPlugin"]),

        .target(
            name: "TestSupport", dependencies: ["XToolRuntime"], path: "Tests/TestSupport",
            resources: [.copy("Resources/local_server.py")]),
        .testTarget(name: "XToolYAMLTests", dependencies: ["XToolDiagnostics", "XToolYAML", "TestSupport"]),
        .testTarget(name: "XToolMustacheTests", dependencies: ["XToolMustache", "TestSupport"]),
        .testTarget(
            name: "XToolSpecTests", dependencies: ["XToolSpec", "XToolYAML", "XToolDiagnostics"],
            exclude: ["MalformedSpecs"]),
        .testTarget(
            name: "XToolSamplesTests",
            dependencies: ["XToolSamples", "XToolSpec", "XToolDiagnostics", "XToolYAML", "XToolRules", "XToolRuntime"],
            exclude: ["Mismatches"]),
        .testTarget(
            name: "XToolImportTests",
            dependencies: [
                "XToolImport", "XToolSpec", "XToolYAML", "XToolGenerator", "XToolSamples", "XToolRules", "TestSupport",
            ],
            exclude: ["Snapshots", "Fixtures"]),
        .testTarget(
            name: "XToolGeneratorTests",
            dependencies: ["XToolGenerator", "XToolFrontHalf", "XToolSpec", "XToolSamples"],
            exclude: ["Snapshots"]),
        .testTarget(
            name: "XToolFrontHalfTests",
            dependencies: ["XToolFrontHalf", "XToolImport", "XToolSpec", "XToolDiagnostics"]),
        .testTarget(
            name: "XToolCommandLineTests",
            dependencies: [
                "XToolCommandLine", "XToolFrontHalf", "XToolGenerator", "XToolImport", "XToolSpec", "XToolYAML",
                "TestSupport",
            ]),
        .testTarget(name: "xtoolgenTests", dependencies: ["xtoolgen", "XToolDiagnostics", "TestSupport"]),
        .testTarget(name: "HostileTests", dependencies: ["Hostile", "Names", "XToolRuntime", "TestSupport"]),
        .testTarget(name: "XToolRuntimeTests", dependencies: ["XToolRuntime", "Weibo", "TestSupport"]),
        // The runtime names the generator reserves, against the runtime and the default templates.
        .testTarget(name: "ReservedNamesTests", dependencies: ["XToolRuntime", "XToolSpec", "XToolRules"]),
        // The generated data layers against the local test server, with the specs' samples
        // (Specs/samples/) read by path.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "Weibo", "Dianping", "Home", "Mastodon", "GitHub", "Stripe", "WeChat", "OpenWeather",
                "MastodonTimeline",
                "WeChatLogin", "GitHubIssues", "StripeCharges", "Petstore", "Discord", "Asana", "Corners", "Reddit",
                "Bilibili", "AMap", "AniList", "Taobao", "Notion",
                "XToolRuntime", "XToolCommandLine", "XToolFrontHalf", "XToolImport", "XToolSpec",
                "TestSupport",
            ]),
        // The layers imported from the seed apps' captures, through the apps' own checks.
        .testTarget(
            name: "CaptureEndToEndTests",
            dependencies: ["WeiboCapture", "DianpingCapture", "HomeCapture", "XToolRuntime", "TestSupport"]),

        // The SwiftPM plugins: both run the xtoolgen executable (docs/plugins.md). The build-tool
        // plugin generates a target's Specs/*.yaml at build time with `--output-file`; the command
        // plugin regenerates the committed Generated/.
        .plugin(name: "XToolGenPlugin", capability: .buildTool(), dependencies: ["xtoolgen"]),
        .plugin(
            name: "GenerateDataLayer",
            capability: .command(
                intent: .custom(
                    verb: "generate-data-layer", description: "Generate Generated/ from Specs/ with xtoolgen"),
                permissions: [.writeToPackageDirectory(reason: "xtoolgen writes the generated Swift into Generated/")]),
            dependencies: ["xtoolgen"]),
        // `swift package xtoolgen validate`: the commands that only read, in any package.
        .plugin(
            name: "XToolGenCommand",
            capability: .command(
                intent: .custom(verb: "xtoolgen", description: "Run xtoolgen validate, check or context on the specs")),
            dependencies: ["xtoolgen"]),
    ],
    swiftLanguageModes: [.v6]
)
