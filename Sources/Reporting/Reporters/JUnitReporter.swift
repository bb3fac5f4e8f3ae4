import FileAccess
import Foundation
import ProcessCleanup
import HarnessCore
import XMLSupport

/// Writes the JUnit XML report CI reads (DESIGN §7), in constant memory, publishing the file only when complete.
///
/// JUnit puts totals in start tags (`<testsuites tests=…>`, `<testsuite failures=…>`) that come before the test
/// cases they count, while a run delivers its results one at a time and may hold 100,000 of them with full HTTP
/// transcripts. So each result is mapped to its `<testcase>` at once (see `JUnitTestCase`) and spooled to an
/// invisible scratch file next to the destination, while only per-suite counters stay in memory (one small
/// value per adapter × suite, however many scenarios). `finish(_:)` then streams the document through
/// `XMLStreamWriter`: the root with the run's totals, and for each suite its start tag with counts, its
/// `<properties>`, and its test cases read back from the spool one by one. The writer publishes the file with a
/// single rename, so the destination appears complete or not at all; a reporter dropped without `finish(_:)`
/// leaves nothing behind.
///
/// Layout: flat `<testsuite name="adapter.suite">` elements, one per (adapter, suite) in the order results
/// arrived, each `<testcase classname="adapter.suite" name="scenario-id" time="0.012">`. Results are expected
/// grouped by adapter and suite (`ResultReporter`'s order); a group that comes back later gets a second
/// `<testsuite>` of the same name, which is still valid. The output validates against the Jenkins JUnit schema
/// (`jenkins-junit-10.xsd`, the one pytest targets).
package final class JUnitReporter: ResultReporter {
    /// Where the report goes.
    package let path: String
    /// The root element's `name`.
    package let reportName: String

    private enum State {
        case idle
        case running(RunInfo, SpoolFile)
        case finished
    }

    private var state = State.idle
    private var suites: [SuiteCounts] = []

    /// Prepares a report; nothing is created until `begin(_:)`.
    ///
    /// - Parameters:
    ///   - path: The destination; its directory must exist and be writable.
    ///   - reportName: The `name` of `<testsuites>`.
    package init(path: String, reportName: String = "cookie-harness") {
        self.path = path
        self.reportName = reportName
    }

    /// Checks the destination and creates the spool beside it (or, for a device or FIFO written through, in the
    /// system's temporary folder), so a bad path or an unwritable directory fails the run at its start.
    ///
    /// - Throws: `ReportError` `.writeFailed`, or `.invalidUse` for a path no report may be written to, or if called
    ///   twice.
    package func begin(_ run: RunInfo) throws {
        guard case .idle = state else { throw ReportError.outOfOrder("begin", "twice", file: path) }
        let destination = try ReportDestination(path)
        let spoolNextTo = destination.kind == .atomic ? destination.path : NSTemporaryDirectory() + "/junit.xml"
        state = .running(run, try SpoolFile(nextTo: spoolNextTo))
    }

    /// Maps the result to its test case and spools it.
    ///
    /// - Throws: `ReportError` `.writeFailed` on I/O failure, `.invalidUse` before `begin` or after `finish`.
    package func report(_ result: ScenarioResult) throws {
        guard case .running(_, let spool) = state else {
            throw ReportError.outOfOrder("report", "outside begin…finish", file: path)
        }
        let testCase = JUnitTestCase(result)
        if suites.last?.holds(result) != true {
            suites.append(SuiteCounts(result))
        }
        suites[suites.count - 1].add(testCase, result)
        try spool.append(testCase.spoolFields)
    }

    /// Writes the whole document from the counters and the spool, then publishes it in one rename.
    ///
    /// The counts come from the results this reporter saw, not from `summary`, so that the file is consistent
    /// with itself whatever the caller passes.
    ///
    /// - Throws: `XMLSupportError` or `ReportError` `.writeFailed`; the destination is then left as it was.
    package func finish(_ summary: RunSummary) throws {
        guard case .running(let run, let spool) = state else {
            throw ReportError.outOfOrder("finish", "without begin, or twice", file: path)
        }
        state = .finished
        defer { spool.discard() }
        let file = try AtomicFile.report(path)
        defer { file.discard() }
        let writer = try XMLStreamWriter(writingTo: file)
        do {
            try write(run, from: spool, to: writer)
            try writer.finish()
        } catch {
            writer.cancel()
            throw error
        }
    }

    // MARK: Document

    private func write(_ run: RunInfo, from spool: SpoolFile, to writer: XMLStreamWriter) throws {
        let total = suites.reduce(into: SuiteCounts.Totals()) { $0.add($1) }
        let interruption = Interruption.signal.map(Interruption.name(of:))
        try writer.startElement("testsuites")
        try writer.attribute("name", interruption.map { "\(reportName) (interrupted by \($0))" } ?? reportName)
        try writer.attribute("tests", String(total.tests))
        try writer.attribute("failures", String(total.failures))
        try writer.attribute("errors", String(total.errors))
        try writer.attribute("time", ReportTime.seconds(total.time))

        let timestamp = Self.timestamp(run.startedAt)
        for suite in suites {
            try writer.startElement("testsuite")
            try writer.attribute("name", suite.name)
            try writer.attribute("tests", String(suite.totals.tests))
            try writer.attribute("failures", String(suite.totals.failures))
            try writer.attribute("errors", String(suite.totals.errors))
            try writer.attribute("skipped", String(suite.totals.skipped))
            try writer.attribute("time", ReportTime.seconds(suite.totals.time))
            try writer.attribute("timestamp", timestamp)
            if !run.hostname.isEmpty { try writer.attribute("hostname", run.hostname) }
            if !suite.suiteFile.isEmpty { try writer.attribute("file", suite.suiteFile) }
            try writeProperties(of: suite, interruption: interruption, to: writer)
            for _ in 0..<suite.totals.tests {
                guard let fields = try spool.next(), let testCase = JUnitTestCase(spooled: fields) else {
                    throw ReportError(code: .writeFailed, message: "spool lost a test case of \(suite.name)",
                                      file: path)
                }
                try testCase.write(to: writer, classname: suite.name)
            }
            try writer.endElement()
        }
        try writer.endElement()
    }

    /// Who ran the suite and how, so a report read alone says what it measured.
    /// After SIGINT or SIGTERM every suite says so (`interrupted` = the signal): its results are partial.
    private func writeProperties(of suite: SuiteCounts, interruption: String?, to writer: XMLStreamWriter) throws {
        var properties: [(String, String)] = [
            ("adapter", suite.adapter.name),
            ("adapter-version", suite.adapter.version),
        ]
        if !suite.adapter.profile.isEmpty { properties.append(("profile", suite.adapter.profile)) }
        properties.append(("spec-profile", suite.adapter.specProfile))
        properties.append(("suite", suite.suiteID))
        if !suite.suiteFile.isEmpty { properties.append(("suite-file", suite.suiteFile)) }
        properties.append(("expected-failures", String(suite.results.expectedFailures)))
        properties.append(("unexpected-results", String(suite.results.unexpected)))
        if suite.results.unexpectedSecurity > 0 {
            properties.append(("unexpected-security-results", String(suite.results.unexpectedSecurity)))
        }
        if let interruption { properties.append(("interrupted", interruption)) }
        try writer.element("properties") {
            for (name, value) in properties {
                try writer.element("property", attributes: ["name": name, "value": ReportText.capped(value)])
            }
        }
    }

    /// ISO 8601 in UTC without fractions (`2026-01-01T00:00:00Z`), the form JUnit readers parse.
    private static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}

