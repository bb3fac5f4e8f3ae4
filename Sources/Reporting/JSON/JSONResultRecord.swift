import HarnessCore

/// One (adapter, scenario) in the JSON results: what tools other than CI (dashboards, the matrix) read.
///
/// Flat and self-contained so that any record can be read alone: the adapter's identity, the scenario, what
/// happened, what was expected and why, and the transcript. Keys are written sorted, and optional values are
/// left out when absent.
package struct JSONResultRecord: Codable, Sendable, Hashable {
    package var adapter: String
    package var adapterVersion: String
    package var profile: String
    package var specProfile: String
    package var suite: String
    package var suiteFile: String
    package var scenario: String
    package var title: String
    package var tags: [String]
    /// `pass`, `fail`, `skip` or `error`.
    package var status: String
    /// `pass`, `fail` or `error`, from the adapter's expectation file.
    package var expectedStatus: String
    /// Why the adapter is expected to fail, when it is.
    package var expectedReason: String?
    /// The result differs from its expectation: what makes CI fail.
    package var unexpected: Bool
    /// Tagged `security`.
    package var securityRelevant: Bool
    /// One line: the failure message, skip reason, error detail or why a pass was unexpected; empty otherwise.
    package var message: String
    /// `file:line` of the expectation that failed.
    package var location: String?
    /// Expected, observed and the context, for a failure.
    package var details: String?
    /// Wall-clock seconds, rounded to the microsecond.
    package var durationSeconds: Double
    package var transcript: [String]

    /// The record for one result; long values shortened (``ReportText/capped(_:)``).
    package init(_ result: ScenarioResult) {
        adapter = result.adapter.name
        adapterVersion = ReportText.capped(result.adapter.version)
        profile = result.adapter.profile
        specProfile = result.adapter.specProfile
        suite = result.suiteID
        suiteFile = result.suiteFile
        scenario = result.scenarioID
        title = ReportText.capped(result.title)
        tags = result.tags
        status = result.status.name
        expectedStatus = result.expected.status.rawValue
        expectedReason = result.expected.reason.map { ReportText.capped($0) }
        unexpected = result.isUnexpected
        securityRelevant = result.isSecurityRelevant
        message = ReportText.capped(result.oneLineMessage)
        if case .failed(let failure) = result.status {
            location = failure.location.description
            details = ReportText.capped(text: failure.all.map(\.details).joined(separator: "\n"))
        }
        durationSeconds = ReportTime.secondsValue(result.duration)
        transcript = ReportText.capped(lines: result.transcript)
    }
}
