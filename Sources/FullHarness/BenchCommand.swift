import AdapterCatalog
import Bench
import CookieHarnessCLI
import CookieStores
import Foundation
import HarnessCore
import LiveStrategyAdapters
import StrategyAdapters
import SuiteFormat
import EngineDrivers

/// `cookie-harness bench [stores|harness]`: figures that compare peers measured in the same run. The full product's
/// command: its peers include libcurl, the stores in other languages, the real engine and the browsers.
enum BenchCommand: HarnessCommand {
    /// The options only this command has, each declared once: its spec lists them, its body reads them.
    enum Key {
        static let seconds: OptionKey<String?> = .valued(
            "seconds", "S", "stores: minimum time per measurement (default 0.4)")
        static let store: OptionKey<[String]?> = .repeatable(
            "store", "NAME", "stores: run only these besides the reference jar (repeatable)")
        static let external: OptionKey<[String]?> = .repeatable(
            "external", "NAME=CMD", "stores: an adapter of your own (PROTOCOL.md, \"bench\")")
        static let scenarios: OptionKey<String?> = .valued(
            "scenarios", "N", "harness: the generated suite's scenarios (default 100000)")
        static let jobs: OptionKey<String?> = .valued(
            "jobs", "N",
            "harness: the workers against one (default: the number of cores); live: --drivers 1,N;\nbrowsers: drivers per engine (default 2)")
        static let drivers: OptionKey<String?> = .valued(
            "drivers", "LIST", "live: the numbers of drivers to time, comma-separated (default 1,2,4,6)")
        static let profile: OptionKey<Bool> = .flag(
            "profile", "live: one driver with every wait recorded, the share of the wall time each takes")
        static let filter: OptionKey<[String]?> = .repeatable(
            "filter", "GLOB", "live: only scenarios whose id matches (repeatable; * and ?)")
        static let timeBudget: OptionKey<String?> = .valued(
            "time-budget", "S", "live: each count timed on a sample of the pairs that fits S seconds")
        static let files: OptionKey<String?> = .valued(
            "files", "N", "harness: generated suite files written to disk (default 20)")
        static let perFile: OptionKey<String?> = .valued(
            "per-file", "N", "harness: scenarios per generated file (default 5000)")
        static let lines: OptionKey<[String]?> = .repeatable(
            "lines", "N", "set-cookie-lines: Set-Cookie lines in the response (repeatable; default 1000 and 7000)")
        static let adapter: OptionKey<[String]?> = .repeatable(
            "adapter", "NAME",
            "set-cookie-lines: an adapter beside the reference (default wk-no-sync, wk-response-capture and\nwk-response-capture:as-written)")
    }

