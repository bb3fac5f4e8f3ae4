/// A `Cookie` header or a `document.cookie` string read as the checks read it: its `;`-separated items.
///
/// Every request check splits one (the observation and the match both), so this runs once per check of every
/// scenario; trimming with Foundation's `CharacterSet` bridged each item through `NSString` (about 5% of a run on
/// the reference jar, `perf`). The same characters are trimmed, scalar by scalar.
enum CookieListText {
    /// The items, each without leading and trailing whitespace, empty ones dropped.
    static func items(_ text: String) -> [Substring] {
        text.split(separator: ";").compactMap { raw in
            let trimmed = trimmingWhitespace(raw)
            return trimmed.isEmpty ? nil : trimmed
        }
    }

    /// What `trimmingCharacters(in: .whitespaces)` trims: the tab and the Unicode space separators (category Zs).
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || scalar == "\t" }
        return scalar.properties.generalCategory == .spaceSeparator
    }

    static func trimmingWhitespace(_ text: Substring) -> Substring {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhitespace($0) }) else { return text[text.endIndex...] }
        let last = scalars.lastIndex(where: { !isWhitespace($0) })!
        return Substring(scalars[first...last])
    }
}
