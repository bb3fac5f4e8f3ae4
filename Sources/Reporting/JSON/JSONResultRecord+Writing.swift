/// A record written straight into bytes, exactly as `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes`
/// writes it: keys in sorted order, absent optionals left out, the same escapes, the same numbers.
///
/// A run writes one record per result (a million in the big-suite runs), and `JSONEncoder`'s generic boxing was the
/// largest single cost of reporting. `JSONRecordWritingTests` holds this to `JSONEncoder`'s output byte for byte.
extension JSONResultRecord {
    /// The record's compact JSON.
    var jsonBytes: [UInt8] {
        var fields = JSONFieldWriter()
        fields.string("adapter", adapter)
        fields.string("adapterVersion", adapterVersion)
        if let details { fields.string("details", details) }
        fields.number("durationSeconds", durationSeconds)
        if let expectedReason { fields.string("expectedReason", expectedReason) }
        fields.string("expectedStatus", expectedStatus)
        if let location { fields.string("location", location) }
        fields.string("message", message)
        fields.string("profile", profile)
        fields.string("scenario", scenario)
        fields.bool("securityRelevant", securityRelevant)
        fields.string("specProfile", specProfile)
        fields.string("status", status)
        fields.string("suite", suite)
        fields.string("suiteFile", suiteFile)
        fields.strings("tags", tags)
        fields.string("title", title)
        fields.strings("transcript", transcript)
        fields.bool("unexpected", unexpected)
        return fields.finish()
    }
}

/// One JSON object's fields, in the order given (the caller sorts them).
struct JSONFieldWriter {
    private var out: [UInt8] = [UInt8(ascii: "{")]
    private var first = true
    private static let hexDigits = Array("0123456789abcdef".utf8)

    init() {
        out.reserveCapacity(1024)
    }

    mutating func finish() -> [UInt8] {
        out.append(UInt8(ascii: "}"))
        return out
    }

    mutating func string(_ key: String, _ value: String) {
        self.key(key)
        Self.append(value, to: &out)
    }

    mutating func strings(_ key: String, _ values: [String]) {
        self.key(key)
        out.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            Self.append(value, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    mutating func bool(_ key: String, _ value: Bool) {
        self.key(key)
        out.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// A finite number as `JSONEncoder` writes it: Swift's shortest round-tripping form, without a trailing `.0`.
    mutating func number(_ key: String, _ value: Double) {
        self.key(key)
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        out.append(contentsOf: text.utf8)
    }

    private mutating func key(_ key: String) {
        if !first { out.append(UInt8(ascii: ",")) }
        first = false
        Self.append(key, to: &out)
        out.append(UInt8(ascii: ":"))
    }

    /// A JSON string: `"` and `\` escaped, the C0 controls as `\b \t \n \f \r` or `\u00xx` (lower-case hex), every
    /// other character (DEL, `/` and non-ASCII included) as its UTF-8.
    ///
    /// Runs of octets that need no escape (nearly all of a transcript) are copied in one append: octet by octet,
    /// this was 2% of the main job's CPU.
    static func append(_ string: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { octets in
            var runStart = 0
            for (index, octet) in octets.enumerated() where octet < 0x20 || octet == 0x22 || octet == 0x5C {
                if runStart < index { out.append(contentsOf: UnsafeBufferPointer(rebasing: octets[runStart..<index])) }
                runStart = index + 1
                appendEscape(of: octet, to: &out)
            }
            if runStart < octets.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: octets[runStart...])) }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The escape of one octet that needs one: `"`, `\` or a C0 control.
    private static func appendEscape(of octet: UInt8, to out: inout [UInt8]) {
        switch octet {
        case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x08: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
        case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
        case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        default:
            out.append(contentsOf: [
                UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                hexDigits[Int(octet >> 4)], hexDigits[Int(octet & 0x0F)],
            ])
        }
    }
}
