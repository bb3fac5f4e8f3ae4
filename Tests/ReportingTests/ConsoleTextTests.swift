import HarnessCore
@testable import Reporting
import Testing

/// Strings from suites, adapters and servers on the console: escaped, shortened with their length, never cut at a
/// line feed.
@Suite("ConsoleText")
struct ConsoleTextTests {
    @Test("ESC, NUL, BEL, a carriage return and a line feed inside a value are shown escaped", arguments: [
        ("\u{1B}[31mred", "\\u{001B}[31mred"),
        ("a\u{0}b", "a\\u{0000}b"),
        ("ding\u{7}", "ding\\u{0007}"),
        ("x=1\r\ny", "x=1\\u{000D}\\u{000A}y"),
        ("tab\there", "tab\\u{0009}here"),
        ("plain é ✔", "plain é ✔"),
        ("abc\u{202E}fed", "abc\\u{202E}fed"),
    ])
    func escapes(input: String, shown: String) {
        #expect(ConsoleText.visible(input) == shown)
    }

    @Test("a 1 MB value is shortened to the limit and states its length")
    func hugeValue() {
        let value = String(repeating: "v", count: 1 << 20)
        let shown = ConsoleText.visible(value)
        #expect(shown.count == ConsoleText.valueLimit)
        #expect(shown.hasSuffix("… (shortened: 1048576 characters in all, sha256 \(SHA256.hex(value)))"))
        #expect(ConsoleText.visible(String(repeating: "v", count: ConsoleText.valueLimit)) == String(repeating: "v", count: ConsoleText.valueLimit))
    }

    @Test("console lines the harness writes keep their line feeds and tabs, and lose every other control character")
    func lines() {
        #expect(ConsoleText.lines("a\tb\nc\u{1B}]0;title\u{7}") == "a\tb\nc\\u{001B}]0;title\\u{0007}")
    }

    @Test("a failure whose observed value holds a line feed is not cut so that it reads like a match")
    func lineFeedInObservedValue() throws {
        let message = "Cookie header of GET https://a.example/: expected 'x=1', observed 'x=1\ny'"
        let result = Fixtures.result(Fixtures.reference, "basic", "newline", .failed(Fixtures.failure(message)))
        let capture = Capture()
        let reporter = ConsoleReporter(isTerminal: false, environment: [:]) { capture.text += $0 }
        try Fixtures.feed([result], to: reporter)
        let first = capture.text.split(separator: "\n").first.map(String.init)
        #expect(first == "FAIL reference basic.newline: Cookie header of GET https://a.example/: expected 'x=1', observed 'x=1\\u{000A}y'")
        #expect(!capture.text.contains("observed 'x=1\n"))
    }

    @Test("an adapter's 1 MB message and control characters in names reach the console escaped and shortened")
    func hostileResult() throws {
        let huge = String(repeating: "z", count: 1 << 20)
        let adapter = AdapterInfo(name: "evil\u{1B}[2J", version: "1")
        let result = Fixtures.result(adapter, "basic", "bell\u{7}", .errored(detail: "crash \(huge)\nmore\nlines"))
        let capture = Capture()
        let reporter = ConsoleReporter(isTerminal: false, environment: [:]) { capture.text += $0 }
        try Fixtures.feed([result], to: reporter)
        #expect(!capture.text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(capture.text.contains("ERROR evil\\u{001B}[2J basic.bell\\u{0007}: crash zzz"))
        #expect(capture.text.contains("characters in all, sha256 "))
        #expect(capture.text.utf8.count < 3 * (ConsoleText.valueLimit + 200))
    }

    @Test("an error's further lines are counted, not dropped silently")
    func errorLinesCounted() throws {
        let result = Fixtures.result(Fixtures.reference, "basic", "err", .errored(detail: "adapter exited 1\nstderr: a\nstderr: b\n"))
        let capture = Capture()
        try Fixtures.feed([result], to: ConsoleReporter(isTerminal: false, environment: [:]) { capture.text += $0 })
        #expect(capture.text.contains("ERROR reference basic.err: adapter exited 1 (+2 more lines)\n"))
    }
}
