import CookieModel
import Foundation
import ChildProcesses
import HarnessCore

/// The harness's side of the out-of-process adapter protocol, version 1 (`PROTOCOL.md` beside this file).
///
/// Pure message work: requests to lines, lines to validated replies. Every rule a reply can break is checked here
/// and reported as a ``Violation`` whose message names the field and what was found; the process layer adds the
/// adapter, the request and the offending line.
package enum AdapterProtocol {
    /// The version this harness speaks; sent in `start`, and the adapter must answer with the same.
    package static let version = 1

    package typealias Operation = LineProtocol.Operation
    package typealias Request = LineProtocol.Request
    package typealias Outcome = LineProtocol.Outcome
    package typealias Violation = LineProtocol.Violation
    package typealias Result = LineProtocol.Result

    /// Validates one line of the adapter's stdout as the reply to `request` (``LineProtocol/reply(_:to:)``).
    package static func reply(_ line: Data, to request: Request) throws(Violation) -> Outcome {
        try LineProtocol.reply(line, to: request)
    }

    // MARK: Requests

    /// The request context of RFC 6265bis §5.2, as the protocol spells it. `same-site` is §5.2's verdict on the
    /// whole request: a request that is the result of a cross-site redirect is cross-site whatever its initiator, so
    /// a library with no notion of redirect chains needs no field of its own for it.
    static func context(_ context: CookieRequestContext) -> JSONValue {
        .object([
            "api": .string(context.api == .http ? "http" : "non-http"),
            "same-site": .bool(context.isSameSiteRequest),
            "top-level": .bool(context.isTopLevelNavigation),
            "safe-method": .bool(context.isSafeMethod),
        ])
    }

    /// The virtual clock's instant: seconds since the Unix epoch.
    static func instant(_ date: Date) -> JSONValue { .number(date.timeIntervalSince1970) }

    // MARK: Results

    /// The stored cookies of a `cookies` result.
    ///
    /// - Parameter now: The creation time for cookies whose `created` is not given.
    package static func cookies(in result: Result, now: Date) throws(Violation) -> [Cookie] {
        var cookies: [Cookie] = []
        for (index, entry) in try result.array("cookies").enumerated() {
            guard case .object(let fields) = entry else {
                throw Violation("'result.cookies[\(index)]' must be an object, found \(entry.typeName)")
            }
            cookies.append(try cookie(fields, at: "result.cookies[\(index)]", index: index, now: now))
        }
        // A store may keep expired cookies until it next looks (PROTOCOL.md, "cookies"): RFC 6265bis §5.7 lets it
        // evict them at any time, so one it has not purged yet is not in the store as far as anyone can tell.
        return cookies.filter { !$0.isExpired(at: now) }
    }

    private static func cookie(_ fields: [String: JSONValue], at place: String, index: Int, now: Date) throws(Violation) -> Cookie {
        func field(_ key: String) throws(Violation) -> JSONValue {
            guard let value = fields[key] else { throw Violation("missing field '\(place).\(key)'") }
            return value
        }
        func string(_ key: String) throws(Violation) -> String {
            let value = try field(key)
            guard case .string(let string) = value else {
                throw Violation("field '\(place).\(key)' must be a string, found \(value.typeName)")
            }
            return string
        }
        func bool(_ key: String) throws(Violation) -> Bool {
            let value = try field(key)
            guard case .bool(let bool) = value else {
                throw Violation("field '\(place).\(key)' must be a boolean, found \(value.typeName)")
            }
            return bool
        }
        func instant(_ key: String, optional: Bool) throws(Violation) -> Date? {
            switch fields[key] {
            case nil where optional, .null?: return nil
            case .integer(let seconds)?: return Date(timeIntervalSince1970: TimeInterval(seconds))
            case .number(let seconds)?: return Date(timeIntervalSince1970: seconds)
            case nil: throw Violation("missing field '\(place).\(key)' (seconds since the epoch, or null)")
            case let other?: throw Violation("field '\(place).\(key)' must be a number or null, found \(other.typeName)")
            }
        }
        let sameSite: SameSite
        switch fields["same-site"] {
        case nil, .string("default")?: sameSite = .default
        case .string("strict")?: sameSite = .strict
        case .string("lax")?: sameSite = .lax
        case .string("none")?: sameSite = .none
        case let other?:
            throw Violation("field '\(place).same-site' must be \"strict\", \"lax\", \"none\" or \"default\", found \(other.serialized)")
        }
        var domain = try string("domain").lowercased()
        while domain.hasPrefix(".") { domain.removeFirst() }
        return Cookie(
            name: try string("name"), value: try string("value"), domain: domain, path: try string("path"),
            expiry: try instant("expires", optional: false), creation: try instant("created", optional: true) ?? now,
            isHostOnly: try bool("host-only"), isSecure: try bool("secure"), isHTTPOnly: try bool("http-only"),
            sameSite: sameSite, creationSequence: UInt64(index)
        )
    }
}

/// The operations of protocol 1 (`start`, `reset` and `stop` are every line protocol's).
extension LineProtocol.Operation {
    static let setCookie = Self("set-cookie")
    static let cookieHeader = Self("cookie-header")
    static let documentCookie = Self("document-cookie")
    static let writeDocumentCookie = Self("write-document-cookie")
    static let cookies = Self("cookies")
    static let restart = Self("restart")
    /// Optional: an adapter without it answers `skipped` (the store cannot empty itself).
    static let removeAllCookies = Self("remove-all-cookies")
    /// Optional, announced by the `bench` capability (PROTOCOL.md, "bench").
    static let bench = Self("bench")
}
