// swift-tools-version:6.0
// An app team's own cookie sync strategy on CookieHarness's built-in suites (README, "Your own strategy"), built both
// ways (docs/library.md): on the full product (my-app-harness) and on the core product (my-app-harness-core).
import PackageDescription

let package = Package(
    name: "MyAppStrategy",
    dependencies: [
        // In your app's repository: .package(url: "https://…/CookieHarness.git", branch: "main") (what .ci/url-dependency
        // builds, through a file:// URL); here, the repository two folders up.
        .package(name: "CookieHarness", path: "../.."),
    ],
    targets: [
        // The app's strategy, written against the WebKit-shaped API (the core product has it all).
        .target(name: "MyAppStrategy", dependencies: [.product(name: "CookieHarnessCore", package: "CookieHarness")]),
        // The whole command line: the simulated profiles, the real WebKitGTK engine, the browsers, every store.
        .executableTarget(
            name: "my-app-harness",
            dependencies: ["MyAppStrategy", .product(name: "CookieHarness", package: "CookieHarness")]
        ),
        // The core command line: the simulated profiles only; libxml2, libpsl and JavaScriptCore.
        .executableTarget(
            name: "my-app-harness-core",
            dependencies: ["MyAppStrategy", .product(name: "CookieHarnessCore", package: "CookieHarness")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
