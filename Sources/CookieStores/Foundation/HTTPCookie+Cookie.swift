import CookieModel
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Cookie {
    /// A Foundation cookie as the harness reports it, with what Foundation tells and nothing more.
    ///
    /// A leading dot on `domain` is Foundation's mark of a Domain cookie (host-only otherwise); `expiresDate` nil is
    /// a session cookie (Foundation sets none for Max-Age on version-0 cookies); `created` is Foundation's "Created"
    /// property; SameSite is `default` (this Foundation neither parses nor keeps it).
    init(foundation cookie: HTTPCookie, sequence: UInt64) {
        let created = (cookie.properties?[HTTPCookiePropertyKey("Created")] as? Double)
            .map { Date(timeIntervalSinceReferenceDate: $0) } ?? Date(timeIntervalSince1970: 0)
        self.init(
            name: cookie.name, value: cookie.value,
            domain: cookie.domain.hasPrefix(".") ? String(cookie.domain.dropFirst()) : cookie.domain,
            path: cookie.path, expiry: cookie.expiresDate, creation: created,
            isHostOnly: !cookie.domain.hasPrefix("."), isSecure: cookie.isSecure, isHTTPOnly: cookie.isHTTPOnly,
            sameSite: .default, creationSequence: sequence
        )
    }
}
