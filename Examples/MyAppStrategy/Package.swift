// swift-tools-version:6.0
// An app team's own cookie sync strategy on CookieHarness's built-in suites (README, "Your own strategy").
import PackageDescription

let package = Package(
    name: "MyAppStrategy",
    dependencies: [
        // In your app's repository: .package(url: "https://…/CookieHarness.git", branch: "main") (what .ci/url-dependency
        // builds, through a file:// URL); here, the repository two folders up.
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
