// swift-tools-version: 6.2
import PackageDescription

// An app target with the settings of a new Xcode 26 app: main-actor default isolation and the
// approachable-concurrency upcoming features. XToolGenPlugin generates its data layer with no
// option (Sources/App/Specs has no xtoolgen.options), and it must build with no error and no
// warning and answer right. CI builds and runs it (.ci/run).
let package = Package(
    name: "MainActorApp",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "XToolGen", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "App",
            dependencies: [.product(name: "XToolRuntime", package: "XToolGen")],
            swiftSettings: [
                .defaultIsolation(MainActor.self),
                .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
                .enableUpcomingFeature("InferIsolatedConformances"),
            ],
            plugins: [.plugin(name: "XToolGenPlugin", package: "XToolGen")]
        )
    ],
    swiftLanguageModes: [.v6]
)
