import Foundation
import Testing

@testable import CookieHarnessCLI
@testable import FullHarness

/// Every command with options decodes its command line once into a typed `Options` value (issue 39, item 3): a
/// sample line gives the values its body reads, and a bad value is a usage error with the message it always had.
@Suite("command options: decoded once into typed values")
struct CommandOptionsTests {
    /// The usage error `decode` throws, as printed after `cookie-harness: error: `; nil when it decodes.
    private func message(_ decode: () throws -> Any) -> String? {
        do {
            _ = try decode()
            return nil
        } catch let error as UsageError {
            return error.description
        } catch {
            return "not a usage error: \(error)"
        }
    }

    @Test("merge")
    func merge() throws {
        let parse = { try MergeCommand.Options(MergeCommand.spec.parse($0)) }
        let options = try parse([
            "a", "b", "--json", "m.json", "--expect-shards", "2", "--allow-unidentified", "--suites", "S", "--schema", "x.xsd",
        ])
        #expect(options.shardPaths == ["a", "b"] && options.expectedShards == 2)
        #expect(options.jsonPath == "m.json" && options.askedJSONPath == "m.json")
        #expect(options.junitPath == "Reports/junit.xml" && options.askedJUnitPath == nil)
        #expect(options.allowUnidentified && !options.allowDifferentRuns)
        #expect(options.suitePaths == ["S"] && options.schemaPath == "x.xsd")
        #expect(message { try parse([]) } == "merge needs the shards' reports (folders, JUnit or JSON files)")
        #expect(message { try parse(["a", "--junit", "r", "--json", "r"]) } == "options '--junit' and '--json': both name 'r'")
        #expect(message { try parse(["a", "--expect-shards", "0"]) } == "option '--expect-shards': '0' is not a whole number in 1...10000")
    }

    @Test("agreement")
    func agreement() throws {
        let parse = { try AgreementCommand.Options(AgreementCommand.spec.parse($0)) }
        let options = try parse([
            "Suites/x", "--strategy", "wk-no-sync", "--jobs", "3", "--time-limit", "2.5", "--reruns", "0",
            "--min-rate", "95", "--known", "k.txt", "--html", "a.html", "--filter", "f*", "--update-docs", "R.md",
        ])
        #expect(options.paths == ["Suites/x"] && options.strategies.map(\.name) == ["wk-no-sync"])
        #expect(options.jobs == 3 && options.timeLimit == .milliseconds(2500) && options.reruns == 0)
        #expect(options.minimumRate == 0.95 && options.knownPath == "k.txt" && options.updateDocsPath == "R.md")
        #expect(options.reports.markdown == "Reports/agreement.md" && options.reports.html == "a.html")
        #expect(options.filters == ["f*"])
        let defaults = try parse([])
        #expect(defaults.reruns == 2 && defaults.minimumRate == nil && defaults.knownPath == nil && defaults.strategies.count > 10)
        #expect(message { try parse(["--min-rate", "200"]) } == "option '--min-rate': '200' is not a percentage in [0, 100]")
        #expect(message { try parse(["--reruns", "11"]) } == "option '--reruns': '11' is not a whole number in 0...10")
        #expect(message { try parse(["--strategy", "nope"]).strategies }?.hasPrefix("option '--strategy': unknown strategy 'nope' (known: wk-no-sync, ") == true)
    }

    @Test("compare")
    func compare() throws {
        let parse = { try CompareCommand.Options(CompareCommand.spec.parse($0)) }
        let running = try parse(["P", "--adapter", "reference", "--jobs", "2", "--tag", "t", "--markdown", "m.md"])
        guard case .running(let run) = running.source else { Issue.record("not a run: \(running.source)"); return }
        #expect(run.adapters.map(\.name) == ["reference"] && run.jobs == 2 && run.timeLimit == .seconds(30))
        #expect(running.paths == ["P"] && running.tags == ["t"] && running.filters.isEmpty)
        #expect(running.markdownPath == "m.md" && running.htmlPath == "Reports/matrix.html")
        let fromJSON = try parse(["b.json", "--from-json", "a.json", "--adapter", "x"])
        guard case .resultsFiles(let files) = fromJSON.source else { Issue.record("runs: \(fromJSON.source)"); return }
        #expect(files == ["a.json"] && fromJSON.paths == ["b.json"] && fromJSON.adapterNames == ["x"])
        #expect(message { try parse(["--from-json", "a", "--jobs", "2"]) } == "option '--jobs' has no effect with '--from-json': nothing runs")
        #expect(message { try parse(["--markdown", "a", "--html", "a"]) } == "options '--markdown' and '--html': both name 'a'")
        #expect(message { try parse(["--jobs", "0"]) } == "option '--jobs': '0' is not a whole number in 1...256")
    }

