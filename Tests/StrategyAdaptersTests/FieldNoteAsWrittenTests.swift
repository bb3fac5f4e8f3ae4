import HarnessCore
import Testing

/// The field notes' exact behaviours in their `:as-written` ports, end to end (`../shared/field-notes/`).
@Suite("field notes as written")
struct FieldNoteAsWrittenTests {
    let steps = PitfallStepTests()

    static let postLoad: [Step.Kind] = [
        PitfallStepTests.session, PitfallStepTests.open,
        .load(Request(url: "https://app.example.com/form", method: "POST", body: "a=1")),
        PitfallStepTests.request("https://app.example.com/form", contains: ["session=n"], body: "a=1"),
    ]

    @Test("notes 000 and 001 rebuild the app's request from its URL: a POST load goes out as a GET without its body",
          arguments: ["wk-request-header:as-written", "wk-userdefaults:as-written"])
    func postRebuiltAsGet(adapter: String) throws {
        let result = try steps.run(Self.postLoad, on: adapter)
        guard case .failed(let failure) = result.status else {
            Issue.record("expected a failure: \(result.transcript.joined(separator: "\n"))"); return
        }
        #expect(failure.message.contains("GET https://app.example.com/form"), "\(failure.message)")
        #expect(failure.message.contains("observed no body"), "\(failure.message)")
        #expect(result.transcript.contains { $0.contains("rebuilt from its URL as a GET") })
    }

    @Test("the tidy strategies keep the app's POST", arguments: ["wk-request-header", "wk-userdefaults"])
    func tidyKeepsPost(adapter: String) throws {
        let result = try steps.run(Self.postLoad, on: adapter)
        #expect(result.status == .passed, "\(result.transcript.joined(separator: "\n"))")
    }
}
