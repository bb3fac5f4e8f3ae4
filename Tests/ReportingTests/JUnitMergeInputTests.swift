import Foundation
import Reporting
import Testing

/// `merge` reads the reports `run --junit` writes, whatever their size: an unsharded main job's is 40 MB.
@Suite("JUnit reports read by merge")
struct JUnitMergeInputTests {
    @Test("a report past the 32 MiB of a suite file is read whole, every test case kept")
    func largeReport() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("large-junit-\(UUID().uuidString).xml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let cases = 2_000
        let output = String(repeating: "• a transcript line of the scenario, as the run writes them ", count: 300)
        var text = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<testsuites>\n"
            + #"<testsuite name="reference.big" tests="\#(cases)"><properties><property name="adapter" value="reference"/><property name="suite" value="big"/></properties>"#
            + "\n"
        text.reserveCapacity(cases * 18_500)
        for index in 0..<cases {
            text += #"<testcase name="big.s\#(index)" classname="reference.big" time="0.001"><system-out>\#(output)</system-out></testcase>"# + "\n"
        }
        text += "</testsuite>\n</testsuites>\n"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size > 32 * 1024 * 1024)
        let (_, read) = try JUnitMerge.read(path)
        #expect(read.count == cases)
        #expect(read.last?.key.scenario == "big.s\(cases - 1)" && read.last?.key.adapter == "reference")
    }
}
