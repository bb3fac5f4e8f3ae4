import Foundation
import FullHarness
import TestSupport
import Testing
import XMLSupport

@testable import CookieHarnessCLI

/// The JUnit `<failure>` of a real run: message, location and transcript stated once each in its body, and the
/// file valid against the Jenkins schema CI systems read it with.
@Suite("JUnit failure body")
struct JUnitFailureBodyTests {
    static let suite = """
        <suite xmlns="urn:cookieharness:suite:1" id="body" title="Body">
          <origin url="https://app.example.com"><route path="/login"><set-cookie>sid=1</set-cookie></route><route path="/home"/></origin>
          <scenario id="body.wrong-check">
            <title>One check that fails</title>
            <native-request url="https://app.example.com/login"/>
            <expect-request url="https://app.example.com/login" contains="nope"/>
          </scenario>
          <scenario id="body.two-wrong-checks">
            <title>Two checks that fail</title>
            <native-request url="https://app.example.com/login"/>
            <expect-request url="https://app.example.com/login" contains="nope"/>
            <expect-request url="https://app.example.com/login" contains="never"/>
          </scenario>
        </suite>
        """

    private func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test("each failure states its message and location once, the transcript once; the file validates")
    func onceEach() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("junit-body-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let suite = root.appendingPathComponent("body.xml")
        try Data(Self.suite.utf8).write(to: suite)
        let junit = root.appendingPathComponent("junit.xml").path
        let status = FullHarness.run(
            ["run", suite.path, "--schema", RunCommandTests.schema, "--adapter", "reference", "--junit", junit,
             "--json", root.appendingPathComponent("results.json").path],
            output: .capturing())
        #expect(status == .unexpectedResults)

        let tree = try XMLTree.parse(contentsOf: junit)
        let failures = tree.root.elements(named: "testsuite").flatMap { $0.elements(named: "testcase") }
            .compactMap { $0.elements(named: "failure").first }
        try #require(failures.count == 2)
        #expect(failures.contains { $0.text.contains("body.xml:12") }, "the second failed check is in its test case's body")
        for failure in failures {
            let body = failure.text
            let message = try #require(failure[attribute: "message"])
            let first = String(message.prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces)
            #expect(occurrences(of: first, in: body) == 1, "the message once in:\n\(body)")
            #expect(occurrences(of: "transcript:", in: body) == 1)
            #expect(occurrences(of: "→ [native] GET https://app.example.com/login", in: body) == 1, "the transcript once in:\n\(body)")
            for line in [6, 11, 12] where body.contains("body.xml:\(line)") {
                #expect(occurrences(of: "body.xml:\(line)", in: body) == 1, "location \(line) once in:\n\(body)")
            }
        }
        let schema = try XMLSchema(
            contentsOf: RepositoryFiles.junitSchema)
        #expect(try schema.validate(contentsOf: junit).isEmpty)
    }
}
