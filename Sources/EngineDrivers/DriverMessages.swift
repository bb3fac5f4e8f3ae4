import ChildProcesses
import CookieModel
import Foundation
import WebKitModel

/// The driver protocol's value types (`harness_drivers/PROTOCOL.md`) to and from the WebKit-shaped API's.
enum DriverMessages {
    /// A `cookie` object: a domain cookie's domain carries a leading dot (as libsoup keeps it), a host-only
    /// cookie's does not.
    static func cookie(_ cookie: Cookie) -> JSONValue {
        let sameSite: JSONValue =
            switch cookie.sameSite {
            case .strict: "strict"
            case .lax: "lax"
            case .none: "none"
            case .default: .null
            }
        return .object([
            "name": .string(cookie.name), "value": .string(cookie.value),
            "domain": .string(cookie.isHostOnly ? cookie.domain : "." + cookie.domain), "path": .string(cookie.path),
            "secure": .bool(cookie.isSecure), "http-only": .bool(cookie.isHTTPOnly),
            "expires": cookie.expiry.map { .number($0.timeIntervalSince1970.rounded(.down)) } ?? .null,
            "same-site": sameSite,
        ])
    }

    /// The cookies of a `get-cookies` result, in the driver's order.
    static func cookies(in result: LineProtocol.Result, now: Date) throws(LineProtocol.Violation) -> [Cookie] {
        try result.array("cookies").enumerated().map { (index, entry) throws(LineProtocol.Violation) in
            let fields = try object(entry, "result.cookies[\(index)]")
            var domain = try string(fields, "domain").lowercased()
            let isHostOnly = !domain.hasPrefix(".")
            while domain.hasPrefix(".") { domain.removeFirst() }
            let sameSite: SameSite =
                switch fields["same-site"] {
                case .string("strict")?: .strict
                case .string("lax")?: .lax
                case .string("none")?: .none
                default: .default
                }
            let expiry: Date? =
                switch fields["expires"] {
                case .integer(let seconds)?: Date(timeIntervalSince1970: TimeInterval(seconds))
                case .number(let seconds)?: Date(timeIntervalSince1970: seconds)
                default: nil
                }
            return Cookie(
                name: try string(fields, "name"), value: try string(fields, "value"), domain: domain,
                path: try string(fields, "path"), expiry: expiry, creation: now, isHostOnly: isHostOnly,
                isSecure: fields["secure"] == .bool(true), isHTTPOnly: fields["http-only"] == .bool(true),
                sameSite: sameSite, creationSequence: UInt64(index)
            )
        }
    }

    /// `[[name, value], …]`.
    static func headers(_ fields: [HTTPHeaderField]) -> JSONValue {
        .array(fields.map { .array([.string($0.name), .string($0.value)]) })
    }

    static func headers(_ value: JSONValue?, _ place: String) throws(LineProtocol.Violation) -> [HTTPHeaderField] {
        guard case .array(let pairs)? = value else { throw LineProtocol.Violation("'\(place)' must be an array of [name, value]") }
        return try pairs.map { (pair) throws(LineProtocol.Violation) in
            guard case .array(let parts) = pair, parts.count == 2, case .string(let name) = parts[0],
                  case .string(let value) = parts[1]
            else { throw LineProtocol.Violation("'\(place)' must hold [name, value] string pairs, found \(pair.serialized)") }
            return HTTPHeaderField(name: name, value: value)
        }
    }

    static func object(_ value: JSONValue?, _ place: String) throws(LineProtocol.Violation) -> [String: JSONValue] {
        guard case .object(let fields)? = value else { throw LineProtocol.Violation("'\(place)' must be an object") }
        return fields
    }

    static func string(_ fields: [String: JSONValue], _ key: String) throws(LineProtocol.Violation) -> String {
        guard case .string(let string)? = fields[key] else { throw LineProtocol.Violation("field '\(key)' must be a string") }
        return string
    }

    static func integer(_ fields: [String: JSONValue], _ key: String) throws(LineProtocol.Violation) -> Int {
        guard case .integer(let integer)? = fields[key] else { throw LineProtocol.Violation("field '\(key)' must be an integer") }
        return integer
    }

    static func url(_ fields: [String: JSONValue], _ key: String) throws(LineProtocol.Violation) -> URL {
        let text = try string(fields, key)
        guard let url = URL(string: text) else { throw LineProtocol.Violation("field '\(key)' is not a URL: \(text)") }
        return url
    }

    /// `WKNavigationType` from the driver's `navigation-type`.
    static func navigationType(_ name: JSONValue?) -> WKNavigationType {
        switch name {
        case .string("link-activated")?: .linkActivated
        case .string("form-submitted")?: .formSubmitted
        case .string("back-forward")?: .backForward
        case .string("reload")?: .reload
        case .string("form-resubmitted")?: .formResubmitted
        default: .other
        }
    }
}
