import AdapterCatalog
import CookieStores
import HarnessCore
import StrategyAdapters
import SyncStrategies

/// `cookie-harness list adapters|profiles|rules|suites|scenarios [PATH...]`.
enum ListCommand: HarnessCommand {
    /// The options only this command has, each declared once: its spec lists them, its body reads them.
    enum Key {
        static let external: OptionKey<[String]?> = .repeatable(
            "external", "NAME=CMD",
            """
            an out-of-process adapter, started for its handshake and listed too (its version and the
            capabilities it declared, or why it cannot start)
            """)
    }

    static let spec = CommandSpec(
        name: "list", overview: "WHAT", brief: "adapters, profiles, engine rules, suites or scenarios",
        forms: [
            CommandSpec.Form("adapters", options: [Key.external]), CommandSpec.Form("profiles", options: []),
            CommandSpec.Form("rules", options: []),
            CommandSpec.Form("suites [PATH...]", options: [SharedOptions.schema]),
            CommandSpec.Form(
                "scenarios [PATH...]", options: [SharedOptions.tag, SharedOptions.filter, SharedOptions.schema]),
        ],
        description: """
            Prints the adapters with their capabilities, the simulated WebKit profiles with each parameter's value and
            evidence (confirmed, reported or assumed, and the source), the simulated engine's fixed rules (DESIGN §6)
            with their evidence on Apple's WebKit and on WebKitGTK and the live cells that show them (Markdown), the
            suites with their scenario counts, or the scenarios with their tags and the capabilities they need (one per
            line, for scripts). PATH defaults to Suites/.
            """,
        options: [
            Key.external, SharedOptions.tag, SharedOptions.filter, SharedOptions.schema,
        ])

    /// What a listing's command line asks for, decoded once from the keys: a bad value is a usage error before
    /// anything is listed.
    struct Options {
        enum Kind: String {
            case adapters, profiles, rules, suites, scenarios
        }

        var kind: Kind
        /// PATH... after the kind.
        var paths: [String]
        /// `--external`'s adapters, for `list adapters` (read only there).
        var external: [ExternalAdapter]
        var schemaPath: String?
        var filters: [String]
        var tags: [String]

        /// - Throws: ``UsageError`` for no kind or an unknown one, or a bad `--external`.
        init(_ args: CommandLineArguments) throws {
            guard let what = args.positional.first else { throw UsageError("list: what? adapters, profiles, rules, suites or scenarios") }
            guard let kind = Kind(rawValue: what) else {
                throw UsageError("list: unknown kind '\(what)' (adapters, profiles, rules, suites or scenarios)")
            }
            self.kind = kind
            paths = Array(args.positional.dropFirst())
            external = kind != .adapters ? [] : try (args[Key.external] ?? []).map(RunOptions.externalAdapter)
            schemaPath = args[SharedOptions.schema]
            filters = args[SharedOptions.filter] ?? []
            tags = args[SharedOptions.tag] ?? []
        }
    }

    static func run(_ args: CommandLineArguments, output: CommandOutput) throws -> ExitStatus {
        let options = try Options(args)
        switch options.kind {
        case .adapters:
            var adapters = AdapterCatalog.registry.adapters
            for external in options.external {
                defer { external.stopIdleProcesses() }
                adapters.append(external.adapter())
            }
            for adapter in adapters where Self.libraryPort(adapter) == nil {
                let capabilities = adapter.capabilities.sorted().map(\.rawValue).joined(separator: " ")
                output.out("\(adapter.name)\t\(adapter.summary)\n\tversion: \(adapter.info.version)\tcapabilities: \(capabilities)"
                    + (adapter.unavailableReason.map { "\n\tnot available here: \($0)" } ?? "")
                    + (adapter.isInDefaultRun ? "" : "\n\tnot in a plain run: choose it with --adapter"))
            }
            for line in Self.libraryPortLines(adapters) { output.out(line) }
            return .success
        case .profiles:
            output.out(StrategyAdapterCatalog.profileDescriptions.joined(separator: "\n\n"))
            return .success
        case .rules:
            output.out(StrategyAdapterCatalog.engineRuleEvidence)
            return .success
        case .suites, .scenarios:
            let inputs: SuiteInputs
            do {
                inputs = try SuiteInputs.load(options.paths, schemaPath: options.schemaPath)
            } catch let error as InputError {
                output.err(error.description)
                return .invalidInput
            }
            let plan = RunPlan(
                index: inputs.index, adapters: [], filters: options.filters, tags: options.tags)
            for suite in try inputs.allSuites() {
                let selected = suite.scenarios.filter(plan.selects)
                if options.kind == .suites {
                    output.out("\(suite.id)\t\(selected.count) scenarios\t\(suite.file)\t\(suite.title)")
                } else {
                    for scenario in selected {
                        let needs = scenario.requiredCapabilities.sorted().map(\.rawValue).joined(separator: ",")
                        output.out("\(scenario.id)\t[\(scenario.tags.joined(separator: " "))]\tneeds: \(needs)\t\(scenario.title)")
                    }
                }
            }
            return .success
        }
    }
}

