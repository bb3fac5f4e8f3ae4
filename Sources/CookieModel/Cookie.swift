import Foundation

/// A cookie as the storage model of RFC 6265bis §5.7 keeps it.
///
/// Identity within a jar is (name, domain, host-only, path): storing a cookie with the same identity replaces the old
/// one but keeps its creation time.
public struct Cookie: Sendable, Hashable, Codable {
    public var name: String
    public var value: String
    /// Lower-case, canonical host or domain, without a leading dot.
    public var domain: String
    public var path: String
    /// `nil` for a session cookie (the spec's persistent-flag false, expiry "the latest representable date").
    public var expiry: Date?
    public var creation: Date
    public var lastAccess: Date
    public var isHostOnly: Bool
    public var isSecure: Bool
    public var isHTTPOnly: Bool
    public var sameSite: SameSite
    /// Tie-breaker for cookies created at the same instant (a frozen clock): the order the jar created them in.
    public var creationSequence: UInt64

    public init(
        name: String, value: String, domain: String, path: String = "/", expiry: Date? = nil,
        creation: Date, lastAccess: Date? = nil, isHostOnly: Bool = true, isSecure: Bool = false,
        isHTTPOnly: Bool = false, sameSite: SameSite = .default, creationSequence: UInt64 = 0
    ) {
        self.name = name
        self.value = value
        self.domain = domain
        self.path = path
        self.expiry = expiry
        self.creation = creation
        self.lastAccess = lastAccess ?? creation
        self.isHostOnly = isHostOnly
        self.isSecure = isSecure
        self.isHTTPOnly = isHTTPOnly
        self.sameSite = sameSite
        self.creationSequence = creationSequence
    }

    private enum CodingKeys: String, CodingKey {
        case name, value, domain, path, expiry, creation, lastAccess, isHostOnly, isSecure, isHTTPOnly, sameSite
        case creationSequence
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try c.decode(String.self, forKey: .name), value: try c.decode(String.self, forKey: .value),
            domain: try c.decode(String.self, forKey: .domain), path: try c.decode(String.self, forKey: .path),
            expiry: try c.decodeIfPresent(Date.self, forKey: .expiry), creation: try c.decode(Date.self, forKey: .creation),
            lastAccess: try c.decode(Date.self, forKey: .lastAccess), isHostOnly: try c.decode(Bool.self, forKey: .isHostOnly),
            isSecure: try c.decode(Bool.self, forKey: .isSecure), isHTTPOnly: try c.decode(Bool.self, forKey: .isHTTPOnly),
            sameSite: try c.decode(SameSite.self, forKey: .sameSite),
            creationSequence: try c.decode(UInt64.self, forKey: .creationSequence)
        )
    }

    /// The spec's persistent-flag: the cookie carries an expiry and survives the end of the session.
    public var isPersistent: Bool { expiry != nil }

    /// Whether the cookie has expired at `now` (an expiry equal to now counts as past).
    public func isExpired(at now: Date) -> Bool {
        guard let expiry else { return false }
        return expiry <= now
    }

    /// `name=value`, or just the value for a name-less cookie (§5.8.3 step 4). (The jar keeps its cookies' pairs
    /// as octets in each domain's bucket, so that a `Cookie` header copies them from one buffer.)
    public var pair: String { name.isEmpty ? value : name + "=" + value }

    /// Whether `other` has this cookie's identity (§5.7 step 23): name, domain, host-only flag and path.
    public func hasSameIdentity(as other: Cookie) -> Bool {
        name == other.name && path == other.path && isHostOnly == other.isHostOnly && domain == other.domain
    }
}

/// The SameSite enforcement of a cookie (§5.6.7): absent or unrecognised values give `default`.
public enum SameSite: String, Sendable, Hashable, Codable, CaseIterable {
    case strict = "Strict"
    case lax = "Lax"
    case none = "None"
    /// No usable SameSite attribute: the user agent's default policy applies (Lax, or None, by configuration).
    case `default` = "Default"
}
