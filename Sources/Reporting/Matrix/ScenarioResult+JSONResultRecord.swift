import HarnessCore

extension ScenarioResult {
    /// The result a JSON record was written from, so saved results can be reported again (`compare --from-json`).
    ///
    /// Everything the matrix shows survives the round trip: the adapter's identity, the scenario, the status with
    /// its one-line message, the expectation and its reason, the failure's location and details, the transcript.
    /// The record keeps only a failure's first line, and no references; the duration is rounded to the
    /// microsecond.
    ///
    /// - Throws: `ReportError` `.invalidUse` naming the field, for a status or expected status the record format
    ///   does not define.
    package init(_ record: JSONResultRecord) throws {
        let status: Status
        switch record.status {
        case "pass": status = .passed
        case "fail":
            status = .failed(Failure(
                message: record.message, location: Self.location(record.location ?? ""), details: record.details ?? "",
                guardsAgainstExposure: record.securityRelevant))
        case "skip": status = .skipped(reason: record.message)
        case "error": status = .errored(detail: record.message)
        default:
            throw ReportError(code: .invalidUse, message: "status '\(record.status)' of \(record.scenario) is not pass, fail, skip or error")
        }
        guard let expected = ExpectedStatus.Kind(rawValue: record.expectedStatus) else {
            throw ReportError(
                code: .invalidUse,
                message: "expectedStatus '\(record.expectedStatus)' of \(record.scenario) is not one this harness knows")
        }
        self.init(
            adapter: AdapterInfo(
                name: record.adapter, version: record.adapterVersion, profile: record.profile, specProfile: record.specProfile),
            suiteID: record.suite, suiteFile: record.suiteFile, scenarioID: record.scenario, title: record.title,
            tags: record.tags, references: [], status: status,
            expected: ExpectedStatus(expected, reason: record.expectedReason),
            duration: .microseconds(Int64((record.durationSeconds * 1_000_000).rounded())), transcript: record.transcript
        )
    }

    /// `file:line` back into a location; a string without a line number is all file.
    private static func location(_ text: String) -> SuiteLocation {
        if let colon = text.lastIndex(of: ":"), let line = Int(text[text.index(after: colon)...]) {
            return SuiteLocation(file: String(text[..<colon]), line: line)
        }
        return SuiteLocation(file: text, line: 0)
    }
}