    @Test("show")
    func show() throws {
        let parse = { try ShowCommand.Options(ShowCommand.spec.parse($0)) }
        let options = try parse(["parser.x", "Suites/parser", "--adapter", "reference", "--time-limit", "3"])
        #expect(options.scenarioID == "parser.x" && options.suitePaths == ["Suites/parser"])
        #expect(options.run?.adapters.map(\.name) == ["reference"] && options.run?.timeLimit == .seconds(3))
        #expect(try parse(["parser.x"]).run == nil)
        #expect(message { try parse([]) } == "show needs a scenario id")
        #expect(message { try parse(["x", "--adapter", "nope"]) }?.hasPrefix("option '--adapter': unknown adapter 'nope'") == true)
    }

    @Test("update-expectations")
    func updateExpectations() throws {
        let parse = { try UpdateExpectationsCommand.Options(UpdateExpectationsCommand.spec.parse($0)) }
        let options = try parse(["r.json", "--adapter", "a", "--adapter", "b", "--dry-run", "--expectations-dir", "E"])
        #expect(options.resultsPaths == ["r.json"] && options.adapters == ["a", "b"] && options.dryRun)
        #expect(options.expectationsDirectory == "E" && options.suitePaths == ["Suites"] && options.schemaPath == nil)
        #expect(try parse(["r"]).expectationsDirectory == "Suites/expectations")
        #expect(message { try parse([]) } == "update-expectations needs the results of a run (RESULTS: a results.json or a report folder)")
    }

    @Test("conformance and import: CORPUS [PATH]")
    func corpora() throws {
        let conformance = { try ConformanceCommand.Options(ConformanceCommand.spec.parse($0)) }
        let options = try conformance(["wpt-cookies", "C", "--live", "--schema", "s.xsd"])
        #expect(options.corpus == CorpusArgument(corpus: .wptCookies, path: "C") && options.live && !options.verbose)
        #expect(options.schemaPath == "s.xsd")
        #expect(try conformance(["http-state", "--verbose"]).corpus == CorpusArgument(corpus: .httpState, path: nil))
        #expect(message { try conformance(["foo"]) } == "conformance: expected the corpus name 'http-state' or 'wpt-cookies'")
        #expect(message { try conformance([]) } == "conformance: expected the corpus name 'http-state' or 'wpt-cookies'")
        #expect(message { try conformance(["a", "b", "c"]) } == "conformance: too many arguments")
        let importing = { try ImportCommand.Options(ImportCommand.spec.parse($0)) }
        let imported = try importing(["http-state", "--suite", "s.xml"])
        #expect(imported.corpus == CorpusArgument(corpus: .httpState, path: nil) && imported.suitePath == "s.xml")
        #expect(imported.expectationsPath == nil)
        #expect(message { try importing(["nope"]) } == "import: expected the corpus name 'http-state' or 'wpt-cookies'")
        #expect(message { try importing(["http-state", "a", "b"]) } == "import: too many arguments")
    }

    @Test("diff")
    func diff() throws {
        let parse = { try DiffCommand.Options(DiffCommand.spec.parse($0)) }
        let options = try parse(["a.json", "b.json", "--markdown", "d.md", "--allow-different-runs"])
        #expect(options.baselinePath == "a.json" && options.currentPath == "b.json")
        #expect(options.markdownPath == "d.md" && options.jsonPath == nil && options.allowDifferentRuns)
        #expect(message { try parse([]) } == "diff needs two arguments, BASELINE and CURRENT (got 0)")
        #expect(message { try parse(["a", "b", "--markdown", "x", "--json", "x"]) } == "options '--markdown' and '--json': both name 'x'")
    }

    @Test("truth-table")
    func truthTable() throws {
        let parse = { try TruthTableCommand.Options(TruthTableCommand.spec.parse($0)) }
        let options = try parse(["--profile", "webkitgtk", "--suites", "S"])
        #expect(options.profile == "webkitgtk" && !options.adapters.isEmpty)
        #expect(options.adapters.allSatisfy { $0.info.profile == "webkitgtk" })
        #expect(options.suitePaths == ["S"] && options.resultsPaths.isEmpty && options.updateDocsPath == nil)
        #expect(try parse([]).profile == TruthTableCommand.defaultProfile)
        #expect(message { try parse(["--profile", "nope"]) }?.hasPrefix("option '--profile': unknown profile 'nope' (known: ") == true)
        #expect(message { try parse(["r.json", "--suites", "S"]) } == "option '--suites' has no effect with results files: nothing runs")
        #expect(message { try parse(["--profile", "webkitgtk", "--update-docs", "R"]) }?.hasPrefix("option '--update-docs': the published table") == true)
    }

