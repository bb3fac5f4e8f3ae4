import CookieModel
import Foundation
import TestSupport
import Testing

@testable import Conformance

/// The http-state corpus vendored in the repository (`Corpora/http-state`). A corpus that cannot be read fails
/// ``HTTPStateCorpusTests/readsWholeCorpus()`` with the reason and leaves the per-case tests without arguments, rather
/// than stopping the whole test process.
enum VendoredCorpus {
    static let path = RepositoryFiles.httpStateCorpus

    static let loaded = Result { try HTTPStateCorpus(path: path) }

    static var parserCases: [HTTPStateParserCase] { (try? loaded.get())?.parserCases ?? [] }
    static var dateCases: [HTTPStateDateCase] { (try? loaded.get())?.dateCases ?? [] }
}

@Suite("http-state corpus through the reference jar")
struct HTTPStateCorpusTests {
    @Test("the corpus is read whole: 222 parser cases, 70 date vectors")
    func readsWholeCorpus() throws {
        let corpus = try VendoredCorpus.loaded.get()
        #expect(corpus.parserCases.count == 222)
        #expect(corpus.dateCases.count == 70)
        #expect(corpus.parserCases.filter(\.isDisabledUpstream).count == 4)
    }

    @Test("§5.1.1: every date vector parses to its expected date", arguments: VendoredCorpus.dateCases)
    func dateVector(_ vector: HTTPStateDateCase) {
        let result = HTTPStateRunner().run(vector)
        #expect(result.observed == vector.expected, "\(vector.file): '\(vector.input)'")
    }

    @Test("every parser case passes or is a documented RFC 6265bis deviation", arguments: VendoredCorpus.parserCases)
    func parserCase(_ testCase: HTTPStateParserCase) {
        let result = HTTPStateRunner().run(testCase)
        switch result.outcome {
        case .passed, .knownDeviation: break
        case .failed:
            Issue.record("\(testCase.name): expected \(testCase.expectedCookie ?? "no cookie"), sent \(result.observed ?? "no cookie")")
        case .unexpectedPass:
            Issue.record("\(testCase.name) passes but is listed as a deviation: remove it from HTTPStateDeviations")
        }
    }

    @Test("every documented deviation names a case of the corpus")
    func deviationListIsNotStale() {
        let names = Set(VendoredCorpus.parserCases.map(\.name))
        for name in HTTPStateDeviations.rfc6265bis.keys {
            #expect(names.contains(name), "deviation list names \(name), which the corpus does not have")
        }
    }

    @Test("the headline: 195 passed, 27 failed, all 27 documented")
    func headlineCounts() throws {
        let report = HTTPStateRunner().run(try VendoredCorpus.loaded.get())
        #expect(report.parserPassed == 195)
        #expect(report.parserFailed == 27)
        #expect(report.parserDeviations == 27)
        #expect(report.datesFailed == 0)
        #expect(report.isAsExpected)
    }

    @Test("without the deviation list, the name-less cookie cases fail")
    func deviationsAreRealFailures() {
        let runner = HTTPStateRunner(knownDeviations: [:])
        let result = runner.run(VendoredCorpus.parserCases.first { $0.name == "0004" }!)
        #expect(result.outcome == .failed)
        #expect(result.observed == "foo")
    }

    @Test("a relative Location is resolved against the cookie-parser URL")
    func relativeLocation() {
        let testCase = VendoredCorpus.parserCases.first { $0.name == "path0008" }!
        #expect(HTTPStateRunner().observe(testCase).url == "http://home.example.org/cookie-parser-result/bar")
    }
}

@Suite("reading a corpus from disk")
struct HTTPStateCorpusReadingTests {
    private func temporaryCorpus(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("http-state-\(UUID().uuidString)")
        for folder in ["parser", "dates"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for (path, text) in files {
            try Data(text.utf8).write(to: root.appendingPathComponent(path))
        }
        return root
    }

    @Test("a wrong path is an error that names it")
    func wrongPath() {
        #expect(throws: HTTPStateCorpusError.self) { try HTTPStateCorpus(path: "/no/such/corpus") }
        do {
            _ = try HTTPStateCorpus(path: "/no/such/corpus")
        } catch {
            #expect("\(error)" == "/no/such/corpus: no such directory (expected the http-state corpus: parser/ and dates/)")
        }
    }

    @Test("empty files read as empty; a file past the size limit is refused with its path, not read")
    func fileSizesAreBounded() throws {
        // The fuzz target's empty parts went through Data(contentsOf:), which leaks a buffer per file
        // (LeakSanitizer, Fuzz/README.md): corpus files are now read by InputFile, under a limit.
        let root = try temporaryCorpus([
            "parser/x0001-test": "", "parser/x0001-expected": "", "dates/d.json": "[]",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let corpus = try HTTPStateCorpus(path: root.path)
        #expect(corpus.parserCases.first?.setCookieLines == [])
        #expect(corpus.dateCases.isEmpty)

        let big = root.appendingPathComponent("parser/x0001-test")
        try Data(repeating: UInt8(ascii: "a"), count: HTTPStateCorpus.maximumFileSize + 1).write(to: big)
        let error = try #require(throws: HTTPStateCorpusError.self) { try HTTPStateCorpus(path: root.path) }
        #expect(error.description.contains(big.path), "\(error)")
        #expect(error.description.contains("larger than the limit"), "\(error)")
    }

    @Test("a case whose expectation the jar does not meet is reported as failed")
    func failingCase() throws {
        let root = try temporaryCorpus([
            "parser/x0001-test": "Set-Cookie: a=b\n",
            "parser/x0001-expected": "Cookie: a=c\n",
            "dates/d.json": #"[{"test": "Thu, 01 Jan 1970 00:00:00 GMT", "expected": "Thu, 01 Jan 1970 00:00:00 GMT"}]"#,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let report = HTTPStateRunner().run(try HTTPStateCorpus(path: root.path))
        #expect(report.parser.map(\.outcome) == [.failed])
        #expect(report.parser.first?.observed == "a=b")
        #expect(!report.isAsExpected)
    }

    @Test("a case with no NAME-expected file is an error naming the file")
    func missingExpected() throws {
        let root = try temporaryCorpus(["parser/x0001-test": "Set-Cookie: a=b\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: HTTPStateCorpusError.self) { try HTTPStateCorpus(path: root.path) }
    }
}
