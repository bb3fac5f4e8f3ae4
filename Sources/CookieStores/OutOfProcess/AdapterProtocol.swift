import CookieModel
import Foundation
import HarnessCore

/// The harness's side of the out-of-process adapter protocol, version 1 (`PROTOCOL.md` beside this file).
///
/// Pure message work: requests to lines, lines to validated replies. Every rule a reply can break is checked here
/// and reported as a ``Violation`` whose message names the field and what was found; the process layer adds the
/// adapter, the request and the offending line.
enum AdapterProtocol {
    /// The version this harness speaks; sent in `start`, and the adapter must answer with the same.
    static let version = 1

    /// The operations of protocol 1.
    enum Operation: String, Sendable, CaseIterable {
        case start
        case setCookie = "set-cookie"
        case cookieHeader = "cookie-header"
        case documentCookie = "document-cookie"
        case writeDocumentCookie = "write-document-cookie"
        case cookies
        case restart
        case reset
        case stop
    }

    /// One request: an operation, its id and its fields.
    struct Request: Sendable {
        var id: Int
        var operation: Operation
        var fields: [String: JSONValue]

        init(id: Int, _ operation: Operation, _ fields: [String: JSONValue] = [:]) {
            self.id = id
            self.operation = operation
            self.fields = fields
        }

        /// The request as sent: one line of JSON, without the newline.
        var line: String {
            var message = fields
            message["id"] = .integer(id)
            message["op"] = .string(operation.rawValue)
            return JSONValue.object(message).serialized
        }

        /// `#4 cookie-header https://app.example.com/home`: how errors name the request.
        var summary: String {
            if case .string(let url)? = fields["url"] { return "#\(id) \(operation.rawValue) \(url)" }
            return "#\(id) \(operation.rawValue)"
        }
    }

    /// How the adapter answered.
    enum Outcome: Sendable {
        case ok(Result)
        /// The adapter has no such operation (or cannot do it): the store throws `CookieStoreError.unsupported`.
        case skipped(reason: String)
        /// The operation failed inside the adapter; the process stays usable.
        case errored(message: String, details: String?)
    }

    /// A reply that breaks the protocol; `message` says which rule.
    struct Violation: Error, Sendable, CustomStringConvertible {
        var message: String
        init(_ message: String) { self.message = message }
        var description: String { message }
    }

    /// The `result` object of an `ok` reply, with typed accessors that throw naming the field.
    struct Result: Sendable {
        var fields: [String: JSONValue]
        /// The reply line it came from, for error messages.
        var line: String = ""

        func value(_ key: String) throws(Violation) -> JSONValue {
            guard let value = fields[key] else { throw Violation("missing field 'result.\(key)'") }
            return value
        }

        func string(_ key: String) throws(Violation) -> String {
            let value = try value(key)
            guard case .string(let string) = value else {
                throw Violation("field 'result.\(key)' must be a string, found \(value.typeName)")
            }
            return string
        }

        func optionalString(_ key: String) throws(Violation) -> String? {
            switch try value(key) {
            case .null: return nil
            case .string(let string): return string
            case let other: throw Violation("field 'result.\(key)' must be a string or null, found \(other.typeName)")
            }
        }

        func integer(_ key: String) throws(Violation) -> Int {
            let value = try value(key)
            guard case .integer(let integer) = value else {
                throw Violation("field 'result.\(key)' must be an integer, found \(value.typeName)")
            }
            return integer
        }

        func array(_ key: String) throws(Violation) -> [JSONValue] {
            let value = try value(key)
            guard case .array(let array) = value else {
                throw Violation("field 'result.\(key)' must be an array, found \(value.typeName)")
            }
            return array
        }
    }

    // MARK: Requests

    /// The request context of RFC 6265bis §5.2, as the protocol spells it.
    static func context(_ context: CookieRequestContext) -> JSONValue {
        .object([
            "api": .string(context.api == .http ? "http" : "non-http"),
            "same-site": .bool(context.isSameSite),
            "top-level": .bool(context.isTopLevelNavigation),
            "safe-method": .bool(context.isSafeMethod),
        ])
    }

    /// The virtual clock's instant: seconds since the Unix epoch.
    static func instant(_ date: Date) -> JSONValue { .number(date.timeIntervalSince1970) }

    // MARK: Replies

    /// Validates one line of the adapter's stdout as the reply to `request`.
    /// - Throws: ``Violation`` naming the broken rule.
    static func reply(_ line: Data, to request: Request) throws(Violation) -> Outcome {
        let json: JSONValue
        do {
            json = try JSONValue.parse(line)
        } catch {
            throw Violation("not JSON (\(error.explanation)); every line on stdout must be one reply")
        }
        guard case .object(let reply) = json else {
            throw Violation("a reply must be a JSON object, found \(json.typeName)")
        }
        let status = reply["status"]
        switch reply["id"] {
        case nil:
            throw Violation("missing field 'id' (the id of the request answered, \(request.id))")
        case .integer(let id)?:
            guard id == request.id else {
                throw Violation("reply to the wrong request: expected id \(request.id), found \(id)")
            }
        case .null? where status == .string("errored"):
            let message = reply["message"].flatMap { if case .string(let text) = $0 { text } else { nil } } ?? "(none)"
            throw Violation("an errored reply with a null id (the adapter could not read request \(request.id)): \(message)")
        case let other?:
            throw Violation("field 'id' must be an integer, found \(other.typeName)")
        }
        switch status {
        case .string("ok")?:
            switch reply["result"] {
            case .object(let result)?: return .ok(Result(fields: result, line: String(decoding: line, as: UTF8.self)))
            case nil: throw Violation("missing field 'result' in an ok reply (an object, {} when there is nothing to say)")
            case let other?: throw Violation("field 'result' must be an object, found \(other.typeName)")
            }
        case .string("skipped")?:
            guard case .string(let reason)? = reply["reason"] else {
                throw Violation("a skipped reply needs a string field 'reason'")
            }
            return .skipped(reason: reason)
        case .string("errored")?:
            guard case .string(let message)? = reply["message"] else {
                throw Violation("an errored reply needs a string field 'message'")
            }
            switch reply["details"] {
            case nil, .null?: return .errored(message: message, details: nil)
            case .string(let details)?: return .errored(message: message, details: details)
            case let other?: throw Violation("field 'details' must be a string, found \(other.typeName)")
            }
        case .string(let other)?:
            throw Violation("field 'status' must be \"ok\", \"skipped\" or \"errored\", found \"\(other)\"")
        case nil:
            throw Violation("missing field 'status' (\"ok\", \"skipped\" or \"errored\")")
        case let other?:
            throw Violation("field 'status' must be a string, found \(other.typeName)")
        }
    }

    // MARK: Results

    /// The stored cookies of a `cookies` result.
    ///
    /// - Parameter now: The creation time for cookies whose `created` is not given.
    static func cookies(in result: Result, now: Date) throws(Violation) -> [Cookie] {
        var cookies: [Cookie] = []
        for (index, entry) in try result.array("cookies").enumerated() {
            guard case .object(let fields) = entry else {
                throw Violation("'result.cookies[\(index)]' must be an object, found \(entry.typeName)")
            }
            cookies.append(try cookie(fields, at: "result.cookies[\(index)]", index: index, now: now))
        }
        return cookies
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
