import Foundation

/// What one check of a scenario saw, whether it passed or not: two engines agree on a scenario only when every
/// check saw the same thing (a `contains` check passes on two different headers; the headers still differ).
public struct Observation: Sendable, Hashable, CustomStringConvertible {
    /// The check's place in the suite file.
    public var location: SuiteLocation
    /// What was looked at, e.g. `Cookie header of GET https://a.example/`.
    public var subject: String
    /// What it held, in the order seen: a header's or `document.cookie`'s `name=value` pairs, a store's cookies,
    /// or one value (an outcome, a count, a body); empty for no cookie.
    public var items: [String]

    public init(_ location: SuiteLocation, _ subject: String, _ items: [String]) {
        self.location = location
        self.subject = subject
        self.items = items
    }

    /// The pairs of a cookie string (`a=1; b=2`), as the string lists them.
    public init(_ location: SuiteLocation, _ subject: String, cookies: String) {
        self.init(location, subject, CookieListText.items(cookies).map(String.init))
    }

    /// The same subject and items, possibly in another order.
    public func hasSameItemsIgnoringOrder(as other: Observation) -> Bool {
        location == other.location && subject == other.subject && items.sorted() == other.items.sorted()
    }

    /// `Cookie header of GET https://a.example/: a=1; b=2`.
    public var description: String {
        "\(subject): " + (items.isEmpty ? "(none)" : items.joined(separator: "; "))
    }
}
