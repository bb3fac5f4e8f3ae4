import Foundation

extension KeyValueStore {
    /// The JSON list the strategies keep under `key` in `UserDefaults` (dates as seconds since 1970): empty when
    /// there is none or it no longer decodes, as an app's `(try? decode) ?? []` reads it.
    func savedList<Element: Decodable>(of type: Element.Type, forKey key: String) -> [Element] {
        guard let data = data(forKey: key) else { return [] }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return (try? decoder.decode([Element].self, from: data)) ?? []
    }

    /// Saves `list` under `key` as JSON, keys sorted and dates as seconds since 1970 (the same bytes every time).
    func saveList<Element: Encodable>(_ list: [Element], forKey key: String) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = .sortedKeys
        set(try? encoder.encode(list), forKey: key)
    }
}
