import AdapterCatalog
import CookieStores
import HarnessCore
import StrategyAdapters

/// `cookie-harness list adapters|suites|scenarios [PATH...]`.
enum ListCommand {
    static let spec = CommandSpec(
        name: "list", overview: "adapters|profiles|suites|scenarios", brief: "what there is to run",
        forms: [
            CommandSpec.Form("adapters", options: ["external"]), CommandSpec.Form("profiles", options: []),
            CommandSpec.Form("suites [PATH...]", options: ["schema"]),
            CommandSpec.Form("scenarios [PATH...]", options: ["tag", "filter", "schema"]),
        ],
        description: """
            Prints the adapters with their capabilities, the simulated WebKit profiles with each parameter's value and
            evidence (confirmed, reported or assumed, and the source), the suites with their scenario counts, or the
            scenarios with their tags and the capabilities they need (one per line, for scripts). PATH defaults to
            Suites/.
            """,
        options: [
            .valued(
                "external", "NAME=CMD", repeatable: true,
                """
                an out-of-process adapter, started for its handshake and listed too (its version and the
                capabilities it declared, or why it cannot start)
                """),
            SharedOptions.tag, SharedOptions.filter, SharedOptions.schema,
        ])

    static func run(_ arguments: [String], output: CommandOutput) throws -> ExitStatus {
        let args = try spec.parse(arguments)
        if args.wantsHelp {
            output.out(spec.usage)
            return .success
        }
        guard let what = args.positional.first else { throw UsageError("list: what? adapters, profiles, suites or scenarios") }
        let paths = Array(args.positional.dropFirst())
        switch what {
        case "adapters":
            var adapters = AdapterCatalog.registry.adapters
            for spec in args.options["external"] ?? [] {
                do {
                    let external = try ExternalAdapter(spec: spec)
                    defer { external.stopIdleProcesses() }
                    adapters.append(external.adapter())
                } catch {
                    throw UsageError("option '--external': \(error)")
                }
            }
            for adapter in adapters {
                let capabilities = adapter.capabilities.sorted().map(\.rawValue).joined(separator: " ")
                output.out("\(adapter.name)\t\(adapter.summary)\n\tversion: \(adapter.info.version)\tcapabilities: \(capabilities)"
                    + (adapter.unavailableReason.map { "\n\tnot available here: \($0)" } ?? "")
                    + (adapter.isInDefaultRun ? "" : "\n\tnot in a plain run: choose it with --adapter"))
            }
            return .success
        case "profiles":
            output.out(StrategyAdapterCatalog.profileDescriptions.joined(separator: "\n\n"))
            return .success
        case "suites", "scenarios":
            let inputs: SuiteInputs
            do {
                inputs = try SuiteInputs.load(paths, schemaPath: args.value("schema"))
            } catch let error as InputError {
                output.err(error.description)
                return .invalidInput
            }
            let plan = RunPlan(index: inputs.index, adapters: [], filters: args.options["filter"] ?? [], tags: args.options["tag"] ?? [])
            for suite in try inputs.allSuites() {
                let selected = suite.scenarios.filter(plan.selects)
                if what == "suites" {
                    output.out("\(suite.id)\t\(selected.count) scenarios\t\(suite.file)\t\(suite.title)")
                } else {
                    for scenario in selected {
                        let needs = scenario.requiredCapabilities.sorted().map(\.rawValue).joined(separator: ",")
                        output.out("\(scenario.id)\t[\(scenario.tags.joined(separator: " "))]\tneeds: \(needs)\t\(scenario.title)")
                    }
                }
            }
            return .success
        default:
            throw UsageError("list: unknown kind '\(what)' (adapters, profiles, suites or scenarios)")
        }
    }
}
