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
