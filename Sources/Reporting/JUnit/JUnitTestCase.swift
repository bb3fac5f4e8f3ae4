import HarnessCore
import XMLSupport

/// One `<testcase>` as JUnit consumers will see it: a result mapped so that CI fails only on unexpected results.
///
/// CI tools count `<failure>` and `<error>` and ignore `<skipped>`, so the adapter's expectations decide the
/// element rather than the raw status:
///
/// | status | expected | element |
/// |---|---|---|
/// | pass | pass | none |
/// | pass | fail / error | `<failure type="unexpected-pass">` |
/// | fail | pass | `<failure type="regression">` |
/// | fail | error | `<failure type="unexpected-failure">` |
/// | error | pass | `<error type="regression">` |
/// | error | fail | `<error type="unexpected-error">` |
/// | fail / error | the same | `<skipped type="expected-failure" message="expected failure: REASON">` (or
/// `type="expected-error"`, or `type="flaky"` for a flaky entry's failure), details in `<system-out>` |
/// | skip | any | `<skipped type="unsupported" message="REASON">` |
///
/// Messages of failures whose failed check guards against a leak or an exposure start with `[security]`.
struct JUnitTestCase: Equatable {
    /// The child element that tells CI what happened.
    enum Outcome: Equatable {
        case passed
        /// `type`: `expected-failure`, `expected-error`, `flaky` or `unsupported` (the adapter cannot run it).
        case skipped(message: String, type: String)
        case failure(message: String, type: String, text: String)
        case error(message: String, type: String, text: String)
    }

    /// The scenario id.
    var name: String
    /// Seconds, three decimals (see `ReportTime`).
    var time: String
    var outcome: Outcome
    /// Output kept for people without making CI fail (an expected failure's details); empty for none.
    var systemOut: String

    init(name: String, time: String, outcome: Outcome, systemOut: String = "") {
        self.name = name
        self.time = time
        self.outcome = outcome
        self.systemOut = systemOut
    }

    /// Maps a result following the table in the type's discussion; long values shortened (``ReportText/capped(_:)``).
    init(_ result: ScenarioResult) {
        name = result.scenarioID
        time = ReportTime.seconds(result.duration)
        systemOut = ""
        // Built only for the outcomes that show them: most results pass, and the diagnosis walks the transcript.
        var message: String { ReportText.capped(result.securityMark + result.oneLineMessage) }
        var diagnosis: String { ReportText.capped(text: result.diagnosisText) }
        switch (result.status, result.isUnexpected) {
        case (.passed, false):
            outcome = .passed
        case (.skipped(let reason), _):
            outcome = .skipped(message: ReportText.capped(reason), type: "unsupported")
        case (.passed, true):
            outcome = .failure(message: message, type: "unexpected-pass", text: diagnosis)
        case (.failed, true):
            let type = result.expected.status == .pass ? "regression" : "unexpected-failure"
            outcome = .failure(message: message, type: type, text: diagnosis)
        case (.errored, true):
            let type = result.expected.status == .pass ? "regression" : "unexpected-error"
            outcome = .error(message: message, type: type, text: diagnosis)
        case (.failed, false), (.errored, false):
            let reason = result.expected.reason.flatMap { $0.isEmpty ? nil : $0 } ?? "no reason given"
            let type =
                switch result.expected.status {
                case .flaky: "flaky"
                case .error: "expected-error"
                default: "expected-failure"
                }
            outcome = .skipped(message: ReportText.capped("expected failure: \(reason)"), type: type)
            systemOut = ReportText.capped(text: result.securityMark + result.diagnosisText)
        }
    }

    // MARK: Spooling

    /// The test case as spool fields, read back by `init(spooled:)`.
    var spoolFields: [String] {
        switch outcome {
        case .passed: [name, time, systemOut, "pass"]
        case .skipped(let message, let type): [name, time, systemOut, "skipped", message, type]
        case .failure(let message, let type, let text): [name, time, systemOut, "failure", message, type, text]
        case .error(let message, let type, let text): [name, time, systemOut, "error", message, type, text]
        }
    }

    /// Rebuilds a test case from `spoolFields`; nil for fields it did not write.
    init?(spooled fields: [String]) {
        guard fields.count >= 4 else { return nil }
        name = fields[0]
        time = fields[1]
        systemOut = fields[2]
        switch (fields[3], fields.count) {
        case ("pass", 4): outcome = .passed
        case ("skipped", 6): outcome = .skipped(message: fields[4], type: fields[5])
        case ("failure", 7): outcome = .failure(message: fields[4], type: fields[5], text: fields[6])
        case ("error", 7): outcome = .error(message: fields[4], type: fields[5], text: fields[6])
        default: return nil
        }
    }

    // MARK: Writing

    /// Writes `<testcase classname name time>` with its child elements, in the order the Jenkins schema allows.
    func write(to writer: XMLStreamWriter, classname: String) throws {
        try writer.startElement("testcase")
        try writer.attribute("classname", classname)
        try writer.attribute("name", name)
        try writer.attribute("time", time)
        switch outcome {
        case .passed:
            break
        case .skipped(let message, let type):
            try writer.element("skipped", attributes: ["message": message, "type": type])
        case .failure(let message, let type, let text):
            try writer.element("failure", attributes: ["message": message, "type": type]) { try writer.text(text) }
        case .error(let message, let type, let text):
            try writer.element("error", attributes: ["message": message, "type": type]) { try writer.text(text) }
        }
        if !systemOut.isEmpty {
            try writer.element("system-out") { try writer.text(systemOut) }
        }
        try writer.endElement()
    }
}
