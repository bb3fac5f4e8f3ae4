// swift-tools-version:6.0
// CookieHarness — a cookie conformance test harness. Module map: ../shared/DESIGN.md §3.
import PackageDescription

let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "CookieHarness",
    products: [
        .library(name: "CookieModel", targets: ["CookieModel"]),
        .executable(name: "cookie-harness", targets: ["cookie-harness"]),
    ],
    targets: [
        // C libraries from Debian, found through pkg-config; a missing package names its fix.
        .systemLibrary(name: "CLibPSL", pkgConfig: "libpsl", providers: [.apt(["libpsl-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),

        // The RFC 6265bis reference cookie jar: pure, no I/O.
        .target(name: "CookieModel", dependencies: ["CLibPSL"], swiftSettings: strict),
        // libxml2 behind a Swift API: safe parsing, XSD validation with file:line:column errors.
        .target(name: "XMLSupport", dependencies: ["CLibXML2"], swiftSettings: strict),
        // External conformance corpora (http-state) and their runner.
        .target(name: "Conformance", dependencies: ["CookieModel", "XMLSupport"], swiftSettings: strict),
        // Scenario model, suite loading, worlds, apps, adapters, the runner.
        .target(name: "HarnessCore", dependencies: ["CookieModel", "XMLSupport"], swiftSettings: strict),
        // Reports from result events: JUnit XML, JSON, console.
        .target(name: "Reporting", dependencies: ["HarnessCore", "XMLSupport"], swiftSettings: strict),
        // Benchmarks that compare stores on one workload in one run.
        .target(name: "Bench", dependencies: ["CookieModel", "HarnessCore", "Reporting"], swiftSettings: strict),
        // The command line: argument parsing and commands, reachable from tests.
        .target(
            name: "CookieHarnessCLI",
            dependencies: ["CookieModel", "Conformance", "Bench", "HarnessCore", "Reporting"],
            swiftSettings: strict
        ),
        .executableTarget(name: "cookie-harness", dependencies: ["CookieHarnessCLI"], swiftSettings: strict),

        .testTarget(name: "CookieModelTests", dependencies: ["CookieModel"], swiftSettings: strict),
        .testTarget(name: "XMLSupportTests", dependencies: ["XMLSupport"], swiftSettings: strict),
        .testTarget(name: "ConformanceTests", dependencies: ["Conformance", "CookieModel", "XMLSupport"], swiftSettings: strict),
        .testTarget(name: "HarnessCoreTests", dependencies: ["HarnessCore", "CookieModel"], swiftSettings: strict),
        .testTarget(name: "ReportingTests", dependencies: ["Reporting", "HarnessCore", "XMLSupport"], swiftSettings: strict),
        .testTarget(name: "CookieHarnessCLITests", dependencies: ["CookieHarnessCLI"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
