import Foundation

/// The envelope every JSON-lines protocol of the harness shares (the store adapters' `PROTOCOL.md`, the WebKitGTK
/// driver's): requests to lines, lines to validated replies.
///
/// Pure message work. Every rule a reply can break is checked here and reported as a ``Violation`` whose message
/// names the field and what was found; the process layer (``ChildProcess``) adds the process, the request and the
/// offending line.
package enum LineProtocol {
    /// An operation's name (`op`); each protocol declares its own as static values.
    package struct Operation: Sendable, Hashable, CustomStringConvertible {
        package var name: String
        package init(_ name: String) { self.name = name }
        package var description: String { name }

        /// The handshake: who the process is and what it can do.
        package static let start = Self("start")
        /// Forget everything the previous scenario left.
        package static let reset = Self("reset")
        /// Exit now.
        package static let stop = Self("stop")
    }

    /// One request: an operation, its id and its fields.
    package struct Request: Sendable {
        package var id: Int
        package var operation: Operation
        package var fields: [String: JSONValue]

        package init(id: Int, _ operation: Operation, _ fields: [String: JSONValue] = [:]) {
            self.id = id
            self.operation = operation
            self.fields = fields
        }

        /// The request as sent: one line of JSON, without the newline.
        package var line: String {
            var message = fields
            message["id"] = .integer(id)
            message["op"] = .string(operation.name)
            return JSONValue.object(message).serialized
        }

        /// `#4 cookie-header https://app.example.com/home`: how errors name the request.
        package var summary: String {
            if case .string(let url)? = fields["url"] { return "#\(id) \(operation.name) \(url)" }
            return "#\(id) \(operation.name)"
        }
    }

    /// How the process answered.
    package enum Outcome: Sendable {
        case ok(Result)
        /// The adapter has no such operation (or cannot do it).
        case skipped(reason: String)
        /// The operation failed inside the adapter; the process stays usable.
        case errored(message: String, details: String?)
    }

    /// A reply that breaks the protocol; `message` says which rule.
    package struct Violation: Error, Sendable, CustomStringConvertible {
        package var message: String
        package init(_ message: String) { self.message = message }
        package var description: String { message }
    }

    /// The `result` object of an `ok` reply, with typed accessors that throw naming the field.
    package struct Result: Sendable {
        package var fields: [String: JSONValue]
        /// The reply line it came from, for error messages.
        package var line: String

        package init(fields: [String: JSONValue], line: String = "") {
            self.fields = fields
            self.line = line
        }

        package func value(_ key: String) throws(Violation) -> JSONValue {
            guard let value = fields[key] else { throw Violation("missing field 'result.\(key)'") }
            return value
        }

        package func string(_ key: String) throws(Violation) -> String {
            let value = try value(key)
            guard case .string(let string) = value else {
                throw Violation("field 'result.\(key)' must be a string, found \(value.typeName)")
            }
            return string
        }

        package func optionalString(_ key: String) throws(Violation) -> String? {
            switch try value(key) {
            case .null: return nil
            case .string(let string): return string
            case let other: throw Violation("field 'result.\(key)' must be a string or null, found \(other.typeName)")
            }
        }

        package func integer(_ key: String) throws(Violation) -> Int {
            let value = try value(key)
            guard case .integer(let integer) = value else {
                throw Violation("field 'result.\(key)' must be an integer, found \(value.typeName)")
            }
            return integer
        }

        package func array(_ key: String) throws(Violation) -> [JSONValue] {
            let value = try value(key)
            guard case .array(let array) = value else {
                throw Violation("field 'result.\(key)' must be an array, found \(value.typeName)")
            }
            return array
        }
    }

    // MARK: Replies

    /// Validates one line of the adapter's stdout as the reply to `request`.
    /// - Throws: ``Violation`` naming the broken rule.
    package static func reply(_ line: Data, to request: Request) throws(Violation) -> Outcome {
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
}
