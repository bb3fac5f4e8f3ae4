import AppleModel
import CookieModel
import Foundation

/// The header helpers Foundation gives app code, as sync code uses them.
public enum CookieHeaders {
    /// `HTTPCookie.requestHeaderFields(with:)["Cookie"]`: `name=value` pairs joined with "; ", nil for none.
    public static func requestHeaderValue(with cookies: [Cookie]) -> String? {
        cookies.isEmpty ? nil : cookies.map(\.pair).joined(separator: "; ")
    }

    /// The folded `Set-Cookie` value of `allHeaderFields` split back the way hand-written capture code does it:
    /// on every comma. Wrong whenever an `Expires` date (`Wed, 01 Jan 2031 …`) or a value contains a comma —
    /// which is DESIGN §6 rule 5's point. (Foundation's `HTTPCookie.cookies(withResponseHeaderFields:for:)`
    /// guesses better around `Expires`, and still splits a value that contains a comma.)
    public static func splitFoldedSetCookie(_ folded: String) -> [String] {
        folded.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The folded `Set-Cookie` value split the way `HTTPCookie.cookies(withResponseHeaderFields:for:)` reads it:
    /// at a comma that starts a new cookie — one followed (after spaces) by a token and `=` — and nowhere else, so
    /// the comma of an `Expires` date (`Wed, 01 Jan 2031 …`) stays inside its cookie. A value that itself holds
    /// ", x=y" is still cut in two.
    public static func splitFoldedSetCookieAtCookieBoundaries(_ folded: String) -> [String] {
        let characters = Array(folded)
        var pieces: [String] = []
        var start = 0
        var index = 0
        while index < characters.count {
            if characters[index] == ",", startsCookie(characters, after: index) {
                pieces.append(String(characters[start..<index]))
                start = index + 1
            }
            index += 1
        }
        pieces.append(String(characters[start...]))
        return pieces.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Whether the text after the comma at `comma` is ` token=`: a new cookie's name.
    private static func startsCookie(_ characters: [Character], after comma: Int) -> Bool {
        var index = comma + 1
        while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
        let nameStart = index
        while index < characters.count, !" \t;,=".contains(characters[index]) { index += 1 }
        return index > nameStart && index < characters.count && characters[index] == "="
    }

    /// `name=value` pairs of a `document.cookie` string.
    public static func pairs(inDocumentCookie string: String) -> [(name: String, value: String)] {
        string.split(separator: ";").compactMap { raw in
            let pair = raw.trimmingCharacters(in: .whitespaces)
            guard !pair.isEmpty else { return nil }
            guard let equals = pair.firstIndex(of: "=") else { return ("", pair) }
            return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
        }
    }
}

extension CookieHeaders {
    /// `HTTPCookie.cookies(withResponseHeaderFields:for:)`: the cookies of a response's `Set-Cookie` field (folded
    /// as `allHeaderFields` folds it) as objects, stored nowhere.
    ///
    /// Split as Foundation splits (``splitFoldedSetCookieAtCookieBoundaries(_:)``); each line is read by the
    /// platform's parser (``HTTPCookieParsing``) as stored from `url` (RFC 6265bis §5.6–§5.7: default path,
    /// host-only without `Domain`, a `Domain` that does not match `url` dropped). A line the parser refuses yields
    /// no cookie.
    public static func cookies(
        withResponseHeaderFields fields: [String: String], for url: URL, now: Date, parsing: HTTPCookieParsing = .reference
    ) -> [Cookie] {
        guard let folded = fields.first(where: { $0.key.lowercased() == "set-cookie" })?.value,
              let target = CookieURL(string: url.absoluteString)
        else { return [] }
        return parsing.cookies(fromSetCookieLines: splitFoldedSetCookieAtCookieBoundaries(folded), for: target, now: now)
    }
}

/// Whose parser reads a `Set-Cookie` line that app code hands to Foundation (`HTTPCookie.cookies(withResponseHeaderFields:for:)`,
/// `HTTPCookieStorage`): on iOS it is CFNetwork's, the jar WKWebView uses too, so the iOS profiles read such a line
/// with Apple's jar model; elsewhere the reference jar's reading stands in (Foundation's parser is not public).
public enum HTTPCookieParsing: Sendable, Hashable {
    /// RFC 6265bis §5.6–§5.7 as the reference jar reads a line (assumed where no platform parser is modelled).
    case reference
    /// Apple's jar (``AppleCookieJar``): the departures WebKit's bots record for the Apple ports.
    case apple

    /// Each line as text, read as if received from `url`; the cookies in the order the jar lists them.
    public func cookies(fromSetCookieLines lines: [String], for url: CookieURL, now: Date) -> [Cookie] {
        switch self {
        case .reference:
            let jar = CookieJar(clock: .frozen(at: now))
            for line in lines { jar.setCookie(line, from: url) }
            return jar.allCookies
        case .apple:
            return AppleCookieJar.cookies(fromSetCookieText: lines, for: url, now: now)
        }
    }
}
