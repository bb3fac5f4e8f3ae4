import Foundation
@testable import Reporting
import Testing

/// The JSON report's records are written by hand for speed; they must stay what `JSONEncoder` writes, byte for byte,
/// so that readers (and `diff` of two reports) see no change.
@Suite("JSON result records written by hand, as JSONEncoder writes them")
struct JSONRecordWritingTests {
    static func encoded(_ record: JSONResultRecord) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(record))
    }

    /// A record with every field set from `text` (built through its Decodable side: its only initialiser takes a
    /// result); `optionals` decides whether the optional fields are present.
    static func record(text: String, duration: Double, optionals: Bool) throws -> JSONResultRecord {
        var fields: [String: Any] = [
            "adapter": "wk-\(text)", "adapterVersion": text, "profile": "ios", "specProfile": "rfc6265bis", "suite": "s",
            "suiteFile": "Suites/a/b.xml", "scenario": "s.\(text)", "title": text, "tags": [text, "security", ""],
            "status": "fail", "expectedStatus": "pass", "unexpected": optionals, "securityRelevant": !optionals,
            "message": text, "durationSeconds": duration, "transcript": optionals ? [text, "→ GET /"] : [String](),
        ]
        if optionals {
            fields["expectedReason"] = "why: \(text)"
            fields["location"] = "Suites/a/b.xml:3"
            fields["details"] = "expected\n\(text)"
        }
        let record = try JSONDecoder().decode(JSONResultRecord.self, from: JSONSerialization.data(withJSONObject: fields))
        #expect(record.durationSeconds == duration && record.title == text)
        return record
    }

    @Test("every ASCII character, DEL, non-ASCII, line separators, emoji and an empty string")
    func strings() throws {
        var every = ""
        for value in 0..<0x80 { every.unicodeScalars.append(Unicode.Scalar(value)!) }
        // Escapes at either end and next to each other, between the runs copied whole.
        let edges = ["\"", "\n\\", "\u{1}x\u{1F}", "x\"\"y\t", "é\n"]
        for text in [every, "é\u{2028}\u{2029}\u{FEFF}😀\u{7F}", "", "a/b\\c\"d", "e\u{301}"] + edges {
            for optionals in [true, false] {
                let record = try Self.record(text: text, duration: 0.000983, optionals: optionals)
                #expect(record.jsonBytes == (try Self.encoded(record)), "\(text.debugDescription)")
            }
        }
    }

    @Test("durations: whole, tiny, huge, rounded to the microsecond and random")
    func numbers() throws {
        var generator = SystemRandomNumberGenerator()
        var durations: [Double] = [0, 1, 100, 1e-6, 1.5e-5, 3e-6, 1e-7, 123.456789, 59.999999, 1e20, 1e21, 12345678, 0.1]
        for _ in 0..<500 {
            let value = Double.random(in: 0..<100, using: &generator)
            durations += [value, (value * 1_000_000).rounded() / 1_000_000, value / 1e6]
        }
        for duration in durations {
            let record = try Self.record(text: "x", duration: duration, optionals: false)
            #expect(record.jsonBytes == (try Self.encoded(record)), "\(duration)")
        }
    }
}
