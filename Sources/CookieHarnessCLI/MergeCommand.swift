import Foundation
import HarnessCore
import Reporting
import SuiteFormat

/// `cookie-harness merge SHARD...`: the reports of `run --shard I/N` runs joined into one JUnit and one JSON file.
enum MergeCommand: HarnessCommand {
    /// The options only this command has, each declared once: its spec lists them, its body reads them.
    enum Key {
        static let junit: OptionKey<String?> = .valued(
            "junit", "FILE", "where the merged JUnit goes (default Reports/junit.xml)")
        static let json: OptionKey<String?> = .valued(
            "json", "FILE", "where the merged JSON results go (default Reports/results.json)")
        static let expectShards: OptionKey<String?> = .valued(
            "expect-shards", "N", "the run had N shards: refuse anything but N reports, one per shard")
        static let allowDifferentRuns: OptionKey<Bool> = .flag(
            "allow-different-runs",
            "merge JSON shards whose run identities differ (suites, expectation files, adapters, selection)")
        static let allowUnidentified: OptionKey<Bool> = .flag(
            "allow-unidentified", "merge JSON shards without a run identity, by their scenario ids alone")
        static let suites: OptionKey<[String]?> = .repeatable(
            "suites", "PATH",
            """
            the suites the shards ran (repeatable; default Suites/ when it exists), for the
            run's order of scenarios; without them, scenarios of a suite come shard by shard
            """)
    }

    static let spec = CommandSpec(
        name: "merge", overview: "SHARD...", brief: "join the reports of 'run --shard I/N' runs into one run's reports",
        forms: [CommandSpec.Form("SHARD...")],
        description: """
            Joins the reports of 'run --shard I/N' runs into the reports of one run: one JUnit file and one JSON results
            file, the same (up to times) as the unsharded run would write. Each SHARD is a report folder (its junit.xml
            and results.json), a JUnit file (*.xml) or a results file (*.json).
            """,
        options: [
            Key.junit, Key.json, Key.expectShards, Key.allowDifferentRuns, Key.allowUnidentified, Key.suites,
            SharedOptions.schema,
        ],
        epilogue: """
            A merged JUnit file is made from JUnit shards, merged JSON results from JSON shards: one kind is never rebuilt
            from the other (JSON results keep no host name, no interrupted property, only an error's first line), so
            --junit with only JSON shards (or --json with only JUnit ones) is refused, and nothing is written.

            JSON shards are checked by the run identity beside each (results.run.json, written by 'run --json'): shards
            of different runs (other suite or expectation files, adapters, selection, harness version or shard count),
            a shard given twice and a missing one (a single shard of 4 merged alone) are refused, and the merged
            results get the whole run's identity. The shard of a JUnit report, and of JSON results merged with
            --allow-unidentified, is worked out from its scenario ids (the split 'run --shard' uses), so overlapping
            shards (two reports of one shard, an (adapter, scenario) pair twice) and missing shards of a count that
            the reports show are refused.

            exit codes: 0 merged, all as expected · 1 merged, with unexpected results · 2 invalid input or usage
                        · 3 a report cannot be written
                        · \(ExitStatus.signalsHelp): stopped at once, no report half-written
            """)

    /// What a merge's command line asks for, decoded once from the keys: a bad value is a usage error before any
    /// report is read.
    struct Options {
        var shardPaths: [String]
        /// `--junit` and `--json` as given (nil: not given), which the shards' kinds are checked against.
        var askedJUnitPath: String?
        var askedJSONPath: String?
        var expectedShards: Int?
        var allowDifferentRuns: Bool
        var allowUnidentified: Bool
        var suitePaths: [String]?
        var schemaPath: String?

        var junitPath: String { askedJUnitPath ?? "Reports/junit.xml" }
        var jsonPath: String { askedJSONPath ?? "Reports/results.json" }

        /// - Throws: ``UsageError`` for no shard, one path for both reports, or a bad `--expect-shards`.
        init(_ args: CommandLineArguments) throws {
            shardPaths = args.positional
            guard !shardPaths.isEmpty else { throw UsageError("merge needs the shards' reports (folders, JUnit or JSON files)") }
            askedJUnitPath = args[Key.junit]
            askedJSONPath = args[Key.json]
            allowDifferentRuns = args[Key.allowDifferentRuns]
            allowUnidentified = args[Key.allowUnidentified]
            suitePaths = args[Key.suites]
            schemaPath = args[SharedOptions.schema]
            if junitPath == jsonPath { throw UsageError("options '--junit' and '--json': both name '\(junitPath)'") }
            expectedShards = try args.integer(Key.expectShards, in: 1...10_000)
        }
    }

