import Foundation
import FileAccess
import HarnessCore
import Reporting
import SuiteFormat
import XMLSupport

/// `cookie-harness update-expectations`: the input is a results file, applied to a fresh scratch copy of a small
/// expectations folder (comments, `extends=`, a pattern entry, an `observed=` holding `---`, a layout the editor
/// refuses). The target traps when a file is left in the folder that the loader refuses, when a temporary file is
/// left, when anything appears beside the folder, when a failed update changed a byte, or when an adapter's file
/// name could leave the folder.
///
/// Each input is applied twice: with the names the harness knows (what the command does), and trusting every
/// adapter and scenario name in the input, so the file-name mapping and the check of each new file meet hostile
/// names as well.
enum UpdateExpectationsTarget {
    static let files: [String: String] = [
        "reference.xml": """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- reference: a comment that stays -->
            <expectations xmlns="urn:cookieharness:suite:1" adapter="reference">
              <expect scenario="http-state.*" status="fail">deviations, by pattern</expect>
              <expect scenario="redirect.changed" status="fail" observed="a---b">a reviewed cause</expect>
            </expectations>

            """,
        "wk-demo.xml": """
            <?xml version="1.0" encoding="UTF-8"?>
            <expectations xmlns="urn:cookieharness:suite:1" adapter="wk-demo" extends="reference">
              <!-- a cause reviewed by a person -->
              <expect scenario="cross-domain.leak" status="fail" observed="x">the header rides every hop</expect>
              <expect scenario="first-request.fixed" status="error">crashes</expect>
            </expectations>

            """,
        "curl.xml": """
            <?xml version="1.0" encoding="UTF-8"?>
            <expectations xmlns="urn:cookieharness:suite:1" adapter="curl">
              <expect scenario='redirect.changed' status='fail' observed='old'>single quotes</expect>
            </expectations>

            """,
    ]
    static let scenarioIDs: Set<String> = [
        "cross-domain.leak", "first-request.fixed", "first-request.new", "redirect.changed", "http-state.0001",
        "same-site.inherited",
    ]
    static let adapters: Set<String> = ["reference", "wk-demo", "curl", "wk-new:variant@ios-11"]

    /// `Scratch/update-expectations/deep/down/expectations`: an escape upwards lands in a watched folder.
    static let root = Scratch.folder + "/update-expectations"
    static let folder = root + "/deep/down/expectations"

    static func run(_ input: [UInt8]) {
        let results = Scratch.write(input, to: "update-expectations-results.json")
        guard let records = try? JSONResultsFile.read(results) else { return }
        let updates = records.map {
            ExpectationUpdater.Result(
                adapter: $0.adapter, scenario: $0.scenario, status: $0.status, expectedStatus: $0.expectedStatus,
                unexpected: $0.unexpected, message: $0.message)
        }
        apply(updates, scenarioIDs: scenarioIDs, adapters: adapters)
        let (trustedScenarios, trustedAdapters) = (scenarioIDs.union(updates.map(\.scenario)), adapters.union(updates.map(\.adapter)))
        if (trustedScenarios, trustedAdapters) != (scenarioIDs, adapters) {
            apply(updates, scenarioIDs: trustedScenarios, adapters: trustedAdapters)
        }
        for adapter in Set(updates.map(\.adapter)) {
            if let name = ExpectationUpdater.fileName(forAdapter: adapter) {
                guard !name.contains("/"), !name.hasPrefix("."), ExpectationUpdater.path(of: name, inside: folder) != nil else {
                    fatalError("the file name \(name.debugDescription) of adapter \(adapter.debugDescription) leaves the folder")
                }
            }
        }
    }

    private static func apply(_ updates: [ExpectationUpdater.Result], scenarioIDs: Set<String>, adapters: Set<String>) {
        try? FileManager.default.removeItem(atPath: root)
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, text) in files { _ = Scratch.write(Data(text.utf8), to: "update-expectations/deep/down/expectations/\(name)") }
        let before = contents(of: folder)
        let updater = ExpectationUpdater(
            directory: folder, schema: SuiteLoaderTarget.schema, scenarioIDs: scenarioIDs, adapters: adapters)
        let failed = (try? updater.apply(updates)) == nil

        let after = contents(of: folder)
        let beside = everything(under: root).filter { !$0.hasPrefix("deep/down/expectations/") }
        guard beside == ["deep", "deep/down", "deep/down/expectations"] else {
            fatalError("update-expectations wrote beside its folder: \(beside)")
        }
        if failed, after != before { fatalError("a failed update changed the folder: \(after.keys.sorted())") }
        for (name, data) in after {
            guard !name.hasPrefix(".") else { fatalError("a temporary file was left: \(name)") }
            guard data != before[name] else { continue }
            do {
                let file = try ExpectationFile(contentsOf: folder + "/" + name, schema: SuiteLoaderTarget.schema)
                guard adapters.contains(file.adapter) else { fatalError("\(name) is for an adapter nobody named: \(file.adapter)") }
            } catch {
                fatalError("update-expectations wrote \(name), which the loader refuses: \(error)\n\(String(decoding: data, as: UTF8.self))")
            }
        }
    }

    private static func contents(of folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            // Not FileManager's contents(atPath:): it leaks a read buffer under LeakSanitizer (Fuzz/README.md).
            files[name] = (try? InputFile.read(folder + "/" + name, maximumSize: 1 << 24)) ?? Data()
        }
        return files
    }

    private static func everything(under folder: String) -> [String] {
        ((FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? []).sorted()
    }
}
