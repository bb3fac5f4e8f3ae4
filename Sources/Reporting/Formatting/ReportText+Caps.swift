/// How much of a value a report keeps: a value from an adapter or a server can be megabytes (an 8 MB cookie made a
/// 42 MB JUnit file that `merge` refused and libxml2's default parser rejected, a text node over 10 MB).
///
/// Every report (JUnit, JSON, matrix, diff) shortens with ``ConsoleText/shortened(_:to:original:)``, the console's
/// one way, so a long value keeps its head, its length and its SHA-256. The limits are far above what the
/// built-in suites produce (the longest line of a default run's reports is 4,262 characters, the longest
/// transcript 22,365), so their reports are unchanged; a capped result stays under 1 MB in any report, well
/// below libxml2's 10 MB text node and `merge`'s 32 MiB file.
extension ReportText {
    /// The most characters one value (a message, a title, a line of a transcript or of a failure's details)
    /// keeps in a report.
    static let valueLimit = 16_384
    /// The most characters of several lines together (a transcript, a failure's details and diagnosis).
    static let textLimit = 262_144

    /// One value, shortened past ``valueLimit``.
    static func capped(_ value: String) -> String {
        ConsoleText.shortened(value, to: valueLimit)
    }

    /// Lines (a transcript): each capped, and past ``textLimit`` characters together the rest replaced by one
    /// line saying how many lines and characters were left out, with their SHA-256.
    static func capped(lines: [String]) -> [String] {
        // Nearly every transcript is far below both caps; counted in octets (never fewer than characters) that is
        // known without counting characters, which walks grapheme breaks (2% of the main job's CPU when it did).
        var octets = 0
        for line in lines {
            let count = line.utf8.count
            guard count <= valueLimit else { octets = .max; break }
            octets += count + 1
        }
        if octets <= textLimit { return lines }
        var kept: [String] = []
        var total = 0
        for (index, line) in lines.enumerated() {
            let capped = capped(line)
            guard total + capped.count <= textLimit else {
                let rest = lines[index...].joined(separator: "\n")
                kept.append("… \(lines.count - index) more lines " + ConsoleText.shorteningNote(of: rest))
                return kept
            }
            kept.append(capped)
            total += capped.count + 1
        }
        return kept
    }

    /// Text of several lines (details, a diagnosis): each line capped, and the whole past ``textLimit``.
    static func capped(text: String) -> String {
        guard text.utf8.count > valueLimit else { return text }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return capped(lines: lines).joined(separator: "\n")
    }
}
