import Foundation
import Testing
import TestSupport

/// The Python side of the harness (the drivers in `Sources/WebKitGTK/Driver`, the store adapters in
/// `Sources/CookieStores/External`, what they share in `Sources/PythonSupport`) has its own tests in `Tests/Python`,
/// run with Debian's pytest (`python3-pytest`, installed by `.ci/install-deps`), so that `swift test` runs them too.
@Suite("Python package (pytest)", .timeLimit(.minutes(3)))
struct PythonPackageTests {
    static let python = "/usr/bin/python3"
    static let folder = RepositoryFiles.path("Tests/Python")

    /// Whether Debian's Python has pytest (`python3 -m pytest --version` succeeds).
    static let pytestInstalled: Bool = (try? run(["-m", "pytest", "--version"]).status == 0) ?? false

    /// Runs Debian's Python with `arguments` in the package root: its exit status and its output (stdout and stderr).
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: RepositoryFiles.root)
        // No __pycache__ or .pytest_cache left in the checkout.
        process.environment = ProcessInfo.processInfo.environment.merging(["PYTHONDONTWRITEBYTECODE": "1"]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("every pytest test of Tests/Python passes",
          .enabled(if: pytestInstalled, "pytest is missing: install the Debian package python3-pytest (run .ci/install-deps)"))
    func pytestPasses() throws {
        let (status, output) = try Self.run(["-m", "pytest", "-q", "-p", "no:cacheprovider", Self.folder])
        #expect(status == 0, "python3 -m pytest -q Tests/Python failed:\n\(output)")
        #expect(output.contains(" passed"), "pytest ran no test:\n\(output)")
    }
}