    static func run(_ args: CommandLineArguments, output: CommandOutput) throws -> ExitStatus {
        let options = try Options(args)
        let (junitPath, jsonPath) = (options.junitPath, options.jsonPath)

        let inputs: ShardReports
        do {
            inputs = try ShardReports(options.shardPaths)
            try inputs.check(asked: ["junit": options.askedJUnitPath, "json": options.askedJSONPath])
        } catch {
            output.err(error.description)
            return .invalidInput
        }
        let written = (inputs.junit.isEmpty ? [] : [ReportFolders.Report("--junit", junitPath)])
            + (inputs.json.isEmpty ? [] : [ReportFolders.Report("--json", jsonPath)])
            + (inputs.json.isEmpty || !RunIdentity.isWritten(forResults: jsonPath)
                ? [] : [ReportFolders.Report("--json's run identity", RunIdentity.path(forResults: jsonPath))])
        let merge = ShardMerge(scenarioOrder: scenarioOrder(options, output: output), expectedShards: options.expectedShards)
        guard let merged = merged(inputs, by: merge, options, output: output) else { return .invalidInput }

        // Refused before anything is written (and no folder made for shards that do not fit): a bad report path,
        // or one over a shard or a suite.
        try ReportFolders.prepare(
            written,
            reading: (inputs.junit + inputs.json).map { CommandInput($0, role: "one of the reports to merge") }
                + CommandInput.suites(options.suitePaths ?? []),
            output: output)
        do {
            if !inputs.json.isEmpty {
                try ShardMerge.writeResults(merged.records, to: jsonPath, identity: merged.identity)
            }
            if !inputs.junit.isEmpty {
                try JUnitMerge.write(merged.cases, rootName: merged.rootName, to: junitPath)
            }
        } catch {
            output.err("cookie-harness: error: writing the merged reports: \(error)")
            return .infrastructureFailure
        }

        let count = merged.assignment?.count ?? 0
        let unexpected = inputs.json.isEmpty
            ? merged.cases.filter { $0.element.elements.contains { $0.name == "failure" || $0.name == "error" } }.count
            : merged.records.filter(\.unexpected).count
        let total = inputs.json.isEmpty ? merged.cases.count : merged.records.count
        output.err("merged \(count) \(count == 1 ? "shard" : "shards"): \(total) results, \(unexpected) unexpected")
        output.err("reports: " + written.map(\.path).joined(separator: ", ")
            + (inputs.junit.isEmpty ? " (no JUnit report: the shards hold none)" : inputs.json.isEmpty ? " (no JSON results: the shards hold none)" : ""))
        return unexpected == 0 ? .success : .unexpectedResults
    }

    /// The shards' reports by kind: a folder gives its junit.xml and results.json, a file its own kind.
    struct ShardReports {
        var junit: [String] = []
        var json: [String] = []

        init(_ inputs: [String]) throws(InputError) {
            for input in inputs {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
                    throw InputError("\(input): error: no such file or folder")
                }
                if isDirectory.boolValue {
                    let junitFile = (input as NSString).appendingPathComponent("junit.xml")
                    let jsonFile = (input as NSString).appendingPathComponent("results.json")
                    let found = [junitFile, jsonFile].filter { FileManager.default.fileExists(atPath: $0) }
                    guard !found.isEmpty else {
                        throw InputError("\(input): error: a report folder should hold junit.xml or results.json; it holds neither")
                    }
                    if found.contains(junitFile) { junit.append(junitFile) }
                    if found.contains(jsonFile) { json.append(jsonFile) }
                } else if input.hasSuffix(".xml") {
                    junit.append(input)
                } else {
                    json.append(input)
                }
            }
        }