    package static let spec = CommandSpec(
        name: "bench", overview: "[BENCHMARK] [options]",
        brief: "peers compared in one run: stores, harness, live, browsers, set-cookie-lines",
        forms: [
            CommandSpec.Form("[stores]", options: [Key.seconds, Key.store, Key.external]),
            CommandSpec.Form(
                "harness [PATH...]", options: [Key.scenarios, Key.jobs, Key.files, Key.perFile, SharedOptions.schema]),
            CommandSpec.Form(
                "live [PATH...]",
                options: [Key.drivers, Key.jobs, Key.filter, Key.timeBudget, Key.profile, SharedOptions.schema]),
            CommandSpec.Form("browsers [PATH...]", options: [Key.jobs, SharedOptions.schema]),
            CommandSpec.Form("set-cookie-lines", options: [Key.lines, Key.adapter]),
        ],
        description: """
            stores (default): every cookie implementation on the standard workload
              (Sources/CookieStores/External/bench/workload.json: 3000 Set-Cookie lines over 60 domains into an empty
              jar, then the Cookie headers of 240 URLs on the full jar), one after the other, each timed in its own
              process: the reference jar, Foundation's HTTPCookieStorage and libcurl (real requests to the loopback
              listener) here, the out-of-process adapters (python-cookiejar, tough-cookie, go-cookiejar, libsoup,
              aiohttp, and --external ones) through the protocol's bench request. Prints µs per Set-Cookie stored and
              per Cookie header with the ratio to the reference jar, whether each one's 240 headers are the reference
              jar's (a checksum), why an implementation is unavailable, and the reference jar's allocations per
              operation.
            harness: all suites in PATH (default Suites/) on the reference adapter, one worker against N workers (best
              of 5), the same on every simulated web-view adapter (best of 3), then a generated suite of --scenarios
              scenarios with JUnit and JSON reports streamed to a temporary folder, printing resident memory after each
              tenth of the results and the peak; then --files suite files of --per-file generated scenarios written to
              disk, loaded and run with JUnit and JSON twice — every suite kept whole, then indexed (outlines, files
              read again when run) — with each one's time and peak resident memory and the ratios.
            live: the hand-written suites in PATH (default Suites/, imported corpora left out) with every strategy on the
              real WebKitGTK engine with 1, 2, 4 and 6 drivers (--drivers), beside the simulated webkitgtk profile on the
              same suites; scenarios per second (skipped ones not counted), each count's drivers started and warmed up
              before timing, the memory per driver (its WebKit processes and Xvfb included) and the load average.
              --profile: one driver, every scenario, the share of the wall time each kind of request and each of the
              driver's waits takes (the quiet window of settle, the proxy and decisions waiting for the harness, store
              clearing, web process starts). --filter: only the scenarios whose id matches. --time-budget: each
              count timed on a sample that fits S seconds (the pairs in a fixed order that mixes strategies and
              suites, slice after slice until S is spent), printed with the share of the pairs it ran.
            browsers: the hand-written suites in PATH on each real engine side by side, with N drivers each (default 2):
              chromium, firefox and wk-combined@webkitgtk-live (those installed); scenarios per second (skipped ones not
              counted), each engine's drivers started and warmed up before timing.
            set-cookie-lines: one response with N Set-Cookie lines of 4 KB loaded by a web view, on the reference adapter
              and on each --adapter in the same run; seconds per run and the ratio to the reference adapter.
            Build with '-c release' for figures worth comparing.
            """,
        options: [
            Key.seconds, Key.store, Key.external, Key.scenarios, Key.jobs, Key.drivers, Key.profile, Key.filter,
            Key.timeBudget, Key.files, Key.perFile, SharedOptions.schema, Key.lines, Key.adapter,
        ],
        epilogue: """
            exit codes: 0 measured · 2 invalid input or usage · 3 infrastructure failure
                        · \(ExitStatus.signalsHelp): stopped at once, every adapter process killed
            """)

    /// What a benchmark's command line asks for, decoded once from the keys: a bad value is a usage error before
    /// anything is measured.
    struct Options {
        /// The benchmark chosen, with the options it reads.
        enum Benchmark {
            /// `minimumDuration`: nil, the benchmark's own; `only`: nil, every store.
            case stores(minimumDuration: Duration?, external: [ExternalAdapter], only: Set<String>?)
            case harness(jobs: Int, scenarios: Int, files: Int, perFile: Int)
            /// `driverCounts`: the counts timed, empty for a profile alone.
            case live(driverCounts: [Int], profile: Bool, filters: [String], budget: Duration?)
            case browsers(jobs: Int)
            case setCookieLines(lineCounts: [Int], adapters: [Adapter])
        }

        var benchmark: Benchmark
        /// `PATH...` after the benchmark's name.
        var suitePaths: [String]
        var schemaPath: String?

