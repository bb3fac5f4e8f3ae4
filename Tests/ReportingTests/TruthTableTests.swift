import HarnessCore
import Testing

@testable import Reporting

/// The truth table: counts per adapter and suite, its Markdown, and the README block that holds it.
@Suite("truth table")
struct TruthTableTests {
    static let uiwebview = AdapterInfo(name: "uiwebview", version: "1", profile: "ios")
    static let header = AdapterInfo(name: "wk-request-header", version: "1", profile: "ios")

    static func record(
        _ adapter: AdapterInfo, _ suite: String, _ id: String, _ status: Status, security: Bool = false, file: String? = nil
    ) -> JSONResultRecord {
        var result = Fixtures.result(adapter, suite, id, status, tags: security ? ["security"] : [])
        result.suiteFile = file ?? "Suites/\(suite)/\(suite).xml"
        return JSONResultRecord(result)
    }

    static let failed = Status.failed(Fixtures.failure("expected Cookie: sid=1, observed none"))

    static let records = [
        record(header, "same-site", "lax", .passed),
        record(header, "redirect", "to-http", failed, security: true),
        record(header, "redirect", "302", failed),
        record(header, "redirect", "loop", .errored(detail: "hang")),
        record(header, "redirect", "post", .skipped(reason: "needs capability real-network")),
        record(header, "first-request", "login", failed),
        record(header, "first-request", "link", .passed),
        record(header, "parser", "nul", failed),
        record(header, "jar-rules", "ip-host", failed, security: true),
        record(header, "http-state", "0001", failed, file: "Suites/conformance/http-state.xml"),
        record(uiwebview, "first-request", "login", .passed),
        record(uiwebview, "first-request", "link", .passed),
        record(uiwebview, "redirect", "post", .skipped(reason: "needs capability real-network")),
    ]

    @Test("cells count failures and errors of the scenarios that ran, columns follow Suites/README.md, jar suites are left out")
    func markdown() {
        let table = TruthTable(records: Self.records, adapters: ["uiwebview", "wk-request-header", "wk-no-sync"], profile: "ios")
        #expect(table.suites == ["first-request", "redirect", "same-site"])
        #expect(table.missingAdapters == ["wk-no-sync"])
        let lines = table.markdown().split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2)
        #expect(Array(lines) == [
            "| adapter | first-request | redirect | same-site | all | 🔒 security failures |",
            "|---|--:|--:|--:|--:|---|",
            "| `uiwebview` | 0/2 | — | — | 0/2 | none |",
            "| `wk-request-header` | 1/2 | 3/3 🔒 ! | 0/1 | 4/6 🔒 ! | `redirect.to-http` |",
        ])
    }

    @Test("the same result twice (two files of one run) counts once")
    func repeated() {
        let twice = TruthTable(records: Self.records + Self.records.reversed(), adapters: ["uiwebview", "wk-request-header"], profile: "ios")
        #expect(twice.markdown() == TruthTable(records: Self.records, adapters: ["uiwebview", "wk-request-header"], profile: "ios").markdown())
    }

    @Test("the README block is what stands between the marker lines, and is replaced in place")
    func docBlock() {
        let document = "# Title\n\n\(TruthTable.beginMarker)\nold\n\(TruthTable.endMarker)\n\nprose\n"
        #expect(TruthTable.block(in: document) == "old\n")
        #expect(
            TruthTable.replacingBlock(in: document, with: "| new |")
                == "# Title\n\n\(TruthTable.beginMarker)\n| new |\n\(TruthTable.endMarker)\n\nprose\n")
        #expect(TruthTable.block(in: "\(TruthTable.beginMarker)\n\(TruthTable.endMarker)\n") == "")
        #expect(TruthTable.block(in: "no markers") == nil)
        #expect(TruthTable.block(in: "\(TruthTable.endMarker)\nx\n\(TruthTable.beginMarker)\n") == nil, "out of order")
        #expect(TruthTable.block(in: "\(TruthTable.beginMarker)\n\(TruthTable.beginMarker)\n\(TruthTable.endMarker)\n") == nil, "twice")
        #expect(TruthTable.block(in: "see `\(TruthTable.beginMarker)` and `\(TruthTable.endMarker)`") == nil, "a mention is no marker")
    }

    @Test("a document with CRLF line ends is read the same, and a block written into it keeps CRLF")
    func crlfDocument() {
        let document = "# Title\r\n\r\n\(TruthTable.beginMarker)\r\nold\r\nlines\r\n\(TruthTable.endMarker)\r\nprose\r\n"
        #expect(TruthTable.block(in: document) == "old\nlines\n")
        #expect(
            TruthTable.replacingBlock(in: document, with: "| new |\n| row |")
                == "# Title\r\n\r\n\(TruthTable.beginMarker)\r\n| new |\r\n| row |\r\n\(TruthTable.endMarker)\r\nprose\r\n")
    }
}
