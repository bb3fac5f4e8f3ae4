import Locking

/// The fast path of the simulated page's JavaScript: reads of and assignments to `document.cookie`, without an engine.
///
/// That is what most cookie sync code runs in a page (user scripts that write cookies, `evaluateJavaScript` that
/// reads them), and a JavaScriptCore context costs far more than parsing it (``PageJavaScript``; the figures are in
/// docs/performance.md). A page's scripts run here while the page has no JavaScriptCore context and the script is in
/// this grammar (``canRun(_:)``); anything else goes to JavaScriptCore, and so does every later script of that
/// page. The grammar: statements separated by `;` or line breaks, each an expression —
/// `document.cookie = EXPR` or `EXPR` — where `EXPR` is string literals (`"…"` or `'…'`, with `\\` escapes),
/// `document.cookie` and parentheses joined by `+`. Anything else is reported as unsupported
/// (``WebKitError/Code/unsupportedJavaScript``) by ``canRun(_:)`` before anything runs. `//` and `/* */` comments
/// are skipped.
///
/// One idiom more, the "write only if absent" guard of cookie libraries (WKCookieWebView 2.0.2+, after
/// StackOverflow answer 32845148), as whole statements: `var N = document.cookie.split('; ').map(function(c) {
/// return c.split('=')[0] } )` binds the page's cookie names, and `if (N.indexOf('name') == -1) { … }` runs its
/// block (statements of the grammar above) when `name` is not among them (the statement's value is then
/// undefined, as in JavaScript). The names stay bound for the page (``bindNames``), as a global `var` does.
struct JavaScriptEvaluator {
    /// Reads `document.cookie` (DESIGN §6 rule 7).
    var readCookie: () -> String
    /// Performs `document.cookie = value` (DESIGN §6 rule 6).
    var writeCookie: (String) -> Void
    /// A `var` binding of the name-guard idiom: the variable and the names it holds.
    var bindNames: (String, [String]) -> Void = { _, _ in }

    /// Whether `source` is in the grammar: a run on a page without cookies and without effects.
    ///
    /// Asked before every script of a page without a context, and a strategy's scripts are the same text in every
    /// scenario (a library's page script is kilobytes that the grammar refuses only at its end), so the answer is
    /// kept per text (``knownScripts``): the grammar does not depend on the page.
    static func canRun(_ source: String) -> Bool {
        if let known = knownScripts.withLock({ $0[source] }) { return known }
        let runs = (try? JavaScriptEvaluator(readCookie: { "" }, writeCookie: { _ in }).evaluate(source)) != nil
        knownScripts.withLock { known in
            // Bounded: generated suites may hold a different script in every scenario.
            if known.count >= 4096 { known.removeAll(keepingCapacity: true) }
            known[source] = runs
        }
        return runs
    }

    /// ``canRun(_:)``'s answers, by script text: a cache of a pure function, shared by the run's workers.
    private static let knownScripts = Locked<[String: Bool]>([:])

    /// Runs `source`; returns the value of the last statement (nil for an empty script).
    func evaluate(_ source: String) throws(WebKitError) -> String? {
        if Self.contains(source, "indexOf(") || Self.contains(source, "var ") { return try evaluateWithNameGuards(source) }
        var parser = Parser(tokens: try Self.tokenize(source), source: source)
        var last: String?
        while !parser.atEnd {
            if parser.skip(.semicolon) { continue }
            last = try parser.statement(self)
        }
        return last
    }

