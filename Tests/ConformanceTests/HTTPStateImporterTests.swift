import Foundation
import Testing
import XMLSupport

@testable import Conformance

/// The package's own files, found from this source file.
enum PackageFiles {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // Tests/ConformanceTests/File.swift → package root
        return url
    }()

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    static let schema: XMLSchema = {
        do { return try XMLSchema(contentsOf: path("Suites/suite.xsd")) } catch { fatalError("cannot load suite.xsd: \(error)") }
    }()
}

/// Set `HTTP_STATE_RECORD=1` to rewrite the committed files from the corpus instead of comparing with them:
/// `HTTP_STATE_RECORD=1 swift test --filter HTTPStateImporter`.
private let recording = ProcessInfo.processInfo.environment["HTTP_STATE_RECORD"] == "1"

@Suite("http-state corpus → suite")
struct HTTPStateImporterTests {
    let importer: HTTPStateImporter

    init() throws {
        importer = try HTTPStateImporter(corpus: SharedCorpus.corpus)
    }

    private func parsedSuite() throws -> XMLTree {
        try XMLTree.parse(Data(try importer.suiteXML().utf8), file: "http-state.xml")
    }

    @Test("the committed suite is exactly a fresh import, so it cannot drift from the corpus")
    func committedSuiteIsFresh() throws {
        let path = PackageFiles.path(HTTPStateImporter.suitePath)
        if recording { try importer.suiteXML(to: path) }
        let committed = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            committed == (try importer.suiteXML()),
            "\(HTTPStateImporter.suitePath) is stale: HTTP_STATE_RECORD=1 swift test --filter HTTPStateImporter"
        )
    }

    @Test("the committed reference expectations are exactly a fresh import")
    func committedExpectationsAreFresh() throws {
        let path = PackageFiles.path(HTTPStateImporter.expectationsPath)
        if recording { try importer.expectationsXML(to: path) }
        let committed = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            committed == (try importer.expectationsXML()),
            "\(HTTPStateImporter.expectationsPath) is stale: HTTP_STATE_RECORD=1 swift test --filter HTTPStateImporter"
        )
    }

    @Test("both outputs are valid against Suites/suite.xsd")
    func outputsAreValid() throws {
        for (name, document) in [("http-state.xml", try importer.suiteXML()), ("reference.xml", try importer.expectationsXML())] {
            let problems = try PackageFiles.schema.validate(Data(document.utf8), file: name)
            #expect(problems.filter { $0.severity == .error }.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
        }
    }

    @Test("one scenario per importable case; only the NUL case is left out")
    func scenarioCount() throws {
        let suite = try parsedSuite().root
        let scenarios = suite.elements(named: "scenario")
        let corpus = SharedCorpus.corpus.parserCases
        #expect(importer.skippedCases.map(\.name) == ["disabled-chromium0022"])
        #expect(scenarios.count == corpus.count - importer.skippedCases.count)
        #expect(scenarios.count == 221)
        #expect(scenarios.map { $0[attribute: "id"] } == importer.importedCaseNames.map { "http-state.\($0.lowercased())" })
        #expect(scenarios.filter { $0[attribute: "tags"] == "http-state disabled-upstream" }.count == 3)
        let routes = suite.elements(named: "origin").flatMap { $0.elements(named: "route") }
        #expect(routes.filter { $0[attribute: "path"]?.hasPrefix("/cookie-parser?") == true }.count == scenarios.count)
    }

    @Test("a case that is not imported is listed, with the reason, in the provenance")
    func skippedCaseInProvenance() throws {
        let provenance = try #require(try parsedSuite().root.elements(named: "provenance").first).text
        #expect(provenance.contains("- disabled-chromium0022: Set-Cookie line 1 contains U+0000, which XML 1.0 cannot carry"))
        #expect(provenance.contains("repository abarth/http-state"))
        #expect(provenance.contains("commit 155e45c6168e6de2eb727193010fd12e3c789185"))
    }

    @Test("every Set-Cookie line, expected header and Location survives the XML round trip byte for byte")
    func roundTrip() throws {
        let suite = try parsedSuite().root
        let routes = suite.elements(named: "origin").flatMap { $0.elements(named: "route") }
        let caseRoutes = routes.filter { $0[attribute: "path"]?.hasPrefix("/cookie-parser?") == true }
        let routesByPath = Dictionary(uniqueKeysWithValues: caseRoutes.map { ($0[attribute: "path"] ?? "", $0) })
        let scenarios = Dictionary(uniqueKeysWithValues: suite.elements(named: "scenario").map { ($0[attribute: "id"] ?? "", $0) })
        for testCase in SharedCorpus.corpus.parserCases where importer.importedCaseNames.contains(testCase.name) {
            let route = try #require(routesByPath["/cookie-parser?\(testCase.name)"])
            #expect(route.elements(named: "set-cookie").map { Array($0.text.utf8) } == testCase.setCookieLines, "\(testCase.name)")
            #expect(route[attribute: "location"] == testCase.location ?? "/cookie-parser-result?\(testCase.name)")
            let scenario = try #require(scenarios["http-state.\(testCase.name.lowercased())"])
            let expectation = try #require(scenario.elements(named: "expect-request").first)
            #expect(expectation[attribute: "equals"] == testCase.expectedCookie, "\(testCase.name)")
            #expect((expectation[attribute: "empty"] == "true") == (testCase.expectedCookie == nil), "\(testCase.name)")
        }
    }

    @Test("the CR of disabled-chromium0023 is carried as a character reference")
    func carriageReturn() throws {
        let xml = try importer.suiteXML()
        #expect(xml.contains("<set-cookie>AAA=BB&#13;ZYX</set-cookie>"))
    }

    @Test("redirect targets: relative Locations resolve on the cookie-parser origin, hosts are lower-cased, queries kept")
    func redirectTargets() throws {
        let targets = Dictionary(uniqueKeysWithValues: importer.imported.map { ($0.source.name, $0.target) })
        #expect(targets["0001"] == "http://home.example.org:8888/cookie-parser-result?0001")
        #expect(targets["path0008"] == "http://home.example.org:8888/cookie-parser-result/bar?path0008")
        #expect(targets["domain0033"] == "http://home.example.org:8888/cookie-parser-result?domain0033")
        #expect(targets["domain0002"] == "http://sibling.example.org:8888/cookie-parser-result?domain0002")
        #expect(targets["disabled-path0029"] == "http://home.example.org:8888/cookie-parser-result/f%6Fo/bar?disabled-path0029")
        #expect(importer.otherOrigins == [
            "http://sibling.example.org:8888", "http://sibling.home.example.org:8888", "http://subdomain.home.example.org:8888",
        ])
    }

    @Test("the reference expectations list every deviation of an imported case as a failure, with its reason")
    func referenceExpectations() throws {
        let document = try XMLTree.parse(Data(try importer.expectationsXML().utf8), file: "reference.xml").root
        #expect(document[attribute: "adapter"] == "reference")
        let expects = document.elements(named: "expect")
        let expected = HTTPStateDeviations.rfc6265bis.filter { importer.importedCaseNames.contains($0.key) }
        #expect(expects.count == expected.count)
        for element in expects {
            let name = try #require(element[attribute: "scenario"]?.dropFirst("http-state.".count))
            #expect(element[attribute: "status"] == "fail")
            #expect(element.text == HTTPStateDeviations.rfc6265bis[String(name)], "\(name)")
        }
        #expect(expects.map { $0[attribute: "scenario"] ?? "" } == expects.map { $0[attribute: "scenario"] ?? "" }.sorted())
    }

    @Test("writing to a file gives the same bytes as the in-memory document, in a folder created on demand")
    func writesFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("http-state-import-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let suitePath = folder.appendingPathComponent("conformance/http-state.xml").path
        let expectationsPath = folder.appendingPathComponent("expectations/reference.xml").path
        try importer.suiteXML(to: suitePath)
        try importer.expectationsXML(to: expectationsPath)
        #expect(try String(contentsOfFile: suitePath, encoding: .utf8) == (try importer.suiteXML()))
        #expect(try String(contentsOfFile: expectationsPath, encoding: .utf8) == (try importer.expectationsXML()))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("conformance").path) == ["http-state.xml"])
    }

    @Test("two imports of the same corpus are identical")
    func deterministic() throws {
        let again = try HTTPStateImporter(corpus: SharedCorpus.corpus)
        #expect(try again.suiteXML() == (try importer.suiteXML()))
        #expect(try again.expectationsXML() == (try importer.expectationsXML()))
    }
}

