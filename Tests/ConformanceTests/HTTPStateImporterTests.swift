import CookieModel
import Foundation
import HarnessCore
import SuiteFormat
import TestSupport
import Testing
import XMLSupport

@testable import Conformance

extension RepositoryFiles {
    /// The suite schema, for validating the importer's documents.
    static let suiteXMLSchema: XMLSchema = {
        do { return try XMLSchema(contentsOf: suiteSchema) } catch { fatalError("cannot load suite.xsd: \(error)") }
    }()
}

/// Set `HTTP_STATE_RECORD=1` to rewrite the committed files from the corpus instead of comparing with them:
/// `HTTP_STATE_RECORD=1 swift test --filter HTTPStateImporter`.
private let recording = ProcessInfo.processInfo.environment["HTTP_STATE_RECORD"] == "1"

@Suite("http-state corpus → suite")
struct HTTPStateImporterTests {
    let importer: HTTPStateImporter

    init() throws {
        importer = try HTTPStateImporter(corpus: VendoredCorpus.loaded.get())
    }

    private func parsedSuite() throws -> XMLTree {
        try XMLTree.parse(Data(try importer.suiteXML().utf8), file: "http-state.xml")
    }

    @Test("the committed suite is exactly a fresh import, so it cannot drift from the corpus")
    func committedSuiteIsFresh() throws {
        let path = RepositoryFiles.path(HTTPStateImporter.suitePath)
        if recording { try importer.suiteXML(to: path) }
        let committed = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            committed == (try importer.suiteXML()),
            "\(HTTPStateImporter.suitePath) is stale: HTTP_STATE_RECORD=1 swift test --filter HTTPStateImporter"
        )
    }

    @Test("the committed reference expectations are exactly a fresh import")
    func committedExpectationsAreFresh() throws {
        let path = RepositoryFiles.path(HTTPStateImporter.expectationsPath)
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
            let problems = try RepositoryFiles.suiteXMLSchema.validate(Data(document.utf8), file: name)
            #expect(problems.filter { $0.severity == .error }.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
        }
    }

    @Test("one scenario per case: all 222, the NUL case included")
    func scenarioCount() throws {
        let suite = try parsedSuite().root
        let scenarios = suite.elements(named: "scenario")
        let corpus = VendoredCorpus.parserCases
        #expect(importer.skippedCases.isEmpty)
        #expect(scenarios.count == corpus.count)
        #expect(scenarios.count == 222)
        #expect(scenarios.map { $0[attribute: "id"] } == importer.importedCaseNames.map { "http-state.\($0.lowercased())" })
        #expect(scenarios.filter { $0[attribute: "tags"] == "http-state disabled-upstream" }.count == 4)
        let routes = suite.elements(named: "origin").flatMap { $0.elements(named: "route") }
        #expect(routes.filter { $0[attribute: "path"]?.hasPrefix("/cookie-parser?") == true }.count == scenarios.count)
    }

    @Test("the provenance names the corpus and says every case was imported")
    func provenance() throws {
        let provenance = try #require(try parsedSuite().root.elements(named: "provenance").first).text
        #expect(provenance.contains("222 of 222 parser cases imported.\nEvery case was imported."))
        #expect(provenance.contains("repository abarth/http-state"))
        #expect(provenance.contains("commit 155e45c6168e6de2eb727193010fd12e3c789185"))
    }

    @Test("as the loader reads it, every Set-Cookie line is the corpus' field value byte for byte; expected headers and Locations too")
    func roundTrip() throws {
        let suite = try loadedSuite()
        let caseRoutes = suite.origins.flatMap(\.routes).filter { $0.path.hasPrefix("/cookie-parser?") }
        let routesByPath = Dictionary(uniqueKeysWithValues: caseRoutes.map { ($0.path, $0) })
        let scenarios = Dictionary(uniqueKeysWithValues: try parsedSuite().root.elements(named: "scenario").map { ($0[attribute: "id"] ?? "", $0) })
        for testCase in VendoredCorpus.parserCases {
            let route = try #require(routesByPath["/cookie-parser?\(testCase.name)"])
            let lines = testCase.setCookieLines.map { HTTPFieldValue.strippingOptionalWhitespace(String(decoding: $0, as: UTF8.self)) }
            #expect(route.setCookies == lines, "\(testCase.name)")
            #expect(route.location == testCase.location ?? "/cookie-parser-result?\(testCase.name)")
            let raw = lines.contains { $0.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" } }
            #expect(route.delivery == (raw ? .parser : .wire), "\(testCase.name)")
            let scenario = try #require(scenarios["http-state.\(testCase.name.lowercased())"])
            let expectation = try #require(scenario.elements(named: "expect-request").first)
            #expect(expectation[attribute: "equals"] == testCase.expectedCookie, "\(testCase.name)")
            #expect((expectation[attribute: "empty"] == "true") == (testCase.expectedCookie == nil), "\(testCase.name)")
        }
        #expect(caseRoutes.filter { $0.delivery == .parser }.map(\.path) == [
            "/cookie-parser?disabled-chromium0022", "/cookie-parser?disabled-chromium0023",
        ])
    }

    @Test("the NUL of disabled-chromium0022 is percent-encoded, the CR of disabled-chromium0023 a character reference, both handed to the parser")
    func controlCharactersInTheCorpus() throws {
        let xml = try importer.suiteXML()
        #expect(xml.contains("<set-cookie xml:space=\"preserve\" encoding=\"percent\">AAA=BB%00ZYX</set-cookie>"))
        #expect(xml.contains("<set-cookie xml:space=\"preserve\">AAA=BB&#13;ZYX</set-cookie>"))
        let suite = try loadedSuite()
        let needing = suite.scenarios.filter { $0.requiredCapabilities.contains(.rawSetCookie) }.map(\.id)
        #expect(needing == ["http-state.disabled-chromium0022", "http-state.disabled-chromium0023"])
    }

    /// The generated suite as the harness loads it (schema, `xml:space`, `encoding`, delivery).
    private func loadedSuite() throws -> HarnessCore.Suite {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("http-state-\(UUID().uuidString).xml")
        try importer.suiteXML(to: file.path)
        defer { try? FileManager.default.removeItem(at: file) }
        return try SuiteLoader(schema: SuiteSchema.load(from: RepositoryFiles.suiteSchema)).loadSuite(at: file.path)
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
        let again = try HTTPStateImporter(corpus: VendoredCorpus.loaded.get())
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

    @Test("NUL, CR and LF lines are imported for the parser, white space around a line stripped; a line that is not UTF-8 is left out and named")
    func controlCharacters() throws {
        let root = try temporaryCorpus([
            "parser/x0001-test": Array("Set-Cookie: a=b".utf8) + [0] + Array("c%\n".utf8),
            "parser/x0001-expected": Array("Cookie: a=b\n".utf8),
            "parser/x0002-test": Array("Set-Cookie: a=b".utf8) + [13] + Array("c\t \nSet-Cookie: \td=e \n".utf8),
            "parser/x0002-expected": Array("\n".utf8),
            "parser/x0003-test": Array("Set-Cookie: a=".utf8) + [0xFF] + Array("\n".utf8),
            "parser/x0003-expected": Array("\n".utf8),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let importer = try HTTPStateImporter(corpus: try HTTPStateCorpus(path: root.path), deviations: [:])
        #expect(importer.importedCaseNames == ["x0001", "x0002"])
        #expect(importer.skippedCases.map(\.name) == ["x0003"])
        let xml = try importer.suiteXML()
        let suite = try XMLTree.parse(Data(xml.utf8), file: "t.xml", validatingAgainst: RepositoryFiles.suiteXMLSchema).root
        let provenance = try #require(suite.elements(named: "provenance").first).text
        #expect(provenance.contains("repository someone/cookies, folder tests/data, commit abab"))
        #expect(provenance.contains("- x0003: Set-Cookie line 1 is not UTF-8, and a suite carries lines as text"))
        #expect(xml.contains("delivery=\"parser\">\n      <set-cookie xml:space=\"preserve\" encoding=\"percent\">a=b%00c%25</set-cookie>"))
        #expect(xml.contains("delivery=\"parser\">\n      <set-cookie xml:space=\"preserve\">a=b&#13;c</set-cookie>\n      <set-cookie xml:space=\"preserve\">d=e</set-cookie>"))
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

    @Test("a Location the virtual network cannot serve (a port out of range) is left out, with the reason")
    func locationNotAURL() throws {
        let root = try temporaryCorpus([
            "parser/x0001-test": Array("Set-Cookie: a=b\nLocation: http://home.example.org:99999/cookie-parser-result?x0001\n".utf8),
            "parser/x0001-expected": Array("Cookie: a=b\n".utf8),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let importer = try HTTPStateImporter(corpus: try HTTPStateCorpus(path: root.path))
        #expect(importer.importedCaseNames.isEmpty)
        #expect(importer.skippedCases.map(\.reason) == ["the Location is not a URL the virtual network can serve"])
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
