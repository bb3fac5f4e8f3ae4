import AdapterCatalog
import Conformance
import Foundation
import HarnessCore
import Reporting

/// `conformance wpt-cookies [PATH]`: the generated wpt-cookies suite on each simulated profile (the web view with no
/// sync), every cell compared with what WebKit's bots record for the profile's port (``WPTCookieComparison``).
enum WPTCookiesConformance {
    /// Runs the suite of the corpus at `corpusPath` on every simulated profile of ``WPTCookieImporter/profiles``, and
    /// on the real WebKitGTK engine too when `live`.
    /// - Throws: ``InputError`` for a suite, expectation or known-differences file that cannot be read.
    static func compare(corpusPath: String, schemaPath: String?, live: Bool = false) throws -> WPTCookieComparison {
        let inputs = try SuiteInputs.load([corpusPath], schemaPath: schemaPath)
        let known: WPTCookieComparison.KnownDifferences
        do {
            known = try .read(corpusPath: corpusPath)
        } catch {
            throw InputError("\(error)")
        }
        let registry = AdapterCatalog.registry
        var adapters: [Adapter] = []
        var profileOf: [String: String] = [:]
        var ports: [String: WPTCookieCorpus.Port] = [:]
        for (name, profile, port, isLive) in WPTCookieImporter.profiles where live || !isLive {
            guard let adapter = registry.adapter(named: name) else { throw InputError("conformance: no adapter \(name)") }
            adapters.append(adapter)
            profileOf[name] = profile
            ports[profile] = port
        }
        let plan = RunPlan(index: inputs.index, adapters: adapters, jobs: 2, expectation: inputs.expectedStatus)
        let collector = CollectingReporter()
        // A session of its own, so the drivers a live run leased are released and their notes said at its end; a
        // signal still stops the comparison at once (half a table would read as differences).
        _ = try RunSession.run(plan, reporter: collector)
        let cells = collector.results.map { result in
            let observed: String = switch result.status {
            case .passed: "passed"
            case .failed(let failure): failure.message
            case .skipped(let reason): "skipped: \(reason)"
            case .errored(let detail): "error: \(detail)"
            }
            let skipped = if case .skipped = result.status { true } else { false }
            return WPTCookieComparison.Cell(
                profile: profileOf[result.adapter.name] ?? result.adapter.name, scenario: result.scenarioID,
                matchesRecord: !result.isUnexpected && !skipped, observed: observed)
        }
        return WPTCookieComparison(cells: cells, ports: ports, known: known)
    }

    static func run(_ options: ConformanceCommand.Options, output: CommandOutput) throws -> ExitStatus {
        let path = options.corpus.path ?? PackageFiles.folder(WPTCookieImporter.corpusPath)
        let comparison: WPTCookieComparison
        do {
            comparison = try compare(corpusPath: path, schemaPath: options.schemaPath, live: options.live)
        } catch let error as InputError {
            output.err(error.description)
            return .invalidInput
        }
        output.out(comparison.table)
        for cell in comparison.unexplained {
            output.out("DIFFERS \(cell.profile) \(cell.scenario): \(cell.observed) (not in \(WPTCookieComparison.KnownDifferences.fileName))")
        }
        for (profile, scenario) in comparison.stale {
            output.out("MATCHES \(profile) \(scenario): listed in \(WPTCookieComparison.KnownDifferences.fileName) but matches the record now; remove it")
        }
        let unexplained = comparison.unexplained.count
        output.out("wpt-cookies: \(unexplained) unexplained difference\(unexplained == 1 ? "" : "s"), \(comparison.stale.count) stale known difference\(comparison.stale.count == 1 ? "" : "s")")
        return comparison.isAsExpected ? .success : .unexpectedResults
    }
}
