// swift-tools-version: 6.0
import PackageDescription

// An app's package that has its own `YAML` and `Mustache` targets (as it would with another
// YAML or Mustache package) and also uses XToolGen's runtime and build-tool plugin. SwiftPM
// refuses a graph in which two targets share a name, so this builds only while every target
// XToolGen's products reach carries the project's prefix. CI builds it (.ci/run).
let package = Package(
    name: "NameCollision",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "XToolGen", path: "../..")
    ],
    targets: [
        .target(name: "YAML"),
        .target(name: "Mustache"),
        .executableTarget(
            name: "App",
            dependencies: ["YAML", "Mustache", .product(name: "XToolRuntime", package: "XToolGen")],
            plugins: [.plugin(name: "XToolGenPlugin", package: "XToolGen")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
