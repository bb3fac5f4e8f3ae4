import Foundation

/// The outcome of one scenario on one adapter: the event every reporter consumes.
public struct ScenarioResult: Sendable, Hashable {
    public var adapter: AdapterInfo
    public var suiteID: String
    public var suiteFile: String
    public var scenarioID: String
    public var title: String
    public var tags: [String]
    public var references: [String]
    public var status: Status
    /// What the adapter's expectation file says should happen.
    public var expected: ExpectedStatus
    /// Wall-clock time the scenario took.
    public var duration: Duration
    /// The HTTP exchanges and app events, one line each, in order.
    public var transcript: [String]
    /// What every check saw, passing ones included (kept in memory for comparisons such as an agreement; results
    /// read back from a report have none).
    public var observations: [Observation]

    public init(
        adapter: AdapterInfo, suiteID: String, suiteFile: String, scenarioID: String, title: String,
        tags: [String], references: [String], status: Status, expected: ExpectedStatus, duration: Duration,
        transcript: [String], observations: [Observation] = []
    ) {
        self.observations = observations
        self.adapter = adapter
        self.suiteID = suiteID
        self.suiteFile = suiteFile
        self.scenarioID = scenarioID
        self.title = title
        self.tags = tags
        self.references = references
        self.status = status
        self.expected = expected
        self.duration = duration
        self.transcript = transcript
    }

    /// Whether the result differs from its expectation (a regression, an unexpected pass, an unexpected error, or
    /// an expected failure for another reason than the one the expectation states). A skip is never unexpected: it
    /// is the adapter declaring it cannot run the scenario, with the reason.
    public var isUnexpected: Bool {
        switch (status, expected.status) {
        case (.skipped, _): false
        case (.failed(let failure), .fail): !expected.accepts(failure)
        case (.passed, .pass), (.errored, .error): false
        case (.passed, .flaky), (.failed, .flaky): false
        default: true
        }
    }

    /// An expected failure whose observed failure is not the one its expectation states.
    public var failedForAnotherReason: Bool {
        if case .failed(let failure) = status, expected.status == .fail { return !expected.accepts(failure) }
        return false
    }

    /// In a scenario tagged `security`, a failed check that guards against a leak or an exposure (a cookie sent
    /// where it must not go, a cookie readable by script that must not be, a cookie kept that must be refused). A
    /// missing cookie is never one; nor is a conformance vector's extra cookie (its scenario is not tagged).
    public var isSecurityRelevant: Bool {
        guard tags.contains("security"), case .failed(let failure) = status else { return false }
        return failure.all.contains(where: \.guardsAgainstExposure)
    }
}

/// What happened.
public enum Status: Sendable, Hashable {
    case passed
    /// An expectation did not hold: expected vs observed, and where.
    case failed(Failure)
    /// Not run, with the reason (a missing capability, a filter).
    case skipped(reason: String)
    /// The scenario could not be run to its end: an adapter crash, a hang, an unsupported step.
    case errored(detail: String)

    public var name: String {
        switch self {
        case .passed: "pass"
        case .failed: "fail"
        case .skipped: "skip"
        case .errored: "error"
        }
    }
}

/// Why a scenario failed: its first failed check, and every other one after it (a scenario checks every
/// expectation; the first failure does not hide the rest).
public struct Failure: Sendable, Hashable {
    /// One line: what was expected and what was observed.
    public var message: String
    /// The expectation's place in the suite file.
    public var location: SuiteLocation
    /// Expected, observed and the context, several lines.
    public var details: String
    /// The check guards against a leak or an exposure (see ``ScenarioResult/isSecurityRelevant``).
    public var guardsAgainstExposure: Bool
    /// The scenario's other failed checks, in order.
    public var more: [Failure]

    public init(
        message: String, location: SuiteLocation, details: String, guardsAgainstExposure: Bool = false, more: [Failure] = []
    ) {
        self.message = message
        self.location = location
        self.details = details
        self.guardsAgainstExposure = guardsAgainstExposure
        self.more = more
    }

