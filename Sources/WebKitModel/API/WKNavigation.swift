/// `WKNavigation`: the handle of one navigation, passed to every delegate callback about it.
public final class WKNavigation: Hashable, CustomStringConvertible {
    /// The engine's identifier of the navigation.
    public let identifier: Int

    public init(identifier: Int) {
        self.identifier = identifier
    }

    public static func == (a: WKNavigation, b: WKNavigation) -> Bool { a.identifier == b.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
    public var description: String { "navigation #\(identifier)" }
}
