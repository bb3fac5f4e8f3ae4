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
                if character == "\\", let escaped = cursor.first {
                    value.append(escaped)
                    cursor = cursor.dropFirst()
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

    private static func unsupported(_ statement: Substring) -> AppError {
        let line = statement.prefix { $0 != "\n" && $0 != ";" }
        return .unsupported("script statement '\(line)' (only document.cookie = \"…\" assignments are supported)")
    }
}