@Suite("importing a corpus from disk")
struct HTTPStateImporterCorpusTests {
    private func temporaryCorpus(_ files: [String: [UInt8]]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("http-state-\(UUID().uuidString)")
        for folder in ["parser", "dates"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        var all: [String: [UInt8]] = [
            "SOURCES.md": Array("taken from the public repository someone/cookies, folder tests/data, at commit \(String(repeating: "ab", count: 20)).\n".utf8),
            "hosts": Array("127.0.0.1 home.example.org\n127.0.0.1 other.example.org\n".utf8),
        ]
        all.merge(files) { $1 }
        for (path, bytes) in all {
            try Data(bytes).write(to: root.appendingPathComponent(path))
        }
        return root
    }

    @Test("a NUL is not imported and is named in the provenance; a CR is imported")
    func controlCharacters() throws {
        let root = try temporaryCorpus([
            "parser/x0001-test": Array("Set-Cookie: a=b".utf8) + [0] + Array("c\n".utf8),
            "parser/x0001-expected": Array("Cookie: a=b\n".utf8),
            "parser/x0002-test": Array("Set-Cookie: a=b".utf8) + [13] + Array("c\n".utf8),
            "parser/x0002-expected": Array("\n".utf8),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let importer = try HTTPStateImporter(corpus: try HTTPStateCorpus(path: root.path), deviations: [:])
        #expect(importer.importedCaseNames == ["x0002"])
        #expect(importer.skippedCases.map(\.name) == ["x0001"])
        let suite = try XMLTree.parse(Data(try importer.suiteXML().utf8), file: "t.xml", validatingAgainst: PackageFiles.schema).root
        let provenance = try #require(suite.elements(named: "provenance").first).text
        #expect(provenance.contains("repository someone/cookies, folder tests/data, commit abab"))
        #expect(provenance.contains("- x0001: Set-Cookie line 1 contains U+0000"))
        let setCookie = suite.elements(named: "origin").flatMap { $0.elements(named: "route") }.flatMap { $0.elements(named: "set-cookie") }
        #expect(setCookie.map(\.text) == ["a=b\rc"])
    }

    @Test("a Location to a host the hosts file does not list is an error naming the case")
    func unknownHost() throws {
        let root = try temporaryCorpus([
            "parser/x0001-test": Array("Set-Cookie: a=b\nLocation: http://elsewhere.example.org:8888/cookie-parser-result?x0001\n".utf8),
            "parser/x0001-expected": Array("Cookie: a=b\n".utf8),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let corpus = try HTTPStateCorpus(path: root.path)
        #expect(throws: HTTPStateCorpusError.self) { try HTTPStateImporter(corpus: corpus) }
        do {
            _ = try HTTPStateImporter(corpus: corpus)
        } catch {
            #expect("\(error)" == "parser/x0001-test: Location points to elsewhere.example.org, which the corpus' hosts file does not list")
        }
    }

    @Test("a corpus whose SOURCES.md names no commit is refused")
    func missingCommit() throws {
        let root = try temporaryCorpus([
            "SOURCES.md": Array("somewhere\n".utf8),
            "parser/x0001-test": Array("Set-Cookie: a=b\n".utf8),
            "parser/x0001-expected": Array("Cookie: a=b\n".utf8),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: HTTPStateCorpusError.self) { try HTTPStateImporter(corpus: try HTTPStateCorpus(path: root.path)) }
    }
}
