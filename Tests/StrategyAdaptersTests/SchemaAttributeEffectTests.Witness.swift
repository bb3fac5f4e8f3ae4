import Foundation
import HarnessCore
import Reporting
import StrategyAdapters
import SuiteFormat
import TestSupport
import Testing

extension SchemaAttributeEffectTests {
    /// Texts that differ only in one element or attribute, and where to run them.
    ///
    /// Every text of the witness (the suite and any expectation files) is written once with `§` where the variants
    /// go; each variant replaces every `§`, so the variants differ in that spot and nowhere else.
    struct Witness: Sendable, CustomTestStringConvertible {
        /// `element` or `element/@attribute`, as ``SchemaWalk`` names them.
        var key: String
        /// An adapter of the simulated catalog, `reference` (the RFC 6265bis jar), or ``referenceOverHTTPOnly``.
        var adapter: String
        var variants: [String]
        var suite: String
        /// Expectation files the run reads (the expectation-file root's attributes act through them).
        var expectationFiles: [String] = []
        /// Run selection (`--filter`, `--tag`), for the metadata a run selects by.
        var filters: [String] = []
        var tags: [String] = []
        /// The loader refuses one variant (an attribute the schema lets through but nothing reads, a document that
        /// is not a suite): the refusal is the effect.
        var refusedByLoader = false

        var testDescription: String { key }

        init(
            _ key: String, on adapter: String = "reference", _ variants: [String], _ suite: String,
            expectationFiles: [String] = [], filters: [String] = [], tags: [String] = [], refusedByLoader: Bool = false
        ) {
            self.key = key
            self.adapter = adapter
            self.variants = variants
            self.suite = suite
            self.expectationFiles = expectationFiles
            self.filters = filters
            self.tags = tags
            self.refusedByLoader = refusedByLoader
        }

        /// What a run of the variant shows, one line per thing that could differ; `refused: …` when the loader
        /// refuses the suite.
        func outcome(of variant: String) throws -> [String] {
            func substituted(_ text: String) -> String { text.replacingOccurrences(of: "§", with: variant) }
            let directory = try TestDirectory()
            let file = try directory.write("witness.xml", substituted(suite))
            let schema = try BuiltInSuites.schema.get()
            let loaded: Suite
            do {
                loaded = try SuiteLoader(schema: schema).loadSuite(at: file)
            } catch {
                return ["refused: " + "\(error)".replacingOccurrences(of: directory.path + "/", with: "")]
            }
            // A text that is empty once substituted stands for no file at all.
            let files = try expectationFiles.map(substituted).filter { !$0.isEmpty }.enumerated().map { index, text in
                try ExpectationFile(Data(text.utf8), file: "expectations-\(index).xml", schema: schema)
            }
            let expectations = try ExpectationSet(files)
            let adapter = try #require(Self.adapter(named: adapter), "no adapter \(adapter)")
            var plan = RunPlan(suites: [loaded], adapters: [adapter], filters: filters, tags: tags) {
                expectations.expectedStatus(adapter: $0, scenario: $1)
            }
            plan.keepsObservations = true
            let reporter = CollectingReporter()
            _ = try Runner().run(plan, reporter: reporter)
            let suites = plan.index.outlines.map { "suite \($0.id): \($0.title) (provenance \($0.provenance ?? "none"))" }
            return suites + reporter.results.map { result in
                let detail: String
                switch result.status {
                case .passed: detail = ""
                case .failed(let failure): detail = failure.all.map(\.message).joined(separator: " | ")
                case .skipped(let reason): detail = reason
                case .errored(let error): detail = error
                }
                return "\(result.suiteID)/\(result.scenarioID) \(result.status.name) \(detail) [title \(result.title); tags \(result.tags); references \(result.references); "
                    + "expected \(result.expected.status.rawValue), unexpected \(result.isUnexpected)] observed \(result.observations)"
            }
        }

        static func adapter(named name: String) -> Adapter? {
            switch name {
            case Adapter.reference.name: .reference
            case referenceOverHTTPOnly.name: referenceOverHTTPOnly
            default: StrategyAdapterCatalog.simulated.first { $0.name == name }
            }
        }

        /// The reference jar as an adapter that takes Set-Cookie lines only as HTTP carries them (no
        /// `raw-set-cookie`), as the stores behind a real network do: what `delivery="parser"` is about.
        static let referenceOverHTTPOnly = Adapter(
            info: AdapterInfo(name: "reference-over-http", version: "1", profile: "", specProfile: "rfc6265bis"),
            summary: "the reference jar without raw-set-cookie",
            capabilities: Adapter.reference.capabilities.subtracting([.rawSetCookie])
        ) { environment in try Adapter.reference.makeApp(environment) }
    }

    // MARK: Building texts

    /// Origins most witnesses share.
    static let origins = """
        <origin url="https://app.example.com">
          <route path="/home"/>
          <route path="/next"/>
          <route path="/set"><set-cookie>a=1; Path=/</set-cookie></route>
          <route path="/persist"><set-cookie>w=1; Path=/; Secure; Max-Age=3600</set-cookie></route>
          <route path="/post" method="POST"><set-cookie>p=1; Path=/</set-cookie></route>
        </origin>
        <origin url="https://api.example.com">
          <route path="/data"/>
          <route path="/cors">
            <header name="Access-Control-Allow-Origin" value="https://app.example.com"/>
            <header name="Access-Control-Allow-Credentials" value="true"/>
          </route>
        </origin>
        """

    /// A suite document with one scenario `w.s` whose body is `body`.
    static func suite(
        _ body: String, scenario attributes: String = "", origins: String = origins, head: String = "",
        suite suiteAttributes: String = #"id="w" title="W""#, scenarioID: String = "w.s", more: String = ""
    ) -> String {
        """
        <suite xmlns="urn:cookieharness:suite:1" \(suiteAttributes)>
        \(head)
        \(origins)
        <scenario id="\(scenarioID)"\(attributes)>
          <title>S</title>
          \(body)
        </scenario>
        \(more)
        </suite>
        """
    }

    static func expectations(_ body: String, root attributes: String = #"adapter="reference""#) -> String {
        "<expectations xmlns=\"urn:cookieharness:suite:1\" \(attributes)>\(body)</expectations>"
    }
}
