/// The JavaScript an app without a JavaScript engine can still run: `document.cookie = "…"` statements.
///
/// Enough for the scenarios (scripts that write cookies); anything else is reported as unsupported rather than
/// half-run, so a scenario never passes on a script that did nothing.
public enum DocumentCookieScript {
    /// The values assigned to `document.cookie`, in order.
    /// - Throws: ``AppError/unsupported(_:)`` naming the first statement that is not such an assignment.
    public static func assignments(in script: String) throws -> [String] {
        var values: [String] = []
        var rest = Substring(script)
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == ";" }
            guard !rest.isEmpty else { return values }
            guard rest.hasPrefix("document.cookie") else { throw unsupported(rest) }
            var cursor = rest.dropFirst("document.cookie".count).drop(while: \.isWhitespace)
            guard cursor.first == "=" else { throw unsupported(rest) }
            cursor = cursor.dropFirst().drop(while: \.isWhitespace)
            guard let quote = cursor.first, quote == "\"" || quote == "'" else { throw unsupported(rest) }
            cursor = cursor.dropFirst()
            var value = ""
            var closed = false
            while let character = cursor.first {
                cursor = cursor.dropFirst()
                if character == "\\", !cursor.isEmpty {
                    guard let escaped = escape(&cursor) else { throw unsupported(rest) }
                    value += escaped
                } else if character == quote {
                    closed = true
                    break
                } else {
                    value.append(character)
                }
            }
            guard closed else { throw unsupported(rest) }
            values.append(value)
            rest = cursor
        }
    }

    /// The text of one escape sequence of a JavaScript string literal (ECMAScript, "String Literals"), `cursor` just
    /// past its backslash; nil for a malformed `\x` or `\u` sequence (a syntax error in JavaScript).
    private static func escape(_ cursor: inout Substring) -> String? {
        guard let letter = cursor.popFirst() else { return nil }
        func hex(_ count: Int) -> String? {
            let digits = cursor.prefix(count)
            guard digits.count == count, let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) else { return nil }
            cursor = cursor.dropFirst(count)
            return String(Character(scalar))
        }
        switch letter {
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "b": return "\u{8}"
        case "f": return "\u{C}"
        case "v": return "\u{B}"
        case "0" where !(cursor.first.map { ("0"..."9").contains($0) } ?? false): return "\0"
        case "x": return hex(2)
        case "u" where cursor.first == "{":
            guard let end = cursor.firstIndex(of: "}") else { return nil }
            let digits = cursor[cursor.index(after: cursor.startIndex)..<end]
            guard (1...6).contains(digits.count), let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) else { return nil }
            cursor = cursor[cursor.index(after: end)...]
            return String(Character(scalar))
        case "u": return hex(4)
        // A line continuation: the backslash and the line terminator are no part of the value.
        case "\n", "\r", "\u{2028}", "\u{2029}", "\r\n": return ""
        default: return String(letter)
        }
    }

    private static func unsupported(_ statement: Substring) -> AppError {
        let line = statement.prefix { $0 != "\n" && $0 != ";" }
        return .unsupported("script statement '\(line)' (only document.cookie = \"…\" assignments are supported)")
    }
}
