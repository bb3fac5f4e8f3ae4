import Exploration
import Foundation
import HarnessCore
import Reporting
import SuiteFormat
import Testing
import TestSupport

/// The generator draws valid suites, the same from the same seed, over every step and check of the schema; the
/// reference jar's observations, written into the checks, make every scenario pass on the reference.
@Suite struct ScenarioGeneratorTests {
    private func load(_ draft: DraftElement, in directory: TestDirectory, name: String = "suite.xml") throws -> Suite {
        let path = directory.path + "/" + name
        try draft.document(namespace: SuiteSchema.namespace).write(toFile: path, atomically: true, encoding: .utf8)
        return try SuiteLoader(schema: try BuiltInSuites.schema.get()).loadSuite(at: path)
    }

    @Test func theSameSeedDrawsTheSameSuite() throws {
        let a = try ScenarioGenerator(seed: 7).suite(batch: 3, scenarios: 30).document(namespace: SuiteSchema.namespace)
        let b = try ScenarioGenerator(seed: 7).suite(batch: 3, scenarios: 30).document(namespace: SuiteSchema.namespace)
        let other = try ScenarioGenerator(seed: 8).suite(batch: 3, scenarios: 30).document(namespace: SuiteSchema.namespace)
        let otherBatch = try ScenarioGenerator(seed: 7).suite(batch: 4, scenarios: 30).document(namespace: SuiteSchema.namespace)
        #expect(a == b)
        #expect(a != other)
        #expect(a != otherBatch)
    }

    @Test func everyDrawnSuiteIsValid() throws {
        let directory = try TestDirectory()
        for batch in 1...6 {
            let suite = try load(ScenarioGenerator(seed: 42).suite(batch: batch, scenarios: 40), in: directory)
            #expect(suite.scenarios.count == 40)
            #expect(suite.scenarios.allSatisfy { !$0.steps.isEmpty })
        }
    }

    /// A step or check kind added to the schema fails this test until the generator draws it too.
    @Test func theGeneratorDrawsEveryStepAndCheckOfTheSchema() throws {
        let schema = try String(contentsOfFile: RepositoryFiles.suiteSchema, encoding: .utf8)
        let choice = try #require(schema.range(of: "<xs:choice maxOccurs=\"unbounded\">"))
        let end = try #require(schema.range(of: "</xs:choice>", range: choice.upperBound..<schema.endIndex))
        let body = String(schema[choice.upperBound..<end.lowerBound])
        // The step elements are the choice's direct children: those indented one level below it.
        let indentation = body.split(separator: "\n").compactMap { line -> Int? in
            line.contains("<xs:element name=") ? line.prefix { $0 == " " }.count : nil
        }.min() ?? 0
        let stepNames = Set(body.split(separator: "\n").compactMap { line -> String? in
            guard line.prefix(while: { $0 == " " }).count == indentation, let start = line.range(of: "<xs:element name=\"") else { return nil }
            return String(line[start.upperBound...].prefix { $0 != "\"" })
        })
        #expect(stepNames.count >= 18, "the schema's step list was not found: \(stepNames.sorted())")
        let kinds = Set(["fetch", "xhr", "image", "iframe", "script", "beacon", "event-source", "websocket"])
        var drawn: Set<String> = []
        var fetchKinds: Set<String> = []
        for batch in 1...10 {
            for element in ScenarioGenerator(seed: 1).suite(batch: batch, scenarios: 50).allElements {
                drawn.insert(element.name)
                if element.name == "fetch" { fetchKinds.insert(element[attribute: "kind"] ?? "fetch") }
            }
        }
        #expect(stepNames.subtracting(drawn).isEmpty, "never drawn: \(stepNames.subtracting(drawn).sorted())")
        #expect(fetchKinds == kinds)
        // The fetch kinds the schema lists: the enumeration of <fetch kind=>.
        let kindStart = try #require(schema.range(of: "<xs:attribute name=\"kind\" default=\"fetch\">"))
        let kindEnd = try #require(schema.range(of: "</xs:attribute>", range: kindStart.upperBound..<schema.endIndex))
        let schemaKinds = Set(schema[kindStart.upperBound..<kindEnd.lowerBound].components(separatedBy: "<xs:enumeration value=\"").dropFirst()
            .map { String($0.prefix { $0 != "\"" }) })
        #expect(schemaKinds == kinds, "the schema's fetch kinds and this test's differ: \(schemaKinds.symmetricDifference(kinds).sorted())")
    }

    @Test func filledChecksPassOnTheReference() throws {
        let directory = try TestDirectory()
        let draft = ScenarioGenerator(seed: 3).suite(batch: 1, scenarios: 60)
        let unfilled = try load(draft, in: directory)
        let first = try run([unfilled], on: .reference)
        let (filled, dropped) = CheckFilling.fill(draft, from: first)
        // A scenario whose step needs a capability the reference lacks (app-document) is skipped by design; any
        // other drop is the reference failing to finish one.
        let skipped = dropped.filter { $0.reason.hasPrefix("skipped: ") }
        #expect(skipped.count == dropped.count, "the reference could not finish: \(dropped.map(\.reason))")
        #expect(skipped.count < 10, "\(skipped.count) of 60 skipped on the reference: \(skipped.map(\.reason))")
        let suite = try load(filled, in: directory, name: "filled.xml")
        let second = try run([suite], on: .reference)
        #expect(second.count == 60 - dropped.count)
        for result in second {
            #expect(result.status == .passed, "\(result.scenarioID): \(Agreement.observation(result.status))")
        }
        // The drafts asserted nothing in particular (every header empty): the filled checks state what happened.
        let equals = filled.allElements.filter { $0[attribute: "equals"] != nil }
        #expect(!equals.isEmpty)
    }

    private func run(_ suites: [Suite], on adapter: Adapter) throws -> [ScenarioResult] {
        var plan = RunPlan(suites: suites, adapters: [adapter], jobs: 2)
        plan.keepsObservations = true
        let collector = CollectingReporter()
        _ = try Runner().run(plan, reporter: collector)
        return collector.results
    }
}
