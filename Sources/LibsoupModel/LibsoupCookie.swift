import CookieModel
import Foundation

/// A cookie as libsoup 3.2.3 holds it (`SoupCookie`): the domain keeps its spelling and its leading dot (a dot
/// means "and subdomains"; none means host-only, or an IP address), the expiry is a ``LibsoupDate``.
struct LibsoupCookie: Sendable, Hashable {
    /// libsoup's `SoupSameSitePolicy`: no attribute and `SameSite=None` are the same, `NONE`.
    enum SameSitePolicy: String, Sendable, Hashable {
        case none = "None", lax = "Lax", strict = "Strict"

        /// A harness cookie's SameSite as libsoup can hold it (no attribute is `NONE`).
        init(_ sameSite: SameSite) {
            switch sameSite {
            case .lax: self = .lax
            case .strict: self = .strict
            case .none, .default: self = .none
            }
        }

        /// As the `libsoup` adapter reports it.
        var harnessValue: SameSite {
            switch self {
            case .none: .none
            case .lax: .lax
            case .strict: .strict
            }
        }
    }

    var name: String
    var value: String
    var domain: String
    var path: String
    var expires: LibsoupDate?
    var isSecure = false
    var isHTTPOnly = false
    var sameSite = SameSitePolicy.none

    /// The harness's view of it, as the `libsoup` adapter reports it (adapter.py `cookie_record`): the domain
    /// without its leading dots, host-only when it had none, the expiry in whole seconds.
    func cookie(creation: Date, sequence: UInt64) -> Cookie {
        Cookie(
            name: name, value: value, domain: String(domain.drop { $0 == "." }), path: path,
            expiry: expires.map { Date(timeIntervalSince1970: TimeInterval($0.unix)) }, creation: creation,
            isHostOnly: !domain.hasPrefix("."), isSecure: isSecure, isHTTPOnly: isHTTPOnly,
            sameSite: sameSite.harnessValue, creationSequence: sequence
        )
    }
}
