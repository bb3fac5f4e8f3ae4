/// One HTTP header field, in the order it was written.
///
/// WebKit hands headers around as dictionaries (`allHTTPHeaderFields`, `allHeaderFields`), which lose order and
/// fold repeated fields; the model keeps the fields as a list underneath so that transcripts show what went over
/// the wire, and offers the dictionary views WebKit code expects on top.
public struct HTTPHeaderField: Sendable, Hashable, Codable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

extension [HTTPHeaderField] {
    /// The values of the fields called `name` (case-insensitive), joined by `separator`; nil when there is none.
    public func joinedValue(of name: String, separator: String) -> String? {
        let lower = name.lowercased()
        let values = filter { $0.name.lowercased() == lower }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: separator)
    }

    /// Every field except those called `name` (case-insensitive).
    public func removing(_ name: String) -> [HTTPHeaderField] {
        let lower = name.lowercased()
        return filter { $0.name.lowercased() != lower }
    }

    /// A dictionary view, the way Foundation builds one: repeated fields joined with ", " under the first spelling
    /// of their name (DESIGN §6 rule 5 for `Set-Cookie`).
    public var foldedDictionary: [String: String] {
        var result: [String: String] = [:]
        var spelling: [String: String] = [:]
        for field in self {
            let lower = field.name.lowercased()
            if let key = spelling[lower] {
                result[key] = result[key]! + ", " + field.value
            } else {
                spelling[lower] = field.name
                result[field.name] = field.value
            }
        }
        return result
    }
}