    /// Whether `text` contains the ASCII `word`, compared octet by octet (Foundation's `contains` goes through
    /// CFString and UTF-16: 3% of the main job's CPU when it was used here).
    static func contains(_ text: String, _ word: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard let first = needle.first else { return true }
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= needle.count else { return false }
            var index = 0
            let last = bytes.count - needle.count
            while index <= last {
                if bytes[index] == first {
                    var matched = 1
                    while matched < needle.count, bytes[index + matched] == needle[matched] { matched += 1 }
                    if matched == needle.count { return true }
                }
                index += 1
            }
            return false
        }
    }

    // MARK: The name-guard idiom

    nonisolated(unsafe) private static let namesBinding = try! Regex(
        #"^var\s+(\w+)\s*=\s*document\.cookie\.split\('; '\)\.map\(\s*function\s*\((\w+)\)\s*\{\s*return\s+(\w+)\.split\('='\)\[0\]\s*;?\s*\}\s*\)"#)
    nonisolated(unsafe) private static let nameGuard = try! Regex(
        #"^if\s*\(\s*(\w+)\.indexOf\('([^']*)'\)\s*==\s*-1\s*\)\s*\{([^}]*)\}"#)

    /// Runs a script made of the guard idiom's statements and plain statements, in order.
    private func evaluateWithNameGuards(_ source: String) throws(WebKitError) -> String? {
        var names: [String: [String]] = [:]
        var rest = Substring(source)
        var last: String?
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == ";" }
            if rest.isEmpty { return last }
            if let match = try? Self.namesBinding.prefixMatch(in: rest), let variable = match.output[1].substring {
                let bound = readCookie().components(separatedBy: "; ").map { $0.components(separatedBy: "=")[0] }
                names[String(variable)] = bound
                bindNames(String(variable), bound)
                rest = rest[match.range.upperBound...]
            } else if let match = try? Self.nameGuard.prefixMatch(in: rest), let variable = match.output[1].substring,
                let name = match.output[2].substring, let block = match.output[3].substring
            {
                guard let known = names[String(variable)] else { throw Self.unsupported("'\(variable)', never bound") }
                last = known.contains(String(name)) ? nil : try evaluate(String(block))
                rest = rest[match.range.upperBound...]
            } else {
                // A plain statement: up to the next ';' or line break outside quotes.
                var end = rest.startIndex
                var quote: Character?
                while end < rest.endIndex {
                    let character = rest[end]
                    if let open = quote {
                        if character == "\\" { end = rest.index(after: end) } else if character == open { quote = nil }
                    } else if character == "'" || character == "\"" {
                        quote = character
                    } else if character == ";" || character == "\n" {
                        break
                    }
                    if end < rest.endIndex { end = rest.index(after: end) }
                }
                let statement = String(rest[..<end])
                if Self.contains(statement, "indexOf(") || statement.hasPrefix("var ") {
                    throw Self.unsupported("'\(statement.prefix(80))'")
                }
                last = try evaluate(statement)
                rest = rest[end...]
            }
        }
    }

    // MARK: Tokens

    enum Token: Equatable {
        case string(String)
        case documentCookie
        case assign
        case plus
        case openParen
        case closeParen
        case semicolon
        case other(String)
    }

    static func tokenize(_ source: String) throws(WebKitError) -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(source)
        while let first = rest.first {
            if first.isWhitespace {
                rest = rest.dropFirst()
            } else if rest.hasPrefix("//") {
                rest = rest.drop { $0 != "\n" }
            } else if rest.hasPrefix("/*") {
                guard let end = rest.range(of: "*/") else { throw unsupported("an unterminated comment") }
                rest = rest[end.upperBound...]
            } else if first == "\"" || first == "'" {
                var value = ""
                var cursor = rest.dropFirst()
                var closed = false
                while let character = cursor.first {
                    cursor = cursor.dropFirst()
                    if character == "\\", let escaped = cursor.first {
                        cursor = cursor.dropFirst()
                        switch escaped {
                        case "n": value.append("\n")
                        case "t": value.append("\t")
                        case "r": value.append("\r")
                        case "u", "x", "b", "f", "v", "0"..."9":
                            // Code points (`\u0000`, `\x7f`), octal and the rarer controls: JavaScriptCore reads
                            // them as the language says, so the statement goes there rather than half-decoded here.
                            throw unsupported("the escape \\\(escaped) (left to JavaScriptCore)")
                        default: value.append(escaped)
                        }
                    } else if character == first {
                        closed = true
                        break
                    } else if character == "\n" {
                        break
                    } else {
                        value.append(character)
                    }
                }
                guard closed else { throw unsupported("an unterminated string literal") }
                tokens.append(.string(value))
                rest = cursor
            } else if first.isLetter || first == "_" || first == "$" {
                let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" || $0 == "." }
                rest = rest.dropFirst(word.count)
                tokens.append(word == "document.cookie" ? .documentCookie : .other(String(word)))
            } else {
                rest = rest.dropFirst()
                switch first {
                case "=" where rest.first != "=": tokens.append(.assign)
                case "+" where rest.first != "+" && rest.first != "=": tokens.append(.plus)
                case "(": tokens.append(.openParen)
                case ")": tokens.append(.closeParen)
                case ";": tokens.append(.semicolon)
                default: tokens.append(.other(String(first)))
                }
            }
        }
        return tokens
    }

    static func unsupported(_ what: String) -> WebKitError {
        WebKitError(
            .unsupportedJavaScript,
            "the simulated engine runs only document.cookie reads and assignments of string expressions; cannot run \(what)"
        )
    }

    // MARK: Parser (evaluating as it goes)

    struct Parser {
        var tokens: [Token]
        var position = 0
        let source: String

        var atEnd: Bool { position >= tokens.count }

        mutating func skip(_ token: Token) -> Bool {
            guard position < tokens.count, tokens[position] == token else { return false }
            position += 1
            return true
        }

        /// `document.cookie = EXPR` or `EXPR`.
        mutating func statement(_ evaluator: JavaScriptEvaluator) throws(WebKitError) -> String {
            if position + 1 < tokens.count, tokens[position] == .documentCookie, tokens[position + 1] == .assign {
                position += 2
                let value = try expression(evaluator)
                evaluator.writeCookie(value)
                return value
            }
            return try expression(evaluator)
        }

        mutating func expression(_ evaluator: JavaScriptEvaluator) throws(WebKitError) -> String {
            var value = try primary(evaluator)
            while skip(.plus) { value += try primary(evaluator) }
            return value
        }

        mutating func primary(_ evaluator: JavaScriptEvaluator) throws(WebKitError) -> String {
            guard position < tokens.count else { throw JavaScriptEvaluator.unsupported("a script that ends in the middle of an expression") }
            let token = tokens[position]
            position += 1
            switch token {
            case .string(let value): return value
            case .documentCookie: return evaluator.readCookie()
            case .openParen:
                let value = try expression(evaluator)
                guard skip(.closeParen) else { throw JavaScriptEvaluator.unsupported("an unclosed parenthesis") }
                return value
            case .other(let word): throw JavaScriptEvaluator.unsupported("'\(word)' in: \(source.prefix(80))")
            default: throw JavaScriptEvaluator.unsupported("the script: \(source.prefix(80))")
            }
        }
    }
}
