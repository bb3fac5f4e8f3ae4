import HarnessCore

/// How text from suite files is normalised: XML's four whitespace characters, nothing locale-dependent.
///
/// Suites are written by hand and wrapped by editors, so titles and `Set-Cookie` lines arrive with indentation
/// and line breaks around them; stripping those (and only those) keeps what the author meant without touching
/// characters a test may need, such as a non-breaking space inside a cookie value.
enum SuiteText {
    /// XML's whitespace (space, tab, line feed, carriage return), all ASCII: a scan of the UTF-8 octets finds it
    /// without forming a Character per position (loading reads every attribute and reason this way).
    static func isSpace(_ octet: UInt8) -> Bool {
        octet == 0x20 || octet == 0x09 || octet == 0x0A || octet == 0x0D
    }

    /// Without leading and trailing whitespace.
    static func trimmed(_ text: String) -> String {
        let octets = text.utf8
        guard let first = octets.firstIndex(where: { !isSpace($0) }),
              let last = octets.lastIndex(where: { !isSpace($0) })
        else { return "" }
        if first == octets.startIndex, octets.index(after: last) == octets.endIndex { return text }
        return String(Substring(octets[first...last]))
    }

    /// Trimmed, with every internal run of whitespace turned into one space (titles, references).
    static func collapsed(_ text: String) -> String {
        words(text).joined(separator: " ")
    }

    /// The whitespace-separated items of a list attribute (`tags`, `contains`).
    static func words(_ text: String) -> [String] {
        text.utf8.split(whereSeparator: isSpace).map { String(Substring($0)) }
    }

    /// An `xs:boolean` value, or nil if it is not one.
    static func boolean(_ text: String) -> Bool? {
        switch trimmed(text) {
        case "true", "1": true
        case "false", "0": false
        default: nil
        }
    }
}
