// swift-tools-version:6.0
// An app team's own cookie sync strategy on CookieHarness's built-in suites (README, "Your own strategy").
import PackageDescription

let package = Package(
    name: "MyAppStrategy",
    dependencies: [
        // In your app's repository: .package(url: "…/CookieHarness.git", from: "…"), or a path like this one.
        .package(name: "CookieHarness", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "my-app-harness",
            dependencies: [.product(name: "CookieHarness", package: "CookieHarness")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