        /// A report is merged only from reports of its own kind: JSON results keep no host name, no interrupted
        /// property, only the first line of an error, and the failed checks of a failure joined, so a JUnit file
        /// made from them would not be the one the run wrote (and the reverse). Asked for (`asked`, the report
        /// paths given by option) and impossible: refused.
        func check(asked: [String: String?]) throws(InputError) {
            for (option, kind, have, other) in [("junit", "JUnit reports", junit, "JSON results"), ("json", "JSON results", json, "JUnit reports")]
            where have.isEmpty {
                if let path = asked[option] ?? nil {
                    throw InputError("\(path): error: --\(option): the shards hold no \(kind), only \(other), and one kind cannot be made from the other "
                        + "without losing what the run wrote; give the shards' \(option == "junit" ? "junit.xml" : "results.json") too, or leave out --\(option)")
                }
            }
        }
    }

    /// What the shards hold, merged: the JSON records and the JUnit test cases, each in the run's order.
    struct Merged {
        var records: [JSONResultRecord] = []
        var cases: [JUnitMerge.TestCase] = []
        var rootName = "cookie-harness"
        var assignment: ShardAssignment?
        var identity: RunIdentity?
    }

    /// The shards merged by kind and checked against each other; nil after printing why they do not fit.
    private static func merged(_ inputs: ShardReports, by merge: ShardMerge, _ options: Options, output: CommandOutput) -> Merged? {
        var result = Merged()
        do {
            if !inputs.json.isEmpty {
                let runs = try inputs.json.map { path throws(InvalidResultsInput) in try JSONResultsFile.readRun(path) }
                result.identity = try checkedIdentity(runs, options)
                let shards = runs.map { ShardMerge.Shard(path: $0.path, items: $0.records) }
                let merged = try merge.merge(shards) { ShardMerge.Key(adapter: $0.adapter, suite: $0.suite, scenario: $0.scenario) }
                result.records = merged.items
                result.assignment = merged.shards
            }
            if !inputs.junit.isEmpty {
                var shards: [ShardMerge.Shard<JUnitMerge.TestCase>] = []
                for path in inputs.junit {
                    let (root, read) = try JUnitMerge.read(path)
                    if shards.isEmpty, let name = root[attribute: "name"] { result.rootName = name }
                    shards.append(ShardMerge.Shard(path: path, items: read))
                }
                let merged = try merge.merge(shards) { $0.key }
                result.cases = merged.items
                result.assignment = result.assignment ?? merged.shards
            }
            if !inputs.json.isEmpty, !inputs.junit.isEmpty {
                try crossCheck(result.records, result.cases)
            }
        } catch {
            output.err(error.description)
            return nil
        }
        return result
    }

    private static func checkedIdentity(_ runs: [JSONResultsFile.SavedRun], _ options: Options) throws(InvalidResultsInput) -> RunIdentity? {
        let unidentified = runs.filter { $0.identity == nil }.map(\.path)
        guard unidentified.isEmpty else {
            if options.allowUnidentified { return nil }
            throw InvalidResultsInput(
                "\(unidentified[0]): error: no run identity beside these results (\(RunIdentity.path(forResults: unidentified[0])))"
                    + (unidentified.count > 1 ? " (nor beside \(unidentified.count - 1) more)" : "")
                    + ", so nothing says which run and which shard they are: a missing shard would go unseen. Give the shards' report folders "
                    + "(or each results.json with its results.run.json), or pass --allow-unidentified to merge them by their scenario ids alone")
        }
        return try ShardMerge.checkedIdentity(
            of: runs.map { ($0.path, $0.identity!) }, allowingDifferentRuns: options.allowDifferentRuns,
            expectedShards: options.expectedShards)
    }

    /// The scenario ids of the suites in load order (`--suites`, or `Suites/` when it exists); empty without them.
    /// The suites' outlines only: the order needs no expectation file (reading the 200-odd built-in ones took most of
    /// a debug build's merge).
    private static func scenarioOrder(_ options: Options, output: CommandOutput) -> [String] {
        let explicit = options.suitePaths
        let paths = explicit ?? (FileManager.default.fileExists(atPath: SuiteInputs.defaultPaths[0]) ? SuiteInputs.defaultPaths : [])
        guard !paths.isEmpty else { return [] }
        do {
            let schema = try SuiteSchema.locateAndLoad(explicitPath: options.schemaPath)
            return Array(try SuiteLoader(schema: schema).index(paths).scenarioIDs)
        } catch {
            output.err("cookie-harness: warning: cannot load the suites for the run's order (\(paths.joined(separator: ", "))); "
                + "scenarios of a suite come shard by shard:\n\(error)")
            return []
        }
    }

    /// The JUnit and JSON reports must hold the same (adapter, scenario) pairs: they are the same runs.
    private static func crossCheck(_ records: [JSONResultRecord], _ cases: [JUnitMerge.TestCase]) throws(InvalidResultsInput) {
        let fromJSON = Set(records.map { "\($0.adapter) \($0.scenario)" })
        let fromJUnit = Set(cases.map { "\($0.key.adapter) \($0.key.scenario)" })
        guard fromJSON != fromJUnit else { return }
        let onlyJSON = fromJSON.subtracting(fromJUnit).sorted().prefix(5)
        let onlyJUnit = fromJUnit.subtracting(fromJSON).sorted().prefix(5)
        throw InvalidResultsInput(
            "merge: error: the JUnit and JSON reports do not hold the same results (were they written by the same runs?)"
                + (onlyJSON.isEmpty ? "" : "\n  only in the JSON results: \(onlyJSON.joined(separator: ", "))")
                + (onlyJUnit.isEmpty ? "" : "\n  only in the JUnit reports: \(onlyJUnit.joined(separator: ", "))"))
    }
}
