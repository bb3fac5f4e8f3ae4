import HarnessCore

/// One (adapter, scenario) in the JSON results: what tools other than CI (dashboards, the matrix) read.
///
/// Flat and self-contained so that any record can be read alone: the adapter's identity, the scenario, what
/// happened, what was expected and why, and the transcript. Keys are written sorted, and optional values are
/// left out when absent.
public struct JSONResultRecord: Codable, Sendable, Hashable {
    public var adapter: String
    public var adapterVersion: String
    public var profile: String
    public var specProfile: String
    public var suite: String
    public var suiteFile: String
    public var scenario: String
    public var title: String
    public var tags: [String]
    /// `pass`, `fail`, `skip` or `error`.
    public var status: String
    /// `pass`, `fail` or `error`, from the adapter's expectation file.
    public var expectedStatus: String
    /// Why the adapter is expected to fail, when it is.
    public var expectedReason: String?
    /// The result differs from its expectation: what makes CI fail.
    public var unexpected: Bool
    /// Tagged `security`.
    public var securityRelevant: Bool
    /// One line: the failure message, skip reason, error detail or why a pass was unexpected; empty otherwise.
    public var message: String
    /// `file:line` of the expectation that failed.
    public var location: String?
    /// Expected, observed and the context, for a failure.
    public var details: String?
    /// Wall-clock seconds, rounded to the microsecond.
    public var durationSeconds: Double
    public var transcript: [String]

    /// The record for one result; long values shortened (``ReportText/capped(_:)``).
    public init(_ result: ScenarioResult) {
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
