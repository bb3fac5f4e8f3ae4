import Bench
import ChildProcesses
import CookieModel
import Foundation
import TestSupport
import Testing

@testable import CookieStores

/// The `bench` request: each built-in adapter computes the reference jar's headers in its own process, and what an
/// adapter replies is checked.
@Suite("the bench request", .serialized, .timeLimit(.minutes(3)))
struct AdapterBenchTests {
    static let root = BenchWorkloadTests.packageRoot

    /// How each built-in adapter's 240 headers compare with the reference jar's, and why.
    static let expectedAgreement: [(name: String, agreement: CookieStoreComparison.Agreement)] = [
        // http.cookiejar sorts by path length only: within a length the cookies come one domain at a time (the
        // Domain=site…com ones first, as observed), not in creation order: the same cookies, another order, in 180
        // headers (the 60 others hold one path length's cookies of one domain).
        (ExternalAdapters.pythonCookiejarSpec.name, .differs(reordered: 180, other: 0)),
        // tough-cookie's cookieCompare and Go's Jar.cookies sort as RFC 6265bis does (path length, then creation).
        (ExternalAdapters.toughCookieSpec.name, .same),
        (ExternalAdapters.goCookiejarSpec.name, .same),
        // libsoup also sorts by path length only, one domain at a time within a length (host-only cookies first).
        (ExternalAdapters.libsoupSpec.name, .differs(reordered: 180, other: 0)),
        // aiohttp's header is a SimpleCookie's output: sorted by name.
        (ExternalAdapters.aiohttpSpec.name, .differs(reordered: 240, other: 0)),
    ]

    static func description(_ name: String) throws -> ExternalAdapter {
        guard let spec = ExternalAdapters.builtIns.first(where: { $0.name == name }) else { fatalError("not a built-in adapter: \(name)") }
        return try spec.description(currentDirectory: root)
    }

    static func runtimePresent(_ name: String) -> Bool {
        do {
            _ = try description(name)
            return true
        } catch is ExternalAdapters.RuntimeMissing {
            return false
        } catch {
            return true
        }
    }

    @Test("each built-in adapter's headers are the reference jar's (or the same cookies in its documented order)",
          arguments: expectedAgreement.map(\.name))
    func adapterAgreesWithReference(name: String) throws {
        try #require(Self.runtimePresent(name), "the runtime of \(name) is missing (.ci/install-deps installs it)")
        let adapter = try Self.description(name)
        let describe: @Sendable () throws -> ExternalAdapter = { adapter }
        let comparison = CookieStoreComparison(
            workload: try BenchWorkloadTests.workload(), benchmark: CookieStoreBenchmark(minimumDuration: .milliseconds(10)),
            only: [name], external: [(name, describe)])
        let results = comparison.run()
        adapter.stopIdleProcesses()
        let row = try #require(results.rows.first { $0.name == name })
        #expect(row.unavailable == nil)
        #expect(row.storedCookies == 3000)
        let expected = Self.expectedAgreement.first { $0.name == name }!.agreement
        #expect(row.agreement == expected, "\(name): \(row.firstDifference.map { "\($0)" } ?? "")")
    }

    @Test("an adapter that does not list the bench capability is not asked, and says so")
    func oldAdapter() throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("old-adapter-\(UUID().uuidString).py").path
        try Data(StandInAdapter.script(name: "old", version: "1", otherwise: .skipped("unknown op")).utf8)
            .write(to: URL(fileURLWithPath: script))
        defer { try? FileManager.default.removeItem(atPath: script) }
        let adapter = ExternalAdapter(name: "old", command: ["python3", script])
        defer { adapter.stopIdleProcesses() }
        let outcome = adapter.bench(workloadPath: "/nonexistent", seconds: 0.01)
        guard case .failure(let unavailable) = outcome else {
            Issue.record("an adapter without the bench capability was benchmarked")
            return
        }
        #expect(unavailable.reason.contains("does not offer the bench request"))
    }

    @Test("a bench reply is read: figures, checksum, stored, headers")
    func decoding() throws {
        let result = LineProtocol.Result(fields: [
            "set-cookie": .object(["operations": .integer(6000), "seconds": .number(0.5), "best": .number(0.2)]),
            "cookie-header": .object(["operations": .integer(480), "seconds": .integer(1)]),
            "checksum": .string("f9642900a120deff"), "stored": .integer(3000), "headers": .array([.string("a=1"), .null]),
        ])
        let report = try ExternalAdapter.benchReport(result, version: "v")
        #expect(report.setCookie == .init(operations: 6000, seconds: 0.5, best: 0.2))
        #expect(report.cookieHeader.best == nil)
        #expect(report.cookieHeader.microsecondsPerOperation == 1e6 / 480)
        #expect(report.stored == 3000)
        #expect(report.headers == ["a=1", nil])
        #expect(report.checksum == "f9642900a120deff")
    }

    @Test("an invalid bench reply names the field", arguments: [
        (["set-cookie": .string("fast")], "field 'result.set-cookie' must be an object"),
        (["cookie-header": .object(["operations": .integer(0), "seconds": .number(1)])], "'result.cookie-header.operations' must be a positive integer"),
        (["checksum": .string("F9642900A120DEFF")], "16 lower-case hex digits"),
        (["set-cookie": .object(["operations": .integer(3000), "seconds": .number(0.5), "best": .number(0.6)])], "'result.set-cookie.best' must be a positive number no larger than 'seconds'"),
        (["headers": .array([.integer(1)])], "'result.headers[0]' must be a string or null"),
    ] as [([String: JSONValue], String)])
    func invalid(change: [String: JSONValue], message: String) throws {
        var fields: [String: JSONValue] = [
            "set-cookie": .object(["operations": .integer(6000), "seconds": .number(0.5)]),
            "cookie-header": .object(["operations": .integer(480), "seconds": .number(0.5)]),
            "checksum": .string("f9642900a120deff"),
        ]
        fields.merge(change) { $1 }
        #expect { try ExternalAdapter.benchReport(LineProtocol.Result(fields: fields), version: "v") } throws: { error in
            "\(error)".contains(message)
        }
    }
}
