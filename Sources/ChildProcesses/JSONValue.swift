import Foundation

/// One JSON value of a protocol message, typed exactly as it was written.
///
/// Replies are validated field by field with messages that name the field and the type found, so the decoder
/// must keep `true` apart from `1` and `1` apart from `"1"`; a generic `[String: Any]` cannot. Requests are
/// serialized by hand so that `id` and `op` come first on every line a person reads in a log.
package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// A short name of the value's JSON type, for "expected X, found Y" messages.
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    // MARK: Reading

    /// Parses one line of JSON.
    /// - Throws: `JSONValue.SyntaxError` with the decoder's explanation when the line is not JSON.
    package static func parse(_ line: Data) throws(SyntaxError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: line)
        } catch let error as DecodingError {
            switch error {
            case .dataCorrupted(let context):
                let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
                throw SyntaxError(explanation: underlying ?? context.debugDescription)
            default:
                throw SyntaxError(explanation: "\(error)")
            }
        } catch {
            throw SyntaxError(explanation: "\(error)")
        }
    }

    package struct SyntaxError: Error, Sendable {
        package var explanation: String
    }

    // MARK: Writing

    /// The value as one line of JSON (no newline inside: control characters are escaped).
    package var serialized: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .integer(let value): output += String(value)
        case .number(let value):
            // Virtual-clock instants and the like: finite by construction; JSON has no NaN or infinity.
            output += value.isFinite ? (value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)") : "null"
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, key) in JSONValue.orderedKeys(members.keys).enumerated() {
                if index > 0 { output += "," }
                JSONValue.writeString(key, to: &output)
                output += ":"
                members[key]!.write(to: &output)
            }
            output += "}"
        }
    }

    /// `id` and `op` first, then the rest alphabetically: stable lines that read well in a log.
    private static func orderedKeys(_ keys: Dictionary<String, JSONValue>.Keys) -> [String] {
        let leading = ["id", "op"]
        return leading.filter(keys.contains) + keys.filter { !leading.contains($0) }.sorted()
    }

    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{2028}": output += "\\u2028"
            case "\u{2029}": output += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    output += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}

extension JSONValue: Decodable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral {
    package init(stringLiteral value: String) { self = .string(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(integerLiteral value: Int) { self = .integer(value) }
}