extension ListCommand {
    /// The library port an adapter runs (`NAME` or `NAME@profile` of a ``SyncStrategyKind/libraries`` kind), if any.
    static func libraryPort(_ adapter: Adapter) -> SyncStrategyKind? {
        let base = String(adapter.name.prefix { $0 != "@" && $0 != "[" })
        return SyncStrategyKind.libraries.first { $0.name == base }
    }

    /// A library's options (issue 36), once per product line (`capacitor-cookies`, `capacitor-http`) — or per group of
    /// its releases when they read different switches (KKJSBridge 1.0.9 has fewer): each with its default, what
    /// setting it does, and why an adapter cannot set it when it cannot.
    static func optionLines(_ versions: [SyncStrategyKind]) -> [String] {
        var groups: [(line: String, options: [LibraryOption], releases: [String])] = []
        for kind in versions where !kind.options.isEmpty {
            let line = String(kind.name.prefix { $0 != ":" })
            let release = kind.origin?.version ?? kind.name
            if let index = groups.firstIndex(where: { $0.line == line && $0.options == kind.options }) {
                groups[index].releases.append(release)
            } else {
                groups.append((line, kind.options, [release]))
            }
        }
        var lines: [String] = []
        for (line, options, releases) in groups {
            // Every release of the line reads them, or only these (KKJSBridge 1.0.9 reads fewer; flutter_inappwebview 1.x none).
            let readers = releases.count == versions.filter({ $0.name.hasPrefix(line + ":") }).count
                ? "every release above reads them" : "read by \(releases.joined(separator: ", "))"
            lines.append("\toptions of \(line):V (write \(line):V[OPTION=VALUE,…]@PROFILE; \(readers)):")
            for option in options {
                lines.append("\t\t\(option.name) (default \(option.defaultValue)): \(option.summary)"
                    + (option.notAParameter.map { "; not an adapter option: \($0)" } ?? ""))
            }
        }
        return lines
    }

    /// The library ports grouped by library (issue 20): the library and its repository, then per version the source
    /// commit, the files read and the adapters that run it.
    static func libraryPortLines(_ adapters: [Adapter]) -> [String] {
        var lines: [String] = []
        var libraries: [String] = []
        for kind in SyncStrategyKind.libraries where !libraries.contains(kind.origin?.library ?? "") {
            libraries.append(kind.origin?.library ?? "")
        }
        for library in libraries {
            let versions = SyncStrategyKind.versions(of: library)
            guard let first = versions.first?.origin else { continue }
            lines.append("library \(library) (\(first.repository)): \(versions.count) version(s)")
            for kind in versions {
                guard let origin = kind.origin else { continue }
                let names = adapters.filter { libraryPort($0)?.name == kind.name }.map(\.name)
                lines.append("\t\(origin.version)\tcommit \(origin.commit)\t\(origin.files.joined(separator: ", "))\n\t\t\(kind.summary)\n\t\tadapters: \(names.joined(separator: " "))")
                for setting in SyncStrategyKind.shippedOptionSettings where setting.name.hasPrefix(kind.name + "[") {
                    let names = adapters.filter { $0.name.hasPrefix(setting.name) }.map(\.name)
                    lines.append("\t\twith \(setting.name.dropFirst(kind.name.count)), built in: \(names.joined(separator: " "))")
                }
            }
            lines += optionLines(versions)
        }
        return lines
    }
}
