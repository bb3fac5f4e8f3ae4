/// One HTTP header field, in the order it was written: the one type of the virtual network, the harness's apps and
/// the WebKit-shaped API.
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
    ///
    /// The values of a name are collected first and joined once: appending each to the value built so far copied
    /// it every time, quadratic in a response's `Set-Cookie` bytes (7,000 lines of 4 KB took minutes).
    public var foldedDictionary: [String: String] {
        var values: [String: [String]] = [:]
        var spelling: [String: String] = [:]
        for field in self {
            let lower = field.name.lowercased()
            let key = spelling[lower] ?? field.name
            spelling[lower] = key
            values[key, default: []].append(field.value)
        }
        return values.mapValues { $0.joined(separator: ", ") }
    }
}
