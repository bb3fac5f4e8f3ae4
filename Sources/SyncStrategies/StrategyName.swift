/// An adapter name with a port's options: `KIND[OPTION=VALUE,…]`, then the profile as for every strategy
/// (`rnw-shared-cookies:13.10.6[incognito=true]@ios-18`).
///
/// The options sit between the kind and the `@`, so a name without them is exactly the name it always was, and the
/// `:version` and `@profile` parts keep their meaning. Each value is written out (`=true`, `=false`): one adapter has
/// one name, which is what expectation files, results and the truth table key on, so ``SyncStrategyKind/setting(_:)``
/// refuses a name that is not written the one way (a default value, another order).
public struct StrategyName: Sendable, Hashable, CustomStringConvertible {
    /// The kind's name, e.g. `rnw-shared-cookies:13.10.6`.
    public var kind: String
    /// The options as written, in order: name and value text.
    public var options: [(name: String, value: String)]
    /// The profile part with its `@` (`@ios-18`), or empty for the first profile.
    public var profile: String

    public init(kind: String, options: [(name: String, value: String)], profile: String = "") {
        self.kind = kind
        self.options = options
        self.profile = profile
    }

    /// Why a name cannot be read.
    public struct ParseError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads `name`; nil when it has no `[…]` part (a plain adapter name).
    /// - Throws: ``ParseError`` for a bracket left open, text between `]` and `@`, an empty option or one without a
    ///   name.
    public init?(parsing name: String) throws(ParseError) {
        guard let open = name.firstIndex(of: "[") else { return nil }
        guard let close = name[open...].firstIndex(of: "]") else {
            throw ParseError(description: "'\(name)': the options' '[' is never closed (write NAME[OPTION=VALUE,…]@PROFILE)")
        }
        let rest = name[name.index(after: close)...]
        guard rest.isEmpty || rest.hasPrefix("@") else {
            throw ParseError(description: "'\(name)': after the options' ']' only '@PROFILE' may follow, not '\(rest)'")
        }
        var options: [(name: String, value: String)] = []
        for part in name[name.index(after: open)..<close].split(separator: ",", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard pair.count == 2, !pair[0].isEmpty else {
                throw ParseError(description: "'\(name)': option '\(part)' is not OPTION=VALUE (e.g. incognito=true)")
            }
            options.append((pair[0], pair[1]))
        }
        self.init(kind: String(name[..<open]), options: options, profile: String(rest))
    }

    /// The name as written: `KIND[OPTION=VALUE,…]@PROFILE`, or `KIND@PROFILE` without options.
    public var description: String {
        let written = options.isEmpty ? "" : "[" + options.map { "\($0.name)=\($0.value)" }.joined(separator: ",") + "]"
        return kind + written + profile
    }

    public static func == (a: Self, b: Self) -> Bool { a.description == b.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}
