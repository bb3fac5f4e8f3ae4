/// The few C library scanners libsoup's parsers lean on, over a byte string that ends at its first NUL (as the
/// C string libsoup sees does): reading past the end reads a NUL.
struct CBytes {
    let bytes: [UInt8]

    /// The bytes up to (not including) the first NUL: what a `const char *` holds.
    init<S: Sequence>(_ sequence: S) where S.Element == UInt8 {
        bytes = Array(sequence.prefix { $0 != 0 })
    }

    subscript(_ index: Int) -> UInt8 { index < bytes.count ? bytes[index] : 0 }

    var count: Int { bytes.count }

    /// `g_ascii_isspace` (and C's `isspace` in the C locale): space, \t, \n, \v, \f, \r.
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    static func isAlpha(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    static func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }

    /// What `strtoul` and `strtol` share: white space, a sign, digits from `start`; the magnitude, whether it
    /// overflowed 64 bits, and where the digits end; nil when there are no digits.
    private func scanInteger(from start: Int) -> (negative: Bool, magnitude: UInt64, overflow: Bool, end: Int)? {
        var index = start
        while CBytes.isSpace(self[index]) { index += 1 }
        var negative = false
        if self[index] == UInt8(ascii: "+") || self[index] == UInt8(ascii: "-") {
            negative = self[index] == UInt8(ascii: "-")
            index += 1
        }
        guard CBytes.isDigit(self[index]) else { return nil }
        var magnitude: UInt64 = 0
        var overflow = false
        while CBytes.isDigit(self[index]) {
            let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(UInt64(self[index] - 0x30))
            overflow = overflow || o1 || o2
            magnitude = sum
            index += 1
        }
        return (negative, magnitude, overflow, index)
    }

    /// C's `strtoul(s, &end, 10)` from `start`: leading white space, a sign, digits; a negative number wraps, an
    /// overflow is `ULONG_MAX`; no digits gives 0 with `end == start`.
    func strtoul(from start: Int) -> (value: UInt64, end: Int) {
        guard let scan = scanInteger(from: start) else { return (0, start) }
        if scan.overflow { return (UInt64.max, scan.end) }
        return (scan.negative ? 0 &- scan.magnitude : scan.magnitude, scan.end)
    }

    /// C's `strtol(s, &end, 10)` from `start`: as `strtoul`, clamped to `LONG_MIN...LONG_MAX` on overflow.
    func strtol(from start: Int) -> (value: Int64, end: Int) {
        guard let scan = scanInteger(from: start) else { return (0, start) }
        let limit: UInt64 = scan.negative ? UInt64(Int64.max) + 1 : UInt64(Int64.max)
        if scan.overflow || scan.magnitude > limit { return (scan.negative ? Int64.min : Int64.max, scan.end) }
        return (scan.negative ? Int64(bitPattern: 0 &- scan.magnitude) : Int64(scan.magnitude), scan.end)
    }

    /// `g_ascii_strncasecmp(s + at, word, word.count) == 0`.
    func hasPrefixIgnoringCase(_ word: String, at start: Int) -> Bool {
        for (offset, byte) in word.utf8.enumerated() where CBytes.lower(self[start + offset]) != CBytes.lower(byte) {
            return false
        }
        return true
    }
}
