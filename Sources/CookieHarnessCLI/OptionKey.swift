/// An option declared once, with the type its value is read as: the command's ``CommandSpec`` lists it (so `--help`
/// and docs/commands.md show it) and the command's body reads it through it (`args[Key.junit]`), so no body names an
/// option by a string the parser might not know.
///
/// `Value` is what reading it gives: `Bool` for a flag, `String?` for a value taken once (the last one wins),
/// `[String]?` for a repeatable one (nil: not given, which several commands tell from an empty list).
package struct OptionKey<Value>: CommandOption, Sendable {
    package let spec: OptionSpec

    private init(_ spec: OptionSpec) { self.spec = spec }

    package var name: String { spec.name }
}

extension OptionKey where Value == Bool {
    /// `--NAME`, without a value.
    package static func flag(_ name: String, _ help: String) -> OptionKey { OptionKey(.flag(name, help)) }
}

extension OptionKey where Value == String? {
    /// `--NAME VALUE`, taken once (the last one wins).
    package static func valued(_ name: String, _ value: String, _ help: String) -> OptionKey {
        OptionKey(.valued(name, value, help))
    }
}

extension OptionKey where Value == [String]? {
    /// `--NAME VALUE`, any number of times.
    package static func repeatable(_ name: String, _ value: String, _ help: String) -> OptionKey {
        OptionKey(.valued(name, value, repeatable: true, help))
    }
}

/// What a ``CommandSpec`` lists: an option key of any value type.
package protocol CommandOption: Sendable {
    var spec: OptionSpec { get }
}

extension CommandLineArguments {
    /// Whether the flag was given.
    package subscript(key: OptionKey<Bool>) -> Bool { flags.contains(key.name) }

    /// The last value of a single-valued option, or nil when absent.
    package subscript(key: OptionKey<String?>) -> String? { options[key.name]?.last }

    /// Every value of a repeatable option in order, or nil when it was not given.
    package subscript(key: OptionKey<[String]?>) -> [String]? { options[key.name] }

    /// Whether the option was given at all, whatever its kind: for checks across options of several types.
    package func contains(_ option: any CommandOption) -> Bool {
        options[option.spec.name] != nil || flags.contains(option.spec.name)
    }

    /// An integer option within `range`, or nil when absent.
    /// - Throws: ``UsageError`` naming the option and the bad value.
    package func integer(_ key: OptionKey<String?>, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = self[key] else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("option '--\(key.name)': '\(text)' is not a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }
}
