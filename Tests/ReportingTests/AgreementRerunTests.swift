import HarnessCore
import Reporting
import Testing

/// An unexplained disagreement run again: a cell the real engine answers two ways is not compared; one it answers
/// the same way every time stays unexplained.
@Suite("agreement: unexplained cells run again")
struct AgreementRerunTests {
    /// The live result of a rerun pair (`basic.ID`).
    static func liveResult(_ scenarioID: String, _ status: Status) -> ScenarioResult {
        let id = String(scenarioID.dropFirst("basic.".count))
        return Fixtures.result(AgreementTests.live, "basic", id, status, transcript: ["again \(id)"])
    }

    @Test("a cell answered otherwise on a rerun is not compared, with both answers; a steady one stays unexplained")
    func varyingAndSteady() throws {
        var agreement = AgreementTests.agreement([
            ("race", AgreementTests.failed("observed 'a=1'"), AgreementTests.failed("observed 'a=2'")),
            ("steady", .passed, AgreementTests.failed("observed none")),
            ("fine", .passed, .passed),
        ])
        var asked: [Set<RunPlan.Pair>] = []
        let varying = agreement.rerunUnexplained(attempts: 2) { pairs in
            asked.append(pairs)
            return pairs.map { pair in
                pair.scenario == "basic.race"
                    ? Self.liveResult(pair.scenario, AgreementTests.failed("observed 'a=1'"))
                    : Self.liveResult(pair.scenario, AgreementTests.failed("observed none"))
            }
        }
        #expect(varying.map(\.scenarioID) == ["basic.race"])
        let cause = try #require(varying.first?.knownCause)
        #expect(cause.hasPrefix(Agreement.seenBothWays))
        #expect(cause.contains("observed 'a=2'") && cause.contains("observed 'a=1'"), "both answers: \(cause)")
        #expect(agreement.unexplained.map(\.scenarioID) == ["basic.steady"])
        #expect(agreement.overall.notCompared == 1 && agreement.overall.compared == 2)
        // The first attempt asks for both unexplained cells, the second only for the one still steady; the cell that
        // agreed is never run again.
        let names = asked.map { Set($0.map(\.scenario)) }
        #expect(names == [["basic.race", "basic.steady"], ["basic.steady"]])
        #expect(asked.first?.first?.adapter == "wk-a@webkitgtk-live")
    }

    @Test("a cell that errs the same way on every rerun stays unexplained; another error is a second answer")
    func steadyError() throws {
        var agreement = AgreementTests.agreement([
            ("crash", .passed, .errored(detail: "driver crashed\nat step 3")),
            ("other", .passed, .errored(detail: "driver crashed")),
        ])
        let varying = agreement.rerunUnexplained(attempts: 2) { pairs in
            pairs.map { pair in
                Self.liveResult(pair.scenario, .errored(detail: pair.scenario == "basic.crash" ? "driver crashed\nat step 5" : "timed out"))
            }
        }
        #expect(varying.map(\.scenarioID) == ["basic.other"])
        #expect(agreement.unexplained.map(\.scenarioID) == ["basic.crash"])
    }

    @Test("no rerun when nothing is unexplained, or with zero attempts; a known cause is not run again")
    func nothingToRun() throws {
        var calls = 0
        var clean = AgreementTests.agreement([("fine", .passed, .passed)])
        clean.rerunUnexplained(attempts: 3) { _ in calls += 1; return [] }
        var off = AgreementTests.agreement([("steady", .passed, AgreementTests.failed("x"))])
        off.rerunUnexplained(attempts: 0) { _ in calls += 1; return [] }
        #expect(calls == 0)
        #expect(off.unexplained.count == 1)
    }

    @Test("a rerun that answers with another check's observation only (the same status) still counts as a second answer")
    func observationsOnly() throws {
        var agreement = AgreementTests.observed([
            ("race", (.passed, [AgreementTests.header("a=1")]), (.passed, [AgreementTests.header("a=1; b=2")]))
        ])
        let varying = agreement.rerunUnexplained(attempts: 1) { pairs in
            pairs.map { pair in
                var result = Self.liveResult(pair.scenario, .passed)
                result.observations = [AgreementTests.header("a=1")]
                return result
            }
        }
        #expect(varying.count == 1)
        #expect(varying.first?.knownCause?.hasSuffix("(a check observed otherwise)") == true)
        #expect(agreement.unexplained.isEmpty)
    }
}
