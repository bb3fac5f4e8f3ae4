import Foundation
import FuzzTargets
import TestSupport
import Testing

/// Every checked-in fuzz input, replayed on each `swift test`: the seeds (`Fuzz/Corpus/TARGET`) and every input
/// that once crashed a target (`Fuzz/Regressions/TARGET`, named after what it found). A crash here is a crash of
/// the test process, so each regression also has a named test next to the code it broke.
@Suite("fuzz targets: seeds and past crashes replayed")
struct FuzzTargetsTests {
    static let root = RepositoryFiles.path("Fuzz")

    static func inputs(_ folder: String, _ target: FuzzTarget) -> [String] {
        let path = "\(root)/\(folder)/\(target.name)"
        return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { path + "/" + $0 }
    }

    @Test("each target has seeds, and replays them and its past crashes", arguments: FuzzTarget.all)
    func replay(target: FuzzTarget) throws {
        let seeds = Self.inputs("Corpus", target)
        #expect(!seeds.isEmpty, "Fuzz/Corpus/\(target.name) has no seeds")
        for file in seeds + Self.inputs("Regressions", target) {
            target.run(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        }
    }

    @Test("target names round-trip; an unknown name is nil")
    func names() {
        #expect(FuzzTarget.all.map(\.name) == ["set-cookie", "cookie-date", "suite-loader", "adapter-protocol", "http-state-corpus", "results-files", "update-expectations"])
        #expect(FuzzTarget.all.allSatisfy { FuzzTarget(named: $0.name) == $0 })
        #expect(FuzzTarget(named: "nope") == nil)
    }
}