        /// - Throws: ``UsageError`` for an unknown benchmark, naming the option and the bad value otherwise.
        init(_ args: CommandLineArguments) throws {
            suitePaths = Array(args.positional.dropFirst())
            schemaPath = args[SharedOptions.schema]
            switch args.positional.first ?? "stores" {
            case "stores": benchmark = try Self.stores(args)
            case "harness":
                benchmark = .harness(
                    jobs: try args.integer(Key.jobs, in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount,
                    scenarios: try args.integer(Key.scenarios, in: 1...10_000_000) ?? 100_000,
                    files: try args.integer(Key.files, in: 1...10_000) ?? 20,
                    perFile: try args.integer(Key.perFile, in: 1...90_000) ?? 5_000)
            case "live": benchmark = try Self.live(args)
            case "browsers": benchmark = .browsers(jobs: try args.integer(Key.jobs, in: 1...64) ?? 2)
            case "set-cookie-lines": benchmark = try Self.setCookieLines(args)
            case let other: throw UsageError("bench: unknown benchmark '\(other)' (stores, harness, live, browsers or set-cookie-lines)")
            }
        }

        private static func stores(_ args: CommandLineArguments) throws -> Benchmark {
            let minimumDuration = try args[Key.seconds].map { text -> Duration in
                guard let seconds = Double(text), seconds > 0, seconds <= 60 else {
                    throw UsageError("option '--seconds': '\(text)' is not a number of seconds in (0, 60]")
                }
                return .milliseconds(Int(seconds * 1000))
            }
            var external: [ExternalAdapter] = []
            for spec in args[Key.external] ?? [] {
                let adapter = try RunOptions.externalAdapter(spec)
                let taken = CookieStoreComparison.builtInExternal.map(\.name) + external.map(\.name)
                guard !taken.contains(adapter.name), !["reference", "foundation", "curl"].contains(adapter.name)
                else { throw UsageError("option '--external': '\(adapter.name)' is already the name of a built-in implementation") }
                external.append(adapter)
            }
            let only = args[Key.store].map { Set($0 + (args[Key.external] ?? []).map { String($0.prefix { $0 != "=" }) }) }
            return .stores(minimumDuration: minimumDuration, external: external, only: only)
        }

        private static func live(_ args: CommandLineArguments) throws -> Benchmark {
            let counts: [Int]
            if let list = args[Key.drivers] {
                counts = try list.split(separator: ",").map { text in
                    guard let count = Int(text), (1...64).contains(count) else {
                        throw UsageError("option '--drivers': '\(text)' is not a number of drivers in 1...64")
                    }
                    return count
                }
            } else if let jobs = try args.integer(Key.jobs, in: 2...64) {
                counts = [1, jobs]
            } else {
                counts = args[Key.profile] ? [] : [1, 2, 4, 6]
            }
            let budget = try args[Key.timeBudget].map { text -> Duration in
                guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
                    throw UsageError("option '--time-budget': '\(text)' is not a number of seconds in (0, 86400]")
                }
                return .milliseconds(Int64(seconds * 1000))
            }
            return .live(driverCounts: counts, profile: args[Key.profile], filters: args[Key.filter] ?? [], budget: budget)
        }

        private static func setCookieLines(_ args: CommandLineArguments) throws -> Benchmark {
            let counts = try (args[Key.lines] ?? ["1000", "7000"]).map { text in
                guard let count = Int(text), (1...100_000).contains(count) else {
                    throw UsageError("option '--lines': '\(text)' is not a number of lines in 1...100000")
                }
                return count
            }
            let names = args[Key.adapter] ?? ["wk-no-sync", "wk-response-capture", "wk-response-capture:as-written"]
            let adapters = try names.map { name in
                guard let adapter = AdapterCatalog.builtIn.adapter(named: name) else {
                    throw UsageError("option '--adapter': no built-in adapter is called '\(name)' (see 'list adapters')")
                }
                return adapter
            }
            return .setCookieLines(lineCounts: counts, adapters: adapters)
        }
    }

