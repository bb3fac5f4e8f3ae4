import AdapterCatalog
import CookieStores
import Foundation
import HarnessCore
import StrategyAdapters

/// The options `run` and `compare` share: which adapters, how many workers, the time limit.
package struct RunOptions {
    var adapters: [Adapter]
    var jobs: Int
    var timeLimit: Duration

    /// Reads `--adapter NAME` (default: every adapter of a plain run), `--external NAME=COMMAND ARGS…` (an
    /// out-of-process adapter speaking the protocol in Sources/CookieStores/OutOfProcess/PROTOCOL.md, added to the
    /// adapters chosen; its name must not be a built-in one's), an adapter chosen twice being a usage error,
    /// `--jobs N` and `--time-limit SECONDS`.
    /// `adapterNames`, when given, stands for `--adapter` (a rerun's adapters).
    /// - Throws: ``UsageError`` naming the option and the bad value.
    init(_ args: CommandLineArguments, adapterNames: [String]? = nil) throws {
        var registry = AdapterCatalog.registry
        var external: [String] = []
        for spec in args[SharedOptions.external] ?? [] {
            let description = try Self.externalAdapter(spec)
            registry.register(description.adapter())
            external.append(description.name)
        }
        for name in external where AdapterCatalog.registry.adapter(named: name) != nil {
            throw UsageError("option '--external': '\(name)' is the name of a built-in adapter; give the external one another name")
        }
        if let duplicate = Self.firstDuplicate(external) {
            throw UsageError("option '--external': the name '\(duplicate)' is given twice")
        }
        // --external adds to --adapter (or to the defaults); it never replaces them.
        let chosen = adapterNames ?? args[SharedOptions.adapter]
            ?? registry.defaults.map(\.name).filter { !external.contains($0) }
        if let duplicate = Self.firstDuplicate(chosen) {
            throw UsageError("option '--adapter': '\(duplicate)' is chosen twice")
        }
        let names = chosen + external.filter { !chosen.contains($0) }
        adapters = try names.map { name in
            let resolved: Adapter?
            do {
                resolved = try registry.resolve(name)
            } catch {
                throw UsageError("option '--adapter': \(error)")
            }
            guard let adapter = resolved else {
                if name.hasSuffix(StrategyAdapterCatalog.liveSuffix), !AdapterCatalog.hasRealEngine,
                   let reason = AdapterCatalog.realEngineUnavailable
                {
                    throw UsageError("option '--adapter': '\(name)' runs on the real engine: \(reason)")
                }
                throw UsageError(Self.unknownAdapter(name, known: registry.adapters.map(\.name)))
            }
            return adapter
        }
        jobs = try args.integer(SharedOptions.jobs, in: 1...256) ?? Self.defaultJobs(for: adapters)
        timeLimit = try Self.timeLimit(args)
    }

    /// Why `name` is no adapter, with what the user most likely meant: one `--adapter` per name for a comma-separated
    /// list of known ones, else the known names that share its start (library, strategy or profile), else where the
    /// whole list is. The full list (360 names) in one line helped nobody.
    static func unknownAdapter(_ name: String, known: [String]) -> String {
        let message = "option '--adapter': unknown adapter '\(name)'"
        let parts = name.split(separator: ",", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
        if parts.count > 1, parts.allSatisfy(known.contains) {
            return message + "; give each adapter its own option: " + parts.map { "--adapter \($0)" }.joined(separator: " ")
        }
        let stem = String(name.prefix { $0 != "@" && $0 != ":" }).lowercased()
        let near = stem.count >= 2 ? known.filter { $0.lowercased().hasPrefix(stem) } : []
        if !near.isEmpty {
            let shown = near.prefix(8).joined(separator: ", ")
            return message + " (known names that begin alike: \(shown)\(near.count > 8 ? ", and \(near.count - 8) more" : ""); "
                + "'cookie-harness list adapters' lists all \(known.count))"
        }
        return message + " ('cookie-harness list adapters' lists all \(known.count))"
    }

    /// Without `--jobs`: one worker per core, twice that when a real-engine (`@webkitgtk-live`) adapter runs. A
    /// live scenario waits on WebKit's processes more than it computes: `bench live` on two cores measured 2
    /// drivers at 1.75x one driver's rate, 4 at 2.50x, 6 at 2.78x (about 300 MiB each; docs/performance.md).
    static func defaultJobs(for adapters: [Adapter], cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> Int {
        adapters.contains { $0.name.hasSuffix(StrategyAdapterCatalog.liveSuffix) } ? 2 * cores : cores
    }

    /// A command that needs the real engine, where it is missing: the reason printed and exit 3; nil where it is here.
    package static func liveEngineMissing(output: CommandOutput) -> ExitStatus? {
        guard let reason = AdapterCatalog.realEngineUnavailable else { return nil }
        output.err("cookie-harness: error: the real engine is not available here: \(reason)")
        return .infrastructureFailure
    }

    /// An `--external NAME=COMMAND ARGS…` value (of `run`, `compare`, `list adapters` or `bench stores`).
    /// - Throws: ``UsageError`` saying what is wrong with it.
    package static func externalAdapter(_ spec: String) throws -> ExternalAdapter {
        do {
            return try ExternalAdapter(spec: spec)
        } catch {
            throw UsageError("option '--external': \(error)")
        }
    }

    private static func firstDuplicate(_ names: [String]) -> String? {
        var seen: Set<String> = []
        return names.first { !seen.insert($0).inserted }
    }

    /// `--time-limit SECONDS` (default 30 s), kept to the millisecond.
    /// - Throws: ``UsageError`` for a value that is not a number of seconds in [0.001, 86400]: below a
    ///   millisecond the limit would be zero (every scenario an error), and NaN or infinity are no limit at all.
    static func timeLimit(_ args: CommandLineArguments) throws -> Duration {
        try args[SharedOptions.timeLimit].map { text -> Duration in
            guard let seconds = Double(text), seconds.isFinite, seconds >= 0.001, seconds <= 86_400 else {
                throw UsageError("option '--time-limit': '\(text)' is not a number of seconds in [0.001, 86400] (a millisecond to a day)")
            }
            return .milliseconds(Int(seconds * 1000))
        } ?? .seconds(30)
    }
}
