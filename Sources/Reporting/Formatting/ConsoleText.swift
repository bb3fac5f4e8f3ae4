/// Text from a suite, an adapter or a server made safe for a terminal: the one escaping every console line goes
/// through.
///
/// A string from outside cannot drive the terminal (ESC, BEL), hide (NUL, a carriage return) or pass for another
/// line (a line feed inside a value), and a huge value cannot flood the console: it is shortened, and the line
/// says so with the length it had. Nothing is cut silently.
package enum ConsoleText {
    /// How many characters of one value the console shows; beyond it the value is shortened, its length stated.
    package static let valueLimit = 2000

    /// Control characters (ESC, NUL, BEL, a line feed inside a value…) shown as `\u{001B}`, and a value longer
    /// than `limit` characters shortened to them as ``shortened(_:to:original:)`` does.
    ///
    /// - Parameters:
    ///   - limit: The most characters shown (counted after escaping); nil shows everything.
    ///   - keeping: Control characters left as they are: a tab in the harness's own column layout.
    package static func visible(_ text: String, limit: Int? = valueLimit, keeping: Set<Unicode.Scalar> = []) -> String {
        var escaped = text
        if text.unicodeScalars.contains(where: { isControl($0) && !keeping.contains($0) }) {
            var out = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                if isControl(scalar), !keeping.contains(scalar) {
                    out.append(contentsOf: spelled(scalar).unicodeScalars)
                } else {
                    out.append(scalar)
                }
            }
            escaped = String(out)
        }
        guard let limit else { return escaped }
        return shortened(escaped, to: limit, original: text)
    }

    /// `text` when it has at most `limit` characters; else its head followed by
    /// `… (shortened: N characters in all, sha256 D)`, where N and D are `original`'s length and SHA-256 (`text`
    /// itself by default; the raw value when `text` is its escaped form).
    ///
    /// The one way a value is shortened, on the console and in every report: the length says how much is missing,
    /// the digest tells two long values apart and can be checked against the value (`sha256sum`). The result has
    /// `limit` characters in all (the head keeps half of them at least, for a short limit such as a progress
    /// line's), so shortening a report's value again with the same limit changes nothing.
    package static func shortened(_ text: String, to limit: Int, original: String? = nil) -> String {
        guard text.utf8.count > limit, text.count > limit else { return text }
        let note = "… " + shorteningNote(of: original ?? text)
        return String(text.prefix(max(limit / 2, limit - note.count))) + note
    }

    /// `(shortened: N characters in all, sha256 D)` for `value`: what ``shortened(_:to:original:)`` says.
    static func shorteningNote(of value: String) -> String {
        "(shortened: \(value.count) characters in all, sha256 \(SHA256.hex(value)))"
    }

    /// Console text the harness wrote itself, several lines: each line escaped as ``visible(_:limit:keeping:)``
    /// does (tabs kept), the line feeds between them kept.
    package static func lines(_ text: String, limit: Int? = 4 * valueLimit) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" && $0 != "\t" })
            || limit.map({ text.utf8.count > $0 }) == true
        else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { visible(String($0), limit: limit, keeping: ["\t"]) }
            .joined(separator: "\n")
    }

    /// A message meant to be one line, with a line break in a value escaped rather than cut: cutting
    /// `expected 'x=1', observed 'x=1\ny'` at the line feed would make it read like a match. Not shortened (files
    /// keep it whole; the console shortens with ``visible(_:limit:keeping:)``).
    package static func oneLine(_ text: String) -> String {
        visible(text, limit: nil)
    }

    /// `\u{001B}`: four hex digits at least, as the JUnit writer spells what XML cannot carry.
    static func spelled(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\\u{\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)}"
    }

    /// What a reader cannot see or a terminal acts on: C0 and C1 controls and DEL, the line and paragraph
    /// separators, the bidirectional embeddings, overrides and isolates that could make a message read backwards,
    /// and the noncharacters U+FFFE and U+FFFF.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFFFE, 0xFFFF: true
        default: false
        }
    }
}
