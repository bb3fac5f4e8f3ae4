import Foundation

extension CookieJar {
    /// A cookie the storage model (§5.7) accepted, on its way into a bucket, with its name and value still the
    /// octets they arrived as (the `Set-Cookie` line's, or a String's own storage): a bucket keeps them as octets,
    /// so storing a line builds no `Cookie` — no value String, no retain of its fields — unless the caller is
    /// handed one (``cookie``). Valid only inside the call that lends those octets.
    struct Draft {
        var name: UnsafeBufferPointer<UInt8>
        var value: UnsafeBufferPointer<UInt8>
        var domain: String
        var path: String
        var expiry: Date?
        var creation: Date
        var lastAccess: Date
        var isHostOnly: Bool
        var isSecure: Bool
        var isHTTPOnly: Bool
        var sameSite: SameSite
        var creationSequence: UInt64 = 0

        /// As ``Cookie/isExpired(at:)``.
        func isExpired(at now: Date) -> Bool {
            guard let expiry else { return false }
            return expiry <= now
        }

        /// The `Cookie` a caller is handed (``CookieStoreOutcome/stored(_:replaced:)``).
        var cookie: Cookie {
            Cookie(
                name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self),
                domain: domain, path: path, expiry: expiry, creation: creation, lastAccess: lastAccess,
                isHostOnly: isHostOnly, isSecure: isSecure, isHTTPOnly: isHTTPOnly, sameSite: sameSite,
                creationSequence: creationSequence)
        }

        /// Lends `cookie` to `body` as a draft, its name and value read from the Strings' own storage.
        static func lending<Result>(_ cookie: Cookie, _ body: (inout Draft) -> Result) -> Result {
            var (name, value) = (cookie.name, cookie.value)
            return name.withUTF8 { name in
                value.withUTF8 { value in
                    var draft = Draft(
                        name: name, value: value, domain: cookie.domain, path: cookie.path, expiry: cookie.expiry,
                        creation: cookie.creation, lastAccess: cookie.lastAccess, isHostOnly: cookie.isHostOnly,
                        isSecure: cookie.isSecure, isHTTPOnly: cookie.isHTTPOnly, sameSite: cookie.sameSite,
                        creationSequence: cookie.creationSequence)
                    return body(&draft)
                }
            }
        }
    }

    /// What storing did, before a `Cookie` is built for the caller: ``CookieStoreOutcome`` without the cookie.
    enum Disposition {
        case stored(replaced: Bool)
        case expiredOnArrival(removedExisting: Bool)
        case rejected(CookieRejection)

        /// The public outcome, the stored cookie built from `draft` (the draft ``insert`` finished).
        func outcome(_ draft: Draft?) -> CookieStoreOutcome {
            switch self {
            case .stored(let replaced): .stored(draft!.cookie, replaced: replaced)
            case .expiredOnArrival(let removedExisting): .expiredOnArrival(removedExisting: removedExisting)
            case .rejected(let rejection): .rejected(rejection)
            }
        }
    }
}
