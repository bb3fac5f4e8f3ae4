import CookieModel
import Foundation

/// Reads one line of libcurl's cookie list (`CURLINFO_COOKIELIST`), the Netscape cookie-file format libcurl writes:
///
///     [#HttpOnly_]domain <TAB> tailmatch <TAB> path <TAB> secure <TAB> expires <TAB> name <TAB> value
///
/// `tailmatch` TRUE (and a leading dot, which libcurl adds) marks a Domain cookie, FALSE a host-only one; `expires`
/// is seconds since the epoch, 0 for a session cookie. The value is the rest of the line and may hold tabs.
enum NetscapeCookieLine {
    static let httpOnlyPrefix = "#HttpOnly_"

    /// The cookie on `line`, or nil when the line is not in that format. `creation` is the epoch: libcurl keeps no
    /// creation time it would tell; `sequence` orders the cookies instead.
    static func cookie(from line: String, sequence: UInt64) -> Cookie? {
        var text = Substring(line)
        let httpOnly = text.hasPrefix(httpOnlyPrefix)
        if httpOnly { text = text.dropFirst(httpOnlyPrefix.count) }
        let fields = text.split(separator: "\t", maxSplits: 6, omittingEmptySubsequences: false)
        guard fields.count == 7, let expires = Int64(fields[4]) else { return nil }
        let tailmatch = fields[1] == "TRUE"
        let domain = fields[0].hasPrefix(".") ? fields[0].dropFirst() : fields[0]
        return Cookie(
            name: String(fields[5]), value: String(fields[6]), domain: String(domain).lowercased(), path: String(fields[2]),
            expiry: expires == 0 ? nil : Date(timeIntervalSince1970: TimeInterval(expires)),
            creation: Date(timeIntervalSince1970: 0), isHostOnly: !tailmatch, isSecure: fields[3] == "TRUE",
            isHTTPOnly: httpOnly, sameSite: .default, creationSequence: sequence
        )
    }
}
