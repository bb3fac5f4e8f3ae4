/// Text from a suite, an adapter or a server made safe for a terminal: the one escaping every console line goes
/// through.
///
/// A string from outside cannot drive the terminal (ESC, BEL), hide (NUL, a carriage return) or pass for another
/// line (a line feed inside a value), and a huge value cannot flood the console: it is shortened, and the line
/// says so with the length it had. Nothing is cut silently.
public enum ConsoleText {
    /// How many characters of one value the console shows; beyond it the value is shortened, its length stated.
    public static let valueLimit = 2000

    /// Control characters (ESC, NUL, BEL, a line feed inside a value…) shown as `\u{001B}`, and a value longer
    /// than `limit` characters shortened to them, followed by `… (shortened: N characters in all)`.
    ///
    /// - Parameters:
    ///   - limit: The most characters shown (counted after escaping); nil shows everything.
    ///   - keeping: Control characters left as they are: a tab in the harness's own column layout.
    public static func visible(_ text: String, limit: Int? = valueLimit, keeping: Set<Unicode.Scalar> = []) -> String {
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
        guard let limit, escaped.utf8.count > limit, escaped.count > limit else { return escaped }
        return String(escaped.prefix(limit)) + "… (shortened: \(text.count) characters in all)"
    }

    /// Console text the harness wrote itself, several lines: each line escaped as ``visible(_:limit:keeping:)``
    /// does (tabs kept), the line feeds between them kept.
    public static func lines(_ text: String, limit: Int? = 4 * valueLimit) -> String {
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
    public static func oneLine(_ text: String) -> String {
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
