import HarnessCore
import XMLSupport

/// The expectation files of a run, by adapter, with `extends` resolved.
public struct ExpectationSet: Sendable {
    public private(set) var files: [String: ExpectationFile]

    /// - Throws: ``ExpectationSetError`` for two files of one adapter, an `extends` naming an adapter without a
    ///   file, or a cycle of `extends`.
    public init(_ files: [ExpectationFile]) throws {
        var byAdapter: [String: ExpectationFile] = [:]
        for file in files {
            if let earlier = byAdapter[file.adapter] {
                throw ExpectationSetError(description:
                    "\(file.file): error: a second expectation file for adapter '\(file.adapter)' (first: \(earlier.file))")
            }
            byAdapter[file.adapter] = file
        }
        self.files = byAdapter
        for file in files {
            var seen: [String] = [file.adapter]
            var queue = file.extends
            while let parent = queue.first {
                queue.removeFirst()
                guard let parentFile = byAdapter[parent] else {
                    throw ExpectationSetError(description:
                        "\(file.file): error: extends=\"\(parent)\", but no expectation file is for adapter '\(parent)'")
                }
                guard !seen.contains(parent) else {
                    throw ExpectationSetError(description:
                        "\(file.file): error: extends makes a cycle: \((seen + [parent]).joined(separator: " → "))")
                }
                seen.append(parent)
                queue.append(contentsOf: parentFile.extends)
            }
        }
    }

    /// The entry that decides `scenario` on `adapter`: its own file first, then the files it extends, in order.
    public func entry(adapter: String, scenario: String) -> ExpectationFile.Entry? {
        guard let file = files[adapter] else { return nil }
        if let own = file.entry(forScenario: scenario) { return own }
        for parent in file.extends {
            if let inherited = entry(adapter: parent, scenario: scenario) { return inherited }
        }
        return nil
    }

    public func expectedStatus(adapter: String, scenario: String) -> ExpectedStatus {
        entry(adapter: adapter, scenario: scenario)?.expectedStatus ?? .pass
    }
}

public struct ExpectationSetError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

extension ExpectationSet {
    /// How many stale-entry warnings are printed in all, past the per-file cap (the loader's 50).
    public static let maximumUnmatchedWarnings = 200

    /// Every file's ``ExpectationFile/unmatchedEntryWarnings(scenarioIDs:)``, ready to print, capped as the loader
    /// caps diagnostics: the first ``SuiteLoader/maximumDiagnosticsPerFile`` of a file, then `and N more …` for
    /// that file; at most ``maximumUnmatchedWarnings`` lines in all, then one line counting the rest. A run of one
    /// suite file against a folder of expectation files, or 10,000 stale files, must not flood the console.
    public func unmatchedEntryWarnings(scenarioIDs: some Sequence<String>) -> [String] {
        var lines: [String] = []
        var restEntries = 0
        var restFiles = 0
        for file in files.values.sorted(by: { $0.file < $1.file }) {
            let warnings = file.unmatchedEntryWarnings(scenarioIDs: scenarioIDs)
            guard !warnings.isEmpty else { continue }
            let room = Self.maximumUnmatchedWarnings - lines.count
            guard room > 1 else {
                restEntries += warnings.count
                restFiles += 1
                continue
            }
            let shown = min(warnings.count, SuiteLoader.maximumDiagnosticsPerFile, room - 1)
            lines += warnings.prefix(shown).map(\.description)
            if shown < warnings.count {
                let last = warnings[shown - 1]
                lines.append(XMLDiagnostic(
                    file: last.file, line: last.line, column: last.column, severity: .warning,
                    message: "and \(warnings.count - shown) more entries in this file match no loaded scenario "
                        + "(only the first \(shown) are shown)").description)
            }
        }
        if restFiles > 0 {
            lines.append("cookie-harness: warning: and \(restEntries) more expectation \(restEntries == 1 ? "entry" : "entries") "
                + "in \(restFiles) more \(restFiles == 1 ? "file" : "files") match no loaded scenario "
                + "(only the first \(Self.maximumUnmatchedWarnings) warnings are shown)")
        }
        return lines
    }
}