    @Test("list, validate and help")
    func listValidateHelp() throws {
        let list = { try ListCommand.Options(ListCommand.spec.parse($0)) }
        let scenarios = try list(["scenarios", "Suites/parser", "--tag", "t", "--filter", "f"])
        #expect(scenarios.kind == .scenarios && scenarios.paths == ["Suites/parser"])
        #expect(scenarios.tags == ["t"] && scenarios.filters == ["f"] && scenarios.external.isEmpty)
        #expect(try list(["adapters", "--external", "mine=python3 x.py"]).external.map(\.name) == ["mine"])
        #expect(message { try list([]) } == "list: what? adapters, profiles, rules, suites or scenarios")
        #expect(message { try list(["nope"]) } == "list: unknown kind 'nope' (adapters, profiles, rules, suites or scenarios)")
        #expect(message { try list(["adapters", "--external", "bad"]) }?.hasPrefix("option '--external': ") == true)
        let validate = ValidateCommand.Options(try ValidateCommand.spec.parse(["S", "--schema", "x.xsd"]))
        #expect(validate.paths == ["S"] && validate.schemaPath == "x.xsd")
        let help = HelpCommand.Options(try HelpCommand.spec.parse(["run", "--markdown"]))
        #expect(help.commandName == "run" && help.markdown && help.updateDocsPath == nil)
    }

    @Test("bench")
    func bench() throws {
        let parse = { try BenchCommand.Options(BenchCommand.spec.parse($0)) }
        guard case let .live(counts, profile, filters, budget) = try parse(
            ["live", "S", "--drivers", "1,3", "--filter", "a*", "--time-budget", "5"]).benchmark
        else { Issue.record("not live"); return }
        #expect(counts == [1, 3] && !profile && filters == ["a*"] && budget == .seconds(5))
        guard case let .live(jobsCounts, _, _, _) = try parse(["live", "--jobs", "4"]).benchmark,
              case let .live(profileCounts, profiled, _, _) = try parse(["live", "--profile"]).benchmark
        else { Issue.record("not live"); return }
        #expect(jobsCounts == [1, 4] && profileCounts.isEmpty && profiled)
        let harness = try parse(["harness", "P", "--files", "3"])
        #expect(harness.suitePaths == ["P"])
        guard case let .harness(_, scenarios, files, perFile) = harness.benchmark else { Issue.record("not harness"); return }
        #expect(scenarios == 100_000 && files == 3 && perFile == 5_000)
        guard case let .stores(duration, external, only) = try parse(["--seconds", "0.2", "--store", "libsoup"]).benchmark
        else { Issue.record("not stores"); return }
        #expect(duration == .milliseconds(200) && external.isEmpty && only == ["libsoup"])
        guard case let .setCookieLines(lines, adapters) = try parse(["set-cookie-lines", "--lines", "10"]).benchmark
        else { Issue.record("not set-cookie-lines"); return }
        #expect(lines == [10] && adapters.map(\.name) == ["wk-no-sync", "wk-response-capture", "wk-response-capture:as-written"])
        #expect(message { try parse(["--seconds", "0"]) } == "option '--seconds': '0' is not a number of seconds in (0, 60]")
        #expect(message { try parse(["live", "--drivers", "0"]) } == "option '--drivers': '0' is not a number of drivers in 1...64")
        #expect(message { try parse(["live", "--time-budget", "-1"]) } == "option '--time-budget': '-1' is not a number of seconds in (0, 86400]")
        #expect(message { try parse(["set-cookie-lines", "--lines", "0"]) } == "option '--lines': '0' is not a number of lines in 1...100000")
        #expect(message { try parse(["set-cookie-lines", "--adapter", "nope"]) } == "option '--adapter': no built-in adapter is called 'nope' (see 'list adapters')")
        #expect(message { try parse(["browsers", "--jobs", "65"]) } == "option '--jobs': '65' is not a whole number in 1...64")
        #expect(message { try parse(["harness", "--files", "0"]) } == "option '--files': '0' is not a whole number in 1...10000")
        #expect(message { try parse(["stores", "--external", "reference=python3"]) } == "option '--external': 'reference' is already the name of a built-in implementation")
        #expect(message { try parse(["nope"]) } == "bench: unknown benchmark 'nope' (stores, harness, live, browsers or set-cookie-lines)")
    }
}
