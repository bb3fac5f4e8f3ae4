/// The command line, split into positional arguments and options; the one small parser of the tool.
///
/// Accepts `--name value`, `--name=value`, repeatable options, boolean flags, `--` (everything after is
/// positional) and `-h`/`--help`. It knows which names take values and which are flags, so an unknown option or a
/// missing value is an error naming the option, never a silent guess.
package struct CommandLineArguments: Sendable, Equatable {
    package var positional: [String] = []
    package var options: [String: [String]] = [:]
    package var flags: Set<String> = []
    package var wantsHelp = false

    /// Parses `arguments` for a command whose options take values (`valued`) or not (`flags`).
    /// - Throws: ``UsageError`` for an unknown option or an option without its value.
    package init(_ arguments: [String], valued: Set<String> = [], flags allowedFlags: Set<String> = []) throws {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positional.append(contentsOf: arguments[index...])
                break
            }
            if argument == "-h" || argument == "--help" {
                wantsHelp = true
                continue
            }
            guard argument.hasPrefix("--"), argument.count > 2 else {
                if argument.hasPrefix("-"), argument != "-" { throw UsageError("unknown option '\(argument)'") }
                positional.append(argument)
                continue
            }
            let body = argument.dropFirst(2)
            let name: String
            var value: String?
            if let equals = body.firstIndex(of: "=") {
                name = String(body[..<equals])
                value = String(body[body.index(after: equals)...])
            } else {
                name = String(body)
            }
            if valued.contains(name) {
                if value == nil {
                    guard index < arguments.count else { throw UsageError("option '--\(name)' needs a value") }
                    value = arguments[index]
                    index += 1
                }
                options[name, default: []].append(value!)
            } else if allowedFlags.contains(name) {
                guard value == nil else { throw UsageError("option '--\(name)' takes no value") }
                flags.insert(name)
            } else {
                throw UsageError("unknown option '--\(name)'")
            }
        }
    }

    // Options are read through their keys (OptionKey.swift), never by a name written again here.
}

/// Bad usage: a message for the person at the terminal, printed with the command's usage.
package struct UsageError: Error, CustomStringConvertible, Sendable {
    package var description: String
    package init(_ description: String) { self.description = description }
}
