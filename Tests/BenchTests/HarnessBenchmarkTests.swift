@testable import Bench
import Foundation
import HarnessCore
import SuiteFormat
import TestSupport
import Testing

/// `bench harness`'s suites on disk: the generated files pass the schema, and both ways of loading them run
/// every scenario.
@Suite("bench harness: suite files on disk")
struct HarnessBenchmarkTests {
    static let schemaPath = RepositoryFiles.suiteSchema

    @Test("kept whole and indexed both run every generated scenario, each with its own peak memory")
    func onDisk() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("harness-bench-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let loader = SuiteLoader(schema: try SuiteSchema.load(from: Self.schemaPath))
        let figures = try HarnessBenchmark(suites: [], jobs: 2).onDiskRuns(into: folder, files: 3, perFile: 40, loader: loader)
        #expect(figures.map(\.label) == ["kept whole", "indexed"])
        for figure in figures {
            #expect(figure.scenarios == 120)
            #expect(figure.passed == 120, "the generated scenarios are written to pass on the reference jar")
            #expect(figure.peakResident > 0)
        }
        let junit = try String(contentsOfFile: folder + "/junit.xml", encoding: .utf8)
        #expect(junit.contains("gen2.s39"))
    }

    @Test("a /proc/self/status size is read whether the tab or spaces come before it (a process past 10 GB)", arguments: [
        ("VmHWM:\t  123456 kB", 123_456 * 1024), ("VmHWM:\t12345678 kB", 12_345_678 * 1024), ("VmRSS:\t       8 kB", 8 * 1024),
    ])
    func statusLine(line: String, bytes: Int) {
        #expect(MemorySampler.bytes(inStatusLine: Substring(line)) == bytes)
    }
}
