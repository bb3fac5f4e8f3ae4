import Foundation
import HarnessCore
import SuiteFormat
import TestSupport
import Testing

@Suite("Suite loader: finding and loading the schema")
struct SuiteLoaderSchemaTests {
    @Test("not found: the error lists every place tried, in order")
    func reportsPlacesTried() throws {
        let sandbox = try TestDirectory()
        let root = sandbox.path
        let start = root + "/a/b/c/d/e"
        try FileManager.default.createDirectory(atPath: start, withIntermediateDirectories: true)

        let error = try #require(throws: SuiteSchema.NotFound.self) {
            try SuiteSchema.locate(currentDirectory: start, executablePath: root + "/bin/tool", packageRoot: nil)
        }

        // The start and four parents, then the executable's directory and its parents (the sandbox's own
        // ancestors depend on TMPDIR, so only the first two of those are pinned).
        #expect(Array(error.tried.prefix(7)) == [
            "\(root)/a/b/c/d/e/Suites/suite.xsd", "\(root)/a/b/c/d/Suites/suite.xsd", "\(root)/a/b/c/Suites/suite.xsd",
            "\(root)/a/b/Suites/suite.xsd", "\(root)/a/Suites/suite.xsd",
            "\(root)/bin/Suites/suite.xsd", "\(root)/Suites/suite.xsd",
        ])
        #expect(error.tried.count <= 10)
        #expect(error.tried.count == Set(error.tried).count)
        #expect(error.description == (
            ["error: cannot find the suite schema Suites/suite.xsd; tried:"] + error.tried.map { "  \($0)" }
                + ["run from the package directory or give the schema's path explicitly"]
        ).joined(separator: "\n"))
    }

    @Test("an explicit path is tried alone, as a file or as a directory holding Suites/suite.xsd")
    func explicitPathIsTriedAlone() throws {
        let sandbox = try TestDirectory()
        let missing = sandbox.path + "/nowhere.xsd"

        let error = try #require(throws: SuiteSchema.NotFound.self) {
            try SuiteSchema.locate(explicitPath: missing, currentDirectory: RepositoryFiles.root)
        }
        #expect(error.tried == [missing])

        let directoryError = try #require(throws: SuiteSchema.NotFound.self) {
            try SuiteSchema.locate(explicitPath: sandbox.path, currentDirectory: RepositoryFiles.root)
        }
        #expect(directoryError.tried == ["\(sandbox.path)/Suites/suite.xsd"])

        #expect(try SuiteSchema.locate(explicitPath: RepositoryFiles.root) == RepositoryFiles.suiteSchema)
    }

    @Test("found from a subdirectory of the package, and from the executable's directory")
    func findsThePackageSchema() throws {
        let root = RepositoryFiles.root
        let fromSubdirectory = try SuiteSchema.locate(currentDirectory: root + "/Tests/SuiteFormatTests", executablePath: nil)
        #expect(fromSubdirectory == RepositoryFiles.suiteSchema)

        let sandbox = try TestDirectory()
        let fromExecutable = try SuiteSchema.locate(
            currentDirectory: sandbox.path, executablePath: root + "/.build/debug/cookie-harness"
        )
        #expect(fromExecutable == RepositoryFiles.suiteSchema)
    }

    @Test("from a folder outside the package (an app that depends on it by URL), the package's own checkout is found last")
    func findsTheCheckoutFromAnywhere() throws {
        let root = RepositoryFiles.root
        #expect(PackageFiles.sourceRoot.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            == URL(fileURLWithPath: root).standardizedFileURL.path)
        let sandbox = try TestDirectory()
        let app = sandbox.path + "/app/.build/release"
        try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
        let found = try SuiteSchema.locate(currentDirectory: sandbox.path + "/app", executablePath: app + "/my-app-harness")
        #expect(URL(fileURLWithPath: found).standardizedFileURL.path
            == URL(fileURLWithPath: RepositoryFiles.suiteSchema).standardizedFileURL.path)
        let tried = try #require(throws: SuiteSchema.NotFound.self) {
            try SuiteSchema.locate(currentDirectory: sandbox.path + "/app", executablePath: app + "/my-app-harness", packageRoot: nil)
        }.tried
        #expect(!tried.contains { $0.hasPrefix(root + "/") }, "without the checkout, nothing of the package is found")
    }

    @Test("the default Suites folder: the current directory's when it has one, else the package checkout's")
    func defaultSuitesFolder() throws {
        let sandbox = try TestDirectory()
        let packaged = try #require(PackageFiles.sourceRoot).appending("/Suites")
        #expect(PackageFiles.folder("Suites", currentDirectory: sandbox.path) == packaged)
        try FileManager.default.createDirectory(atPath: sandbox.path + "/Suites", withIntermediateDirectories: true)
        #expect(PackageFiles.folder("Suites", currentDirectory: sandbox.path) == "Suites")
        #expect(PackageFiles.folder("NoSuchFolder", currentDirectory: sandbox.path) == "NoSuchFolder")
    }

    @Test("loading twice gives the same usable schema; a broken schema is an error with its position")
    func loadsAndCaches() throws {
        let first = try SuiteSchema.load(from: RepositoryFiles.suiteSchema)
        let second = try SuiteSchema.load(from: RepositoryFiles.root + "/Tests/../Suites/suite.xsd")
        #expect(first.file == RepositoryFiles.suiteSchema)
        #expect(second.file.hasSuffix("/Tests/../Suites/suite.xsd"))

        let sandbox = try TestDirectory()
        let suite = try sandbox.write("s.xml", SuiteDocuments.suite(id: "s", """
              <scenario id="s.a"><title>T</title><restart-app/></scenario>
            """))
        #expect(try SuiteLoader(schema: second).loadSuite(at: suite).id == "s")

        let broken = try sandbox.write("broken.xsd", """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="x" type="nope"/>
            </xs:schema>
            """)
        let error = try #require(throws: SuiteLoadingError.self) { try SuiteSchema.load(from: broken) }
        #expect(error.description.hasPrefix("\(broken):2:"), "\(error)")

        let missing = try #require(throws: SuiteLoadingError.self) {
            try SuiteSchema.load(from: sandbox.path + "/none.xsd")
        }
        #expect(missing.description == "\(sandbox.path)/none.xsd: error: No such file or directory")
    }

    @Test("concurrent first loads of one path all succeed")
    func concurrentLoads() async throws {
        let sandbox = try TestDirectory()
        // A copy at a fresh path, so this test really performs the first load.
        let copy = try sandbox.write("suite.xsd", String(contentsOfFile: RepositoryFiles.suiteSchema, encoding: .utf8))
        let files = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 {
                group.addTask { try SuiteSchema.load(from: copy).file }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(files == Array(repeating: copy, count: 8))
    }
}
