import CookieModel
import Foundation
import HarnessCore
import TestSupport
import Testing

@testable import CookieStores

/// The libsoup model against libsoup itself, cell by cell: every scenario of every built-in suite (the http-state
/// corpus and the parser suite included) runs on `libsoup` (the real library, out of process) and on
/// `libsoup-model`; a cell is one scenario, and it is equal when both give the same status, the same failed checks
/// with the same messages (expected and observed), and the same transcript (every header sent, every cookie
/// stored, line by line). Differences are allowed only where `LibsoupModelDifferences.txt` lists them, with a
/// reason each.
@Suite("libsoup-model against libsoup, cell by cell")
struct LibsoupModelAgreementTests {
    static let differencesPath = "\(RepositoryFiles.root)/Tests/CookieStoresTests/LibsoupModelDifferences.txt"

    /// Why the real library cannot run here, or nil when it can (CI installs python3-gi and gir1.2-soup-3.0).
    static let libsoupMissing: String? = {
        let probe: ExternalTool.Result
        do {
            probe = try ExternalTool.run("/usr/bin/python3",
                                         ["-c", "import gi; gi.require_version('Soup', '3.0'); from gi.repository import Soup"])
        } catch {
            return "/usr/bin/python3 cannot run: \(error)"
        }
        return probe.status == 0 ? nil : "python3-gi or gir1.2-soup-3.0 is missing (.ci/install-deps installs them)"
    }()

    /// The listed differences: `scenario-id<TAB>reason` per line, `#` comments.
    static func listedDifferences() throws -> [String: String] {
        let text = try String(contentsOfFile: differencesPath, encoding: .utf8)
        var listed: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let parts = line.split(separator: "\t", maxSplits: 1)
            listed[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return listed
    }

    struct Cell {
        var scenario: String
        var a: (status: Status, transcript: [String])
        var b: (status: Status, transcript: [String])

        var isRun: Bool {
            if case .skipped = a.status, case .skipped = b.status { return false }
            return true
        }

        var isEqual: Bool { Self.key(a.status) == Self.key(b.status) && a.transcript == b.transcript }

        static func key(_ status: Status) -> [String] {
            switch status {
            case .passed: ["pass"]
            case .failed(let failure): ["fail"] + failure.all.map { "\($0.location) \($0.message)" }
            case .skipped: ["skip"]
            case .errored(let detail): ["error", detail]
            }
        }
    }

    /// Every scenario of the built-in suites on `first` and `second`, two at a time.
    static func cells(_ first: Adapter, _ second: Adapter) throws -> [Cell] {
        let loaded = try BuiltInSuites.loaded.get()
        let work = loaded.suites.flatMap { suite in suite.scenarios.map { (suite, $0) } }
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var cells: [Int: Cell] = [:]
        }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for index in stride(from: worker, to: work.count, by: 2) {
                let (suite, scenario) = work[index]
                let a = ScenarioExecutor().run(scenario, of: suite, on: first)
                let b = ScenarioExecutor().run(scenario, of: suite, on: second)
                results.lock.withLock { results.cells[index] = Cell(scenario: scenario.id, a: a, b: b) }
            }
        }
        return work.indices.map { results.cells[$0]! }
    }

    @Test(
        "libsoup-model gives libsoup's result and transcript on every scenario a store can run",
        .enabled(if: libsoupMissing == nil, "\(libsoupMissing ?? "")")
    )
    func everyCell() throws {
        let libsoup = try ExternalAdapters.libsoupSpec.description(
            currentDirectory: RepositoryFiles.root, executablePath: nil).adapter()
        let cells = try Self.cells(libsoup, StoreAdapters.libsoupModel).filter(\.isRun)
        let listed = try Self.listedDifferences()
        let differing = cells.filter { !$0.isEqual }
        print("libsoup-model vs libsoup: \(cells.count - differing.count) of \(cells.count) cells equal")
        for cell in differing where listed[cell.scenario] == nil {
            let first = zip(cell.a.transcript, cell.b.transcript).first { $0 != $1 }
            Issue.record("""
                \(cell.scenario): libsoup \(Cell.key(cell.a.status)), libsoup-model \(Cell.key(cell.b.status))
                first transcript difference: \(first.map { "libsoup '\($0.0)' / model '\($0.1)'" } ?? "lengths \(cell.a.transcript.count) / \(cell.b.transcript.count)")
                """)
        }
        let stale = Set(listed.keys).subtracting(differing.map(\.scenario))
        #expect(stale.isEmpty, "listed differences that are now equal (remove them): \(stale.sorted())")
    }

    @Test("for contrast: the reference jar against libsoup on the same cells", .enabled(if: libsoupMissing == nil, "\(libsoupMissing ?? "")"))
    func referenceContrast() throws {
        let libsoup = try ExternalAdapters.libsoupSpec.description(
            currentDirectory: RepositoryFiles.root, executablePath: nil).adapter()
        // The cells libsoup runs (the reference jar can run more: it has http-only).
        let cells = try Self.cells(libsoup, .reference).filter { cell in
            if case .skipped = cell.a.status { return false }
            return true
        }
        let equal = cells.filter(\.isEqual).count
        print("reference vs libsoup: \(equal) of \(cells.count) cells equal")
        #expect(equal < cells.count)
    }
}