    /// This failure and the ones after it.
    public var all: [Failure] { [self] + more.flatMap(\.all) }
}

/// The expectation for one (adapter, scenario): pass unless the adapter's expectation file says otherwise.
public struct ExpectedStatus: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case pass
        case fail
        case error
        /// Either pass or fail is accepted: the implementation is nondeterministic here (e.g. a store whose cookie
        /// order changes from one process to the next), and the reason says why. An error is still unexpected.
        case flaky
    }

    public var status: Kind
    /// Why it is expected to fail (from the expectation file); nil for pass.
    public var reason: String?
    /// For an expected failure: a pattern (`*` any run of characters, `?` one; nothing else is special, so a message
    /// is a pattern that matches itself) the first failed check's message must match (`observed=`), so a
    /// failure for another reason is reported as unexpected; nil accepts any failure.
    public var observed: String?

    public init(_ status: Kind, reason: String? = nil, observed: String? = nil) {
        self.status = status
        self.reason = reason
        self.observed = observed
    }

    /// Whether `failure` is the failure this expectation states.
    public func accepts(_ failure: Failure) -> Bool {
        guard let observed else { return true }
        return WildcardPattern.matches(Array(observed), Array(failure.message))
    }

    public static let pass = ExpectedStatus(.pass)
}

/// Who ran the scenario: shown in report properties.
public struct AdapterInfo: Sendable, Hashable, Codable {
    public var name: String
    public var version: String
    /// Platform profile for engine-backed adapters (e.g. `ios-17`), else empty.
    public var profile: String
    /// The specification profile the expectations are written for (e.g. `rfc6265bis`).
    public var specProfile: String

    public init(name: String, version: String, profile: String = "", specProfile: String = "rfc6265bis") {
        self.name = name
        self.version = version
        self.profile = profile
        self.specProfile = specProfile
    }
}

/// A whole run, for the start of reports.
public struct RunInfo: Sendable {
    public var startedAt: Date
    public var hostname: String
    public var adapters: [AdapterInfo]

    public init(startedAt: Date, hostname: String, adapters: [AdapterInfo]) {
        self.startedAt = startedAt
        self.hostname = hostname
        self.adapters = adapters
    }
}

/// The tally of a set of results (a run's, a suite's in a report): by status, and against the expectations. The
/// one tally of results every reporter keeps, so the console's line, the JUnit properties and the run's end agree.
public struct RunSummary: Sendable, Hashable {
    public var passed = 0
    public var failed = 0
    public var skipped = 0
    public var errored = 0
    /// Failures and errors the expectation files list.
    public var expectedFailures = 0
    /// The errors among ``expectedFailures``.
    public var expectedErrors = 0
    public var unexpected = 0
    public var unexpectedPasses = 0
    /// Unexpected results of a security-relevant scenario (a leak or an exposure).
    public var unexpectedSecurity = 0

    public init() {}

    public mutating func add(_ result: ScenarioResult) {
        switch result.status {
        case .passed: passed += 1
        case .failed: failed += 1
        case .skipped: skipped += 1
        case .errored: errored += 1
        }
        switch (result.isUnexpected, result.status) {
        case (true, .passed):
            unexpected += 1
            unexpectedPasses += 1
        case (true, _):
            unexpected += 1
        case (false, .failed):
            expectedFailures += 1
        case (false, .errored):
            expectedFailures += 1
            expectedErrors += 1
        default:
            break
        }
        if result.isUnexpected, result.isSecurityRelevant { unexpectedSecurity += 1 }
    }

    public var total: Int { passed + failed + skipped + errored }

    /// The failures (not errors) the expectation files list.
    public var expectedFailedChecks: Int { expectedFailures - expectedErrors }
}

/// Receives results in a deterministic order (adapter, then suite, then scenario as loaded), whatever the
/// parallelism of the run.
public protocol ResultReporter: AnyObject {
    func begin(_ run: RunInfo) throws
    func report(_ result: ScenarioResult) throws
    func finish(_ summary: RunSummary) throws
}

