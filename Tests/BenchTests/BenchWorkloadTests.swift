import Bench
import CookieModel
import Foundation
import TestSupport
import Testing

/// The standard workload and its checksum: what every adapter's `bench` reply is checked against.
@Suite("bench workload")
struct BenchWorkloadTests {
    static let packageRoot = RepositoryFiles.root

    static func workload() throws -> BenchWorkload {
        try BenchWorkload.standard(currentDirectory: packageRoot, executablePath: nil)
    }

    @Test("the file has the documented shape: 3000 lines over 60 domains, 240 URLs, a frozen clock")
    func shape() throws {
        let workload = try Self.workload()
        #expect(workload.responses.count == 3000)
        #expect(Set(workload.responses.map(\.url)).count == 60)
        #expect(workload.requestURLs.count == 240)
        #expect(workload.now == Date(timeIntervalSince1970: 1_800_000_000))
        #expect(workload.context == .sameSiteNavigation)
    }

    @Test("the checksum is FNV-1a (64 bits) over each header and a newline", arguments: [
        ([] as [String?], "cbf29ce484222325"),
        (["a"], "089bdc07b544e7b2"),
        (["a", nil], "e5be99190415bda8"),
    ])
    func checksum(headers: [String?], expected: String) {
        #expect(BenchWorkload.checksum(headers) == expected)
    }

    @Test("the reference jar's checksum is the one PROTOCOL.md documents, and it stores all 3000 cookies")
    func referenceChecksum() throws {
        var reference = ReferenceJarBenchmark()
        reference.prepare(try Self.workload())
        #expect(BenchWorkload.checksum(reference.headers()) == "f9642900a120deff")
        #expect(reference.storedCount == 3000)
    }

    @Test("a workload file without its fields is refused, naming the file and the field")
    func invalidFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString).json").path
        try Data(#"{"format": 1, "now": 1}"#.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect { try BenchWorkload(path: path) } throws: { error in
            "\(error)".hasPrefix("\(path): error: 'context'")
        }
    }
}
