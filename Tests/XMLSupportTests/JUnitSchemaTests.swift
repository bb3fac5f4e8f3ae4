import Foundation
import TestSupport
import Testing
import XMLSupport

/// The JUnit report the harness writes must validate against the schema Jenkins and pytest target.
@Suite("JUnit schema")
struct JUnitSchemaTests {
    static let schemaPath = RepositoryFiles.junitSchema

    /// Writes a small report; `omitting` drops one `<testsuite>` attribute, `time` replaces its duration.
    static func writeReport(to path: String, omitting omitted: String? = nil, time: String = "0.012") throws {
        let suiteAttributes: [(String, String)] = [
            ("name", "foundation.redirect"), ("tests", "2"), ("failures", "1"), ("errors", "0"),
            ("skipped", "0"), ("time", time), ("timestamp", "2026-01-01T00:00:00"),
        ].filter { $0.0 != omitted }

        let writer = try XMLStreamWriter(writingTo: path)
        try writer.element("testsuites") {
            try writer.startElement("testsuite")
            for (name, value) in suiteAttributes {
                try writer.attribute(name, value)
            }
            try writer.element("properties") {
                try writer.element("property", attributes: ["name": "adapter", "value": "foundation"])
            }
            try writer.element(
                "testcase",
                attributes: ["classname": "foundation.redirect", "name": "basic", "time": "0.004"]
            )
            try writer.element(
                "testcase",
                attributes: ["classname": "foundation.redirect", "name": "cross-site", "time": "0.008"]
            ) {
                try writer.element(
                    "failure",
                    attributes: ["message": "expected sid=1, observed sid=\u{1}", "type": "unexpected"]
                ) {
                    try writer.text("GET / HTTP/1.1\r\nCookie: sid=\u{1}\r\n")
                }
            }
            try writer.endElement()
        }
        try writer.finish()
    }

    @Test("a writer-produced report validates against jenkins-junit-10.xsd")
    func writtenReportIsValid() throws {
        let schema = try XMLSchema(contentsOf: Self.schemaPath)
        let directory = try TestDirectory()
        let path = "\(directory.path)/junit.xml"
        try Self.writeReport(to: path)

        #expect(try schema.validate(contentsOf: path) == [])
    }

    @Test(
        "a report missing a required testsuite attribute, or with an exponent time, is rejected",
        arguments: [
            ("name", "0.012", "Element 'testsuite': The attribute 'name' is required but missing."),
            ("tests", "0.012", "Element 'testsuite': The attribute 'tests' is required but missing."),
            ("failures", "0.012", "Element 'testsuite': The attribute 'failures' is required but missing."),
            ("errors", "0.012", "Element 'testsuite': The attribute 'errors' is required but missing."),
            (
                "", "1e-3",
                "Element 'testsuite', attribute 'time': [facet 'pattern'] The value '1e-3' is not accepted by the "
                    + #"pattern '(([0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(\.[0-9]{0,3})?'."#
            ),
        ]
    )
    func invalidReportIsRejected(omitted: String, time: String, message: String) throws {
        let schema = try XMLSchema(contentsOf: Self.schemaPath)
        let directory = try TestDirectory()
        let path = "\(directory.path)/junit.xml"
        try Self.writeReport(to: path, omitting: omitted, time: time)

        let diagnostics = try schema.validate(contentsOf: path)

        #expect(diagnostics.map(\.message).contains(message), "\(diagnostics)")
        #expect(diagnostics.allSatisfy { $0.file == path && $0.line == 3 && $0.column > 0 })
    }
}
