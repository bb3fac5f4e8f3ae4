import Foundation

/// Making text from results safe to show in a report: scenario titles, failure messages and skip reasons come from
/// suites and servers and may hold anything (`<`, `&`, quotes, `|`, control characters, bidirectional overrides).
/// The matrix, the agreement report, the truth table and the diff all escape through here.
enum ReportText {
    /// One line with nothing invisible: line breaks become spaces, and characters a reader cannot see or that
    /// would break the file (C0/C1 controls other than TAB, DEL, U+FFFE/U+FFFF, bidirectional embeddings and
    /// overrides that could make a message read backwards) are spelled out as `\u{0001}`, so nothing is dropped
    /// silently and the file stays well-formed XML.
    static func visible(_ text: String) -> String {
        var spaced = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x2028, 0x2029: spaced.append(" ")
            default: spaced.append(scalar)
            }
        }
        return ConsoleText.visible(String(spaced), limit: nil)
    }

    /// Text for HTML (and XML) content and attribute values: `visible(_:)`, then `&`, `<`, `>`, `"` and `'` as
    /// character references.
    static func html(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in visible(text) {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// Inline Markdown (GitHub flavour) that shows `text` literally: `visible(_:)`, then a backslash before every
    /// character that could start markup (emphasis, code, links, raw HTML, strikethrough, table cells).
    ///
    /// `|` is escaped everywhere, not only in tables: GitHub splits table cells on `|` before inline parsing,
    /// and `\|` reads as `|` outside tables too.
    static func markdown(_ text: String) -> String {
        markdownEscaped(visible(text))
    }

    /// A backslash before every character of `text` that could start inline Markdown: the escaping of
    /// ``markdown(_:)`` for text already made visible another way (the diff keeps a line feed as `\u{000A}`).
    /// Image and link syntax (`![x](…)`, `[x](…)`) stays text, so a message cannot put an external image or a link
    /// into a CI job summary.
    static func markdownEscaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "&", "#", "!", "$":
                result.append("\\")
                result.append(character)
            default:
                result.append(character)
            }
        }
        return result
    }

    /// A value safe inside an HTML `id` or class name (ASCII letters, digits, `-`), for anchors derived from ids.
    static func token(_ text: String) -> String {
        String(text.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-": Character(scalar)
            default: "-"
            }
        })
    }

    /// `2026-01-01 00:00 UTC`: a date people read the same way everywhere.
    static func date(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute)) UTC"
    }
}