    package static func run(_ args: CommandLineArguments, output: CommandOutput) throws -> ExitStatus {
        let options = try Options(args)
        switch options.benchmark {
        case let .stores(minimumDuration, external, only):
            return try stores(minimumDuration: minimumDuration, external: external, only: only, output: output)
        case let .harness(jobs, scenarios, files, perFile):
            return try harness(options, jobs: jobs, scenarios: scenarios, files: files, perFile: perFile, output: output)
        case let .live(driverCounts, profile, filters, budget):
            return try live(options, driverCounts: driverCounts, profile: profile, filters: filters, budget: budget, output: output)
        case let .browsers(jobs): return try browsers(options, jobs: jobs, output: output)
        case let .setCookieLines(lineCounts, adapters): return try setCookieLines(lineCounts, adapters: adapters, output: output)
        }
    }

    private static func stores(
        minimumDuration: Duration?, external chosen: [ExternalAdapter], only: Set<String>?, output: CommandOutput
    ) throws -> ExitStatus {
        var benchmark = CookieStoreBenchmark()
        if let minimumDuration { benchmark.minimumDuration = minimumDuration }
        let external = CookieStoreComparison.builtInExternal + chosen.map { adapter in (adapter.name, { adapter }) }
        let workload: BenchWorkload
        do {
            workload = try BenchWorkload.standard()
        } catch {
            output.err("cookie-harness: error: \(error)")
            return .invalidInput
        }
        let comparison = CookieStoreComparison(workload: workload, benchmark: benchmark, only: only, external: external)
        let results = comparison.run { output.err("bench: \($0)…") }
        ExternalAdapter.stopAllIdleProcesses()
        output.out(results.table)
        return .success
    }

