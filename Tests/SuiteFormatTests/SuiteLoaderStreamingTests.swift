import Foundation
import HarnessCore
import Locking
import SuiteFormat
import TestSupport
import Testing
import XMLSupport

/// A suite file is streamed one `<suite>` child at a time (docs/big-suites.md, step 1): what it reports must not
/// change, wherever in the file the problem is.
@Suite("Suite loader: streamed files report as whole ones")
struct SuiteLoaderStreamingTests {
    static func scenario(_ id: String, _ steps: String = "<restart-app/>") -> String {
        "  <scenario id=\"\(id)\"><title>T</title>\n    \(steps)\n  </scenario>"
    }

    @Test("an error in the third scenario points at the same line:column as the whole-tree reading")
    func errorInTheThirdScenario() throws {
        let sandbox = try TestDirectory()
        let file = try sandbox.write("late.xml", SuiteDocuments.suite(id: "late", [
            Self.scenario("late.a"),
            Self.scenario("late.b"),
            Self.scenario("late.c", "<restart-app/><open-web-view/> <expect-request url=\"https://a.example/\"/>"),
            Self.scenario("late.d"),
        ].joined(separator: "\n")))

        let error = try #require(throws: SuiteLoadingError.self) { try SuiteDocuments.loader().loadSuite(at: file) }

        let message = "error: <expect-request> needs one of contains=, lacks=, equals=, empty=, body="
        #expect(error.description == "\(file):9:36: \(message)")
        // `validate` reads the file as one tree: the same place.
        let validation = SuiteValidation(schema: try SuiteSchema.load(from: RepositoryFiles.suiteSchema))
        #expect(validation.problems(in: [file]).map(\.description) == [error.description])
    }

    @Test("a schema error and a semantic error in different scenarios are both reported by validate")
    func schemaAndSemanticErrorsInDifferentScenarios() throws {
        let sandbox = try TestDirectory()
        let file = try sandbox.write("mixed.xml", SuiteDocuments.suite(id: "mixed", [
            Self.scenario("mixed.a"),
            Self.scenario("mixed.b", "<laod url=\"https://a.example/\"/>"),
            Self.scenario("mixed.c"),
            Self.scenario("mixed.d", "<expect-document-cookie/>"),
        ].joined(separator: "\n")))
        let validation = SuiteValidation(schema: try SuiteSchema.load(from: RepositoryFiles.suiteSchema))

        let problems = validation.problems(in: [file]).map { "\($0.line):\($0.column) \($0.message)" }

        #expect(problems.count == 2, "\(problems)")
        #expect(problems.first?.hasPrefix("6:5 <laod> is not expected here; did you mean <load>?") == true, "\(problems)")
        #expect(problems.last == "12:5 <expect-document-cookie> needs one of contains=, lacks=, equals=, empty=")
        // Loading stops at the schema's errors, as it always has: the semantic one waits for `validate`.
        let error = try #require(throws: SuiteLoadingError.self) { try SuiteDocuments.loader().loadSuite(at: file) }
        #expect(error.diagnostics.map { "\($0.line):\($0.column)" } == ["6:5"], "\(error)")
    }

    @Test("semantic errors far apart in a streamed file are all reported, in order")
    func semanticErrorsFarApart() throws {
        let sandbox = try TestDirectory()
        var scenarios = (0..<40).map { Self.scenario("far.s\($0)") }
        scenarios[1] = Self.scenario("far.s1", "<advance-clock seconds=\"INF\"/>")
        scenarios[38] = Self.scenario("far.s38", "<expect-native-store/>")
        let file = try sandbox.write("far.xml", SuiteDocuments.suite(id: "far", scenarios.joined(separator: "\n")))

        let error = try #require(throws: SuiteLoadingError.self) { try SuiteDocuments.loader().loadSuite(at: file) }

        #expect(error.description == """
            \(file):6:20: error: seconds="INF" must be a finite number, 0 or more
            \(file):117:5: error: <expect-native-store> needs exactly one of has=, lacks=
            """)
    }

    @Test("a generated file of 20,000 scenarios loads every one, each at its line")
    func loadsALargeFile() throws {
        let sandbox = try TestDirectory()
        let count = 20_000
        var text = SuiteDocuments.suite(id: "gen", "  <origin url=\"https://app.example.com\"><route path=\"/home\"/></origin>\n@")
        let scenarios = (0..<count).map { index in
            """
              <scenario id="gen.s\(index)" tags="generated">
                <title>generated scenario \(index)</title>
                <native-set-cookie url="https://app.example.com/">n=\(index)</native-set-cookie>
                <load url="https://app.example.com/home"/>
                <expect-request url="https://app.example.com/home" contains="n=\(index)"/>
              </scenario>
            """
        }
        text = text.replacingOccurrences(of: "@", with: scenarios.joined(separator: "\n"))
        let file = try sandbox.write("gen.xml", text)

        let loaded = try SuiteDocuments.loader().load([file])

        let suite = try #require(loaded.suites.first)
        #expect(suite.scenarios.count == count)
        #expect(suite.scenarios.last?.id == "gen.s\(count - 1)")
        #expect(suite.scenarios.last?.location.line == 3 + (count - 1) * 6)
        #expect(suite.scenarios.last?.steps.last?.location.line == 3 + (count - 1) * 6 + 4)
    }

    @Test("files load on several threads at once, valid and not, as they do one at a time")
    func loadsConcurrently() throws {
        let sandbox = try TestDirectory()
        let files = try (0..<8).map { index in
            let bad = index % 3 == 2 ? Self.scenario("c\(index).bad", "<laod url=\"https://a.example/\"/>") : ""
            let body = (0..<300).map { Self.scenario("c\(index).s\($0)") }.joined(separator: "\n") + "\n" + bad
            return try sandbox.write("c\(index).xml", SuiteDocuments.suite(id: "c\(index)", body))
        }
        let loader = try SuiteDocuments.loader()
        @Sendable func describe(_ file: String) -> String {
            do {
                return "\(try loader.loadSuite(at: file).scenarios.count) scenarios"
            } catch {
                return error.description
            }
        }
        let serial = files.map(describe)

        let seen = Locked<[Int: Set<String>]>([:])
        DispatchQueue.concurrentPerform(iterations: files.count * 3) { iteration in
            let index = iteration % files.count
            let outcome = describe(files[index])
            seen.withLock { _ = $0[index, default: []].insert(outcome) }
        }
        let concurrent = seen.withLock { $0 }

        for (index, expected) in serial.enumerated() {
            #expect(concurrent[index] == [expected], "file \(index)")
        }
        #expect(serial.filter { $0 == "300 scenarios" }.count == 6)
    }
}