extension JUnitReporter {
    /// The counters of one `<testsuite>`: everything its start tag and properties need, nothing per case.
    struct SuiteCounts {
        struct Totals {
            var tests = 0
            var failures = 0
            var errors = 0
            var skipped = 0
            var time = Duration.zero

            mutating func add(_ suite: SuiteCounts) {
                tests += suite.totals.tests
                failures += suite.totals.failures
                errors += suite.totals.errors
                skipped += suite.totals.skipped
                time += suite.totals.time
            }
        }

        let adapter: AdapterInfo
        let suiteID: String
        let suiteFile: String
        var totals = Totals()
        /// The suite's results against their expectations.
        var results = RunSummary()

        init(_ result: ScenarioResult) {
            adapter = result.adapter
            suiteID = result.suiteID
            suiteFile = result.suiteFile
        }

        /// `adapter.suite`: the testsuite's `name` and every test case's `classname`.
        var name: String { "\(adapter.name).\(suiteID)" }

        func holds(_ result: ScenarioResult) -> Bool {
            result.adapter == adapter && result.suiteID == suiteID && result.suiteFile == suiteFile
        }

        mutating func add(_ testCase: JUnitTestCase, _ result: ScenarioResult) {
            totals.tests += 1
            totals.time += max(result.duration, .zero)
            switch testCase.outcome {
            case .passed: break
            case .skipped: totals.skipped += 1
            case .failure: totals.failures += 1
            case .error: totals.errors += 1
            }
            results.add(result)
        }
    }
}