    private static func harness(
        _ options: Options, jobs: Int, scenarios: Int, files: Int, perFile: Int, output: CommandOutput
    ) throws -> ExitStatus {
        guard let inputs = suiteInputs(options, output: output) else { return .invalidInput }
        let benchmark = HarnessBenchmark(suites: try inputs.allSuites(), generatedScenarios: scenarios, jobs: jobs)

        let serial = try benchmark.timeBuiltInSuites(jobs: 1)
        let parallel = try benchmark.timeBuiltInSuites(jobs: jobs)
        func ms(_ d: Duration) -> String { String(format: "%.1f ms", Double(d.components.attoseconds) / 1e15 + Double(d.components.seconds) * 1000) }
        output.out("built-in suites × reference: \(serial.scenarios) scenarios; 1 worker \(ms(serial.best)), \(jobs) workers \(ms(parallel.best)) (best of 5; speed-up \(String(format: "%.2f", seconds(serial.best) / seconds(parallel.best)))x)")
        let simulated = StrategyAdapterCatalog.simulated
        let simulatedSerial = try benchmark.timeBuiltInSuites(jobs: 1, rounds: 3, adapters: simulated)
        let simulatedParallel = try benchmark.timeBuiltInSuites(jobs: jobs, rounds: 3, adapters: simulated)
        output.out("built-in suites × \(simulated.count) simulated web-view adapters: \(simulatedSerial.scenarios) results; 1 worker \(ms(simulatedSerial.best)), \(jobs) workers \(ms(simulatedParallel.best)) (best of 3; speed-up \(String(format: "%.2f", seconds(simulatedSerial.best) / seconds(simulatedParallel.best)))x)")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cookie-harness-bench-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let figures = try benchmark.generatedRun(into: folder)
        func mib(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
        output.out("generated suite: \(figures.scenarios) scenarios (\(figures.passed) passed) in \(ms(figures.elapsed)) with \(jobs) workers, \(String(format: "%.0f", Double(figures.scenarios) / seconds(figures.elapsed))) scenarios/s; JUnit file \(mib(figures.junitBytes))")
        output.out("resident memory before the run \(mib(figures.residentBeforeRun)); after each tenth of the results: \(figures.residentSamples.map(mib).joined(separator: ", ")); peak \(mib(figures.peakResident))")

        // Suites on disk: loading is where memory went (docs/big-suites.md); every suite kept whole against indexed.
        let onDisk = try benchmark.onDiskRuns(
            into: folder, files: files, perFile: perFile, loader: SuiteLoader(schema: inputs.schema))
        for figure in onDisk {
            output.out("suite files on disk, \(figure.label): \(figure.scenarios) scenarios (\(figure.passed) passed) in \(files) files, loaded and run with JUnit and JSON in \(ms(figure.elapsed)); peak resident \(mib(figure.peakResident))")
        }
        if onDisk.count == 2, onDisk[0].peakResident > 0 {
            output.out(String(format: "indexed / kept whole: %.2fx the time, %.2fx the peak memory",
                              seconds(onDisk[1].elapsed) / seconds(onDisk[0].elapsed),
                              Double(onDisk[1].peakResident) / Double(onDisk[0].peakResident)))
        }
        return .success
    }

    private static func live(
        _ options: Options, driverCounts counts: [Int], profile: Bool, filters: [String], budget: Duration?,
        output: CommandOutput
    ) throws -> ExitStatus {
        if let missing = RunOptions.liveEngineMissing(output: output) { return missing }
        guard let inputs = suiteInputs(options, output: output) else { return .invalidInput }
        let suites = try inputs.allSuites().filter { $0.provenance == nil }
        let simulated = StrategyAdapterCatalog.simulated.filter { $0.info.profile == "webkitgtk" && $0.name != "uiwebview" }
        let live = StrategyAdapterCatalog.live
        let benchmark = LiveEngineBenchmark(suites: suites, simulated: simulated, live: live, filters: filters, budget: budget)
        if RunPlan(suites: suites, adapters: live, filters: benchmark.filters).jobCount == 0 {
            throw UsageError("bench live: no scenario matches --filter \(benchmark.filters.joined(separator: " "))")
        }
        output.out("load average before: \(loadAverage())")
        let simulatedFigure = try benchmark.simulatedRun(jobs: ProcessInfo.processInfo.activeProcessorCount)
        output.out(line("hand-written suites × \(simulated.count) strategies, simulated webkitgtk, \(ProcessInfo.processInfo.activeProcessorCount) workers", simulatedFigure))
        if profile { try self.profile(benchmark, output: output) }
        var first: (drivers: Int, figure: LiveEngineBenchmark.Figure)?
        for count in counts {
            try benchmark.warmUp(drivers: count)
            let figure = try benchmark.liveRun(drivers: count)
            let memory = WebKitGTKDrivers.shared.memoryPerDriver().suffix(count)
            let perDriver = memory.isEmpty ? "" : String(format: "; memory per driver %.0f MiB", Double(memory.reduce(0, +)) / Double(memory.count) / 1_048_576)
            // The ratio to the first count measured, named as such (`--drivers 2,4` has no one-driver run).
            let speedUp = first.map {
                String(format: " (%.2fx ", figure.perSecond / $0.figure.perSecond) + ($0.drivers == 1 ? "one driver's rate)" : "\($0.drivers) drivers' rate)")
            } ?? ""
            output.out(line("hand-written suites × \(live.count) strategies, real WebKitGTK, \(count) driver\(count == 1 ? "" : "s")", figure)
                + speedUp + perDriver + "; load average \(loadAverage())")
            if first == nil { first = (count, figure) }
        }
        return .success
    }

    /// The real engines' rows (``BrowserBenchmark``): the engines that are not installed are named and left out.
    private static func browsers(_ options: Options, jobs: Int, output: CommandOutput) throws -> ExitStatus {
        guard let inputs = suiteInputs(options, output: output) else { return .invalidInput }
        let suites = try inputs.allSuites().filter { $0.provenance == nil }
        var engines: [Adapter] = []
        for name in ["chromium", "firefox", "wk-combined@webkitgtk-live"] {
            guard let adapter = AdapterCatalog.registry.adapter(named: name) else { continue }
            if let reason = adapter.unavailableReason {
                output.err("\(name): not measured: \(reason)")
            } else {
                engines.append(adapter)
            }
        }
        for row in try BrowserBenchmark(suites: suites, engines: engines, jobs: jobs).run() {
            output.out(line("hand-written suites on \(row.adapter), \(jobs) drivers", row.figure))
        }
        return .success
    }

    private static func line(_ label: String, _ figure: LiveEngineBenchmark.Figure) -> String {
        label + ": \(figure.ran) scenarios in " + String(format: "%.2f s, %.1f scenarios/s", figure.seconds, figure.perSecond)
            + (figure.sample.map { " (a sample within the time budget: \($0.run) of \($0.of) pairs)" } ?? "")
    }

    /// One driver, every live scenario, with the harness's round trips and the driver's own waits recorded: the
    /// share of the wall time each one takes.
    private static func profile(_ benchmark: LiveEngineBenchmark, output: CommandOutput) throws {
        try benchmark.warmUp(drivers: 1)
        _ = WebKitGTKDrivers.shared.takeDriverProfiles()
        DriverProfile.startRecording()
        let figure = try benchmark.liveRun(drivers: 1)
        let calls = DriverProfile.stopRecording()
        let inside = WebKitGTKDrivers.shared.takeDriverProfiles()
        output.out(line("profile, 1 driver", figure))
        let roundTrips = calls.values.reduce(0) { $0 + $1.seconds }
        func row(_ name: String, _ total: DriverProfile.Total, of whole: Double) -> String {
            let average = total.count > 0 ? total.seconds / Double(total.count) * 1000 : 0
            return "  " + name.padding(toLength: 56, withPad: " ", startingAt: 0)
                + String(format: "%8d × %7.2f ms = %8.2f s  %5.1f%%", total.count, average, total.seconds, total.seconds / whole * 100)
        }
        let whole = max(roundTrips, figure.seconds)
        output.out("the harness's round trips to the driver, by request (of \(String(format: "%.2f", whole)) s recorded):")
        for (name, total) in calls.sorted(by: { $0.value.seconds > $1.value.seconds }) {
            output.out(row(name, total, of: whole))
        }
        output.out(row("the harness's own work between requests", DriverProfile.Total(count: 0, seconds: whole - roundTrips), of: whole))
        let handled = inside.filter { $0.key.hasPrefix("op ") }.values.reduce(0) { $0 + $1.seconds }
        output.out("inside the driver (its clock; waits overlap the requests above):")
        for (name, total) in inside.sorted(by: { $0.value.seconds > $1.value.seconds }) {
            output.out(row(name, total, of: whole))
        }
        output.out(row("the pipe and JSON both ways (round trips − ops handled)", DriverProfile.Total(count: 0, seconds: roundTrips - handled), of: whole))
    }

    /// The 1-, 5- and 15-minute load averages, from /proc/loadavg.
    private static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    private static func setCookieLines(_ counts: [Int], adapters: [Adapter], output: CommandOutput) throws -> ExitStatus {
        let figures = try ManySetCookieBenchmark(adapters: adapters).run(lines: counts)
        for figure in figures {
            output.out("\(figure.lines) Set-Cookie lines of 4 KB, \(figure.adapter): "
                + String(format: "%.3f s", figure.seconds) + " (\(figure.status)), "
                + String(format: "%.2fx", figure.ratio) + " the reference adapter")
        }
        return .success
    }

    /// The suites of `PATH...` (after the benchmark's name); nil after printing why they cannot be loaded.
    private static func suiteInputs(_ options: Options, output: CommandOutput) -> SuiteInputs? {
        do {
            return try SuiteInputs.load(options.suitePaths, schemaPath: options.schemaPath)
        } catch {
            output.err("\(error)")
            return nil
        }
    }

    private static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }
}
