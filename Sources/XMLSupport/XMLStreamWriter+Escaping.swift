/// How text that XML cannot carry is made safe to write.
extension XMLStreamWriter {
    /// Replaces each character XML 1.0 forbids with its code point spelled out, Swift style: U+0001 becomes the
    /// eight characters `\u{0001}` (at least four uppercase hex digits; U+FFFE becomes `\u{FFFE}`).
    ///
    /// XML 1.0 cannot carry C0 control characters other than TAB, LF and CR, nor U+FFFE and U+FFFF, not even as
    /// character references; writing them raw makes the whole file unreadable. Cookie values and transcripts can
    /// contain anything, so rather than drop data silently the character is shown where it was. The escape is
    /// for people, not reversible: a backslash already in the text is not escaped. (Lone surrogates, also
    /// forbidden, cannot occur in a Swift `String`.)
    public static func visiblyEscaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !isAllowedInXML($0) }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isAllowedInXML(scalar) {
                result.append(scalar)
            } else {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                let padded = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                result.append(contentsOf: "\\u{\(padded)}".unicodeScalars)
            }
        }
        return String(result)
    }

    /// XML 1.0's `Char` production.
    static func isAllowedInXML(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// Comment text that cannot end the comment early: `--` is not allowed inside, nor `-` at the end.
    static func commentSafe(_ text: String) -> String {
        var result = visiblyEscaped(text)
        while result.contains("--") {
            result = result.replacing("--", with: "- -")
        }
        if result.hasSuffix("-") { result += " " }
        return result
    }

    /// CDATA sections for `text`: `]]>` cannot appear inside one, so the text is split between `]]` and `>`.
    static func cdataSections(_ text: String) -> [String] {
        let parts = visiblyEscaped(text).split(separator: "]]>", omittingEmptySubsequences: false)
        return parts.indices.map { index in
            (index > parts.startIndex ? ">" : "") + parts[index] + (index < parts.endIndex - 1 ? "]]" : "")
        }
    }

    /// XML 1.0 (fifth edition) `Name`, so a bad name fails at the call that introduced it.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, isNameStart(first) else { return false }
        return name.unicodeScalars.dropFirst().allSatisfy { isNameStart($0) || isNameContinuation($0) }
    }

    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D,
            0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF,
            0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            true
        default: false
        }
    }

    private static func isNameContinuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: true
        default: false
        }
    }
}
