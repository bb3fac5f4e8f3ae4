import Foundation
import Testing
import TestSupport

/// The Python side of the harness (the package `Sources/EngineDrivers/harness_drivers`: the drivers and, in
/// `support/`, what they share with the store adapters of `Sources/CookieStores/External`) has its own tests in
/// `Tests/Python`, run with Debian's pytest (`python3-pytest`, installed by `.ci/install-deps`), so that `swift test` runs them too.
@Suite("Python package (pytest)", .timeLimit(.minutes(3)))
struct PythonPackageTests {
    static let python = "/usr/bin/python3"
    static let folder = RepositoryFiles.path("Tests/Python")

    /// Whether Debian's Python has pytest (`python3 -m pytest --version` succeeds).
    static let pytestInstalled: Bool = (try? run(["-m", "pytest", "--version"]).status == 0) ?? false

    /// Runs Debian's Python with `arguments` in the package root: its exit status and its output (stdout and stderr).
    static func run(_ arguments: [String]) throws -> ExternalTool.Result {
        // No __pycache__ or .pytest_cache left in the checkout.
        try ExternalTool.run(python, arguments, in: RepositoryFiles.root, environment: ["PYTHONDONTWRITEBYTECODE": "1"])
    }

    @Test("every pytest test of Tests/Python passes",
          .enabled(if: pytestInstalled, "pytest is missing: install the Debian package python3-pytest (run .ci/install-deps)"))
    func pytestPasses() throws {
        let result = try Self.run(["-m", "pytest", "-q", "-p", "no:cacheprovider", Self.folder])
        #expect(result.status == 0, "python3 -m pytest -q Tests/Python failed:\n\(result.output)")
        #expect(result.output.contains(" passed"), "pytest ran no test:\n\(result.output)")
    }
}
