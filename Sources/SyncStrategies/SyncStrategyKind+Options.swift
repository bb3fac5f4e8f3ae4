extension SyncStrategyKind {
    /// A library port whose release reads `options`: `make` builds it with their values, and ``setting(_:)`` makes
    /// the kinds an adapter name asks for.
    init(
        name: String, summary: String, knownBreakage: String, origin: LibraryOrigin, options: [LibraryOption],
        make: @escaping @Sendable (LibraryOptionValues) -> any SyncStrategy
    ) {
        self.init(name: name, summary: summary, knownBreakage: knownBreakage, origin: origin) { make(LibraryOptionValues()) }
        self.options = options
        makeWithOptions = make
    }

    /// The options an adapter name may set (those with no reason not to be).
    public var parameters: [LibraryOption] { options.filter { $0.notAParameter == nil } }

    /// This kind with the options `written` (name and value text, in the kind's order) set: named
    /// `NAME[OPTION=VALUE,…]`, the summary saying what is set.
    ///
    /// - Throws: ``LibraryOptionError`` for an option the kind does not read (naming those it does), one listed
    ///   with the reason no adapter sets it, a value other than `true` or `false`, a default value, an option
    ///   given twice or out of the kind's order (one adapter, one name), or a kind already set.
    public func setting(_ written: [(name: String, value: String)]) throws(LibraryOptionError) -> SyncStrategyKind {
        let known = parameters.map(\.name)
        guard values.isEmpty, let makeWithOptions else {
            throw LibraryOptionError("'\(name)' has no options" + (values.isEmpty ? "" : " left to set"))
        }
        guard !written.isEmpty else { throw LibraryOptionError("'\(name)[]': no option between the brackets (\(knownList))") }
        var changed: [String: Bool] = [:]
        var lastIndex = -1
        for (optionName, text) in written {
            guard let option = options.first(where: { $0.name == optionName }) else {
                throw LibraryOptionError("'\(name)' has no option '\(optionName)' (\(knownList))")
            }
            if let reason = option.notAParameter {
                throw LibraryOptionError("'\(name)': '\(optionName)' is not an adapter option: \(reason)")
            }
            guard let value = Bool(text) else {
                throw LibraryOptionError("'\(name)': '\(optionName)=\(text)': the value is true or false")
            }
            guard value != option.defaultValue else {
                throw LibraryOptionError(
                    "'\(name)': \(option.written(value)) is the default; leave it out (the adapter without it is '\(name)')")
            }
            let index = known.firstIndex(of: optionName)!
            guard changed[optionName] == nil, index > lastIndex else {
                throw LibraryOptionError("'\(name)': write each option once, in the order \(known.joined(separator: ", "))")
            }
            lastIndex = index
            changed[optionName] = value
        }
        let values = LibraryOptionValues(changed)
        let setting = parameters.filter { changed[$0.name] != nil }.map { $0.written(values[$0]) }.joined(separator: ",")
        var kind = self
        kind.name = "\(name)[\(setting)]"
        kind.summary = "\(summary); with \(setting.replacingOccurrences(of: ",", with: ", "))"
        kind.values = values
        kind.make = { makeWithOptions(values) }
        return kind
    }

    /// `kinds`' options and their defaults, for an error message.
    private var knownList: String {
        let known = parameters.map { "\($0.name) (default \($0.defaultValue))" }
        return known.isEmpty ? "it has none" : "its options: " + known.joined(separator: ", ")
    }

    /// The strategy or library port `name` stands for, options included (`rnw-shared-cookies:13.10.6[incognito=true]`),
    /// or nil when no kind has that name.
    /// - Throws: ``LibraryOptionError`` when the name's options cannot be read or set.
    public static func resolving(_ name: String) throws(LibraryOptionError) -> SyncStrategyKind? {
        let parsed: StrategyName?
        do {
            parsed = try StrategyName(parsing: name)
        } catch {
            throw LibraryOptionError(error.description)
        }
        guard let parsed else { return named(name) }
        guard parsed.profile.isEmpty else { throw LibraryOptionError("'\(name)': a kind's name has no '@PROFILE'") }
        guard let kind = named(parsed.kind) else { return nil }
        return try kind.setting(parsed.options)
    }
}

/// Why an adapter name's options cannot be set, with the options the kind knows.
public struct LibraryOptionError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
