import Testing
@testable import Reporting

/// Long values in reports: shortened once, the same way as on the console, with their length and SHA-256.
@Suite("report caps")
struct ReportCapsTests {
    @Test("SHA-256 matches FIPS 180-4's vectors", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func digest(input: String, hex: String) {
        #expect(SHA256.hex(input) == hex)
    }

    @Test("bytes fed in pieces of any size give the digest of the whole: a million 'a', FIPS 180-4's long vector")
    func digestInPieces() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        for piece in [1, 3, 63, 64, 65, 1000, 1_000_000] {
            var hasher = SHA256()
            var start = 0
            while start < message.count {
                let end = min(start + piece, message.count)
                hasher.update(Array(message[start..<end]))
                start = end
            }
            #expect(hasher.finalize() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0", "pieces of \(piece)")
        }
    }

    @Test("a value over the limit keeps its head, its length and its digest, and is not shortened twice")
    func valueIsShortenedOnce() {
        let value = String(repeating: "v", count: 8_000_000)
        let capped = ReportText.capped(value)
        #expect(capped.count == ReportText.valueLimit)
        #expect(capped.hasPrefix("vvvv"))
        #expect(capped.hasSuffix("… (shortened: 8000000 characters in all, sha256 \(SHA256.hex(value)))"))
        #expect(ReportText.capped(capped) == capped)
    }

    @Test("values and texts within the limits are kept as they are")
    func shortValuesAreKept() {
        let line = String(repeating: "x", count: ReportText.valueLimit)
        #expect(ReportText.capped(line) == line)
        let lines = Array(repeating: String(repeating: "y", count: 4_000), count: 60)
        #expect(ReportText.capped(lines: lines) == lines)
        #expect(ReportText.capped(text: lines.joined(separator: "\n")) == lines.joined(separator: "\n"))
    }

    @Test("a transcript past the text limit ends with one line for the rest")
    func longTranscriptIsCut() {
        let lines = Array(repeating: String(repeating: "z", count: 4_000), count: 7_000)
        let capped = ReportText.capped(lines: lines)
        #expect(capped.joined(separator: "\n").count <= ReportText.textLimit + 200)
        let last = capped.last
        #expect(last?.hasPrefix("… \(7_000 - capped.count + 1) more lines (shortened: ") == true)
    }
}
