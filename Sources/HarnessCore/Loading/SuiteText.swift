/// How text from suite files is normalised: XML's four whitespace characters, nothing locale-dependent.
///
/// Suites are written by hand and wrapped by editors, so titles and `Set-Cookie` lines arrive with indentation
/// and line breaks around them; stripping those (and only those) keeps what the author meant without touching
/// characters a test may need, such as a non-breaking space inside a cookie value.
enum SuiteText {
    static func isSpace(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\n" || character == "\r" || character == "\r\n"
    }

    /// Without leading and trailing whitespace.
    static func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !isSpace($0) }),
              let last = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(text[first...last])
    }

    /// Trimmed, with every internal run of whitespace turned into one space (titles, references).
    static func collapsed(_ text: String) -> String {
        words(text).joined(separator: " ")
    }

    /// The whitespace-separated items of a list attribute (`tags`, `contains`).
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: isSpace).map(String.init)
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
