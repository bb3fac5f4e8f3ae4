/// A setting an app turns on for a library it ships (a React Native prop, a `capacitor.config` switch): a parameter
/// of the library's port, so that a team sees what the setting changes, not only what the default does.
///
/// Every option here is a switch. A port's kind declares the options its release reads, with their defaults; an
/// adapter name sets the others (`NAME[OPTION=VALUE,…]`, ``StrategyName``). An option the port cannot show on the
/// harness's profiles (an Android-only prop, a switch the adapter's name already chooses) is declared with the reason,
/// so `list adapters` says so and a name that sets it gets that reason as its error.
public struct LibraryOption: Sendable, Hashable {
    /// The option as the library's users write it, e.g. `sharedCookiesEnabled`.
    public var name: String
    /// The value the kind's plain name stands for: the library's default, or the setting the kind is named for
    /// (`capacitor-cookies:V` is an app that turned `CapacitorCookies` on, which Capacitor leaves off).
    public var defaultValue: Bool
    /// What setting it does to the app's cookies, one line.
    public var summary: String
    /// Why no adapter sets this option, or nil when it is a parameter of the port.
    public var notAParameter: String?

    public init(_ name: String, default defaultValue: Bool, _ summary: String, notAParameter: String? = nil) {
        self.name = name
        self.defaultValue = defaultValue
        self.summary = summary
        self.notAParameter = notAParameter
    }

    /// `name=true` or `name=false`, as an adapter name writes it.
    public func written(_ value: Bool) -> String { "\(name)=\(value)" }
}

/// The values an adapter's name gives a port's options; an option it does not name has its default.
public struct LibraryOptionValues: Sendable, Hashable {
    /// The options set away from their defaults, by name.
    public private(set) var changed: [String: Bool]

    public init(_ changed: [String: Bool] = [:]) {
        self.changed = changed
    }

    /// `option`'s value: the one set, else its default.
    public subscript(_ option: LibraryOption) -> Bool { changed[option.name] ?? option.defaultValue }

    public var isEmpty: Bool { changed.isEmpty }
}
