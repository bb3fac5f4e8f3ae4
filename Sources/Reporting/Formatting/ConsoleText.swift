/// Text from a suite, an adapter or a server made safe for a terminal.
public enum ConsoleText {
    /// Control characters (ESC, NUL, BEL, a line feed inside a value…) shown as `\u{1B}`, so that a string from
    /// an adapter or a server cannot drive the terminal or pass for another line.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
