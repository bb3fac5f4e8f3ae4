import Foundation

/// What the storage model (§5.7) reads of a cookie-attribute-list: "the last attribute … with an attribute-name
/// of" each kind, kept as the attributes arrive, so that storing a line needs no list of them.
struct LastAttributes {
    var maxAge: Date?
    var expires: Date?
    /// The last Max-Age or Expires, whichever came later (a jar that does not let Max-Age win reads this).
    var lifetime: Date?
    var domain: String?
    var path: String?
    var sameSite: SameSite?
    var isSecure = false
    var isHTTPOnly = false

    init() {}

    init(_ attributes: [CookieAttribute]) {
        self.init()
        for attribute in attributes { add(attribute) }
    }

    mutating func add(_ attribute: CookieAttribute) {
        switch attribute {
        case .maxAge(let date): maxAge = date; lifetime = date
        case .expires(let date): expires = date; lifetime = date
        case .domain(let value): domain = value
        case .path(let value): path = value
        case .sameSite(let mode): sameSite = mode
        case .secure: isSecure = true
        case .httpOnly: isHTTPOnly = true
        }
    }
}
