// swift-tools-version: 6.0
import PackageDescription

// An app's package that uses XToolGen's build-tool plugin: Sources/Timeline/Specs/Timeline.yaml
// becomes TimelineAPI, TimelineTool and Post at build time, compiled into the Timeline target.
// run-example.sh builds it and runs it against the project's local test server.
let package = Package(
    name: "Timeline",
    platforms: [.macOS(.v13)],
    dependencies: [
        // A path dependency is named after its folder, which differs between checkouts; `name:`
        // lets the targets below say "XToolGen" whatever the folder is called.
        .package(name: "XToolGen", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "Timeline",
            dependencies: [.product(name: "XToolRuntime", package: "XToolGen")],
            plugins: [.plugin(name: "XToolGenPlugin", package: "XToolGen")]
        )
    ],
    swiftLanguageModes: [.v6]
)
