import Foundation
import Reporting

/// The report files the harness reads back from users: a JSON results file (`compare --from-json`, `diff`,
/// `merge`), a JUnit file (`merge`) and the known-disagreements list (`agreement --known`).
///
/// The input is split at the first two `\0` octets into `results.json`, `junit.xml` and `known.txt`; each part is
/// read by its command's reader, and what reads is used as the command would use it (a diff of the results with
/// themselves, rendered; the JUnit cases merged and written back).
enum ResultsFilesTarget {
    static func run(_ input: [UInt8]) {
        let parts = input.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
        func part(_ index: Int) -> ArraySlice<UInt8> { index < parts.count ? parts[index] : [] }
        let results = Scratch.write(part(0), to: "results.json")
        let junit = Scratch.write(part(1), to: "junit.xml")
        let known = Scratch.write(part(2), to: "known.txt")
        if let records = try? JSONResultsFile.read(results) {
            let diff = ResultsDiff(baseline: records, current: records)
            _ = diff.text
            _ = diff.markdown()
            _ = try? diff.json()
        }
        if let (_, cases) = try? JUnitMerge.read(junit) {
            try? JUnitMerge.write(cases, rootName: "merged", to: Scratch.folder + "/merged.xml")
        }
        _ = try? KnownDisagreements(contentsOf: known)
    }
}
