/// One option of a command: how it is written, whether it takes a value, and what it does.
///
/// A command's options are one table (``CommandSpec/options``): the parser accepts exactly these, `--help` prints
/// them, and `docs/commands.md` is generated from them, so an option cannot be accepted without being documented,
/// or documented without being accepted.
package struct OptionSpec: Sendable {
    package var name: String
    /// The value's placeholder (`NAME`, `FILE`), or nil for a flag.
    package var value: String?
    package var repeatable: Bool
    /// What it does; a line break starts a further line under the first.
    package var help: String

    /// `--NAME VALUE`, taken once (the last one wins) or, `repeatable`, any number of times.
    package static func valued(_ name: String, _ value: String, repeatable: Bool = false, _ help: String) -> OptionSpec {
        OptionSpec(name: name, value: value, repeatable: repeatable, help: help)
    }

    /// `--NAME`, without a value.
    package static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, value: nil, repeatable: false, help: help)
    }

    /// `--adapter NAME`.
    package var label: String { "--\(name)" + (value.map { " \($0)" } ?? "") }

    /// `[--adapter NAME]...`, as the usage line shows it.
    package var synopsis: String { "[\(label)]" + (repeatable ? "..." : "") }
}

/// A command's whole interface: its forms, its options and its help, from which the parser's option names, the
/// `--help` text, the top-level command list and the reference in `docs/commands.md` are all made.
package struct CommandSpec: Sendable {
    /// One way of calling the command: the words after its name (a mode, operands), then the options it shows.
    package struct Form: Sendable {
        package var operands: String
        /// The options this form's usage line shows, by name; nil: every option of the command.
        package var options: [String]?

        /// `options`: the keys of the command's options this form shows (nil: all of them).
        package init(_ operands: String = "", options: [any CommandOption]? = nil) {
            self.operands = operands
            self.options = options?.map(\.spec.name)
        }
    }

    package var name: String
    /// What the top-level command list shows after the name, e.g. `[PATH...] [options]`.
    package var overview: String
    /// One line: what the command is for.
    package var brief: String
    package var forms: [Form]
    /// The text between the usage lines and the options.
    package var description: String
    /// Made from the command's ``OptionKey``s, the same values its body reads.
    package var options: [OptionSpec]
    /// The text after the options: notes, then the exit codes.
    package var epilogue: String
    /// Whether the command runs scenarios (through `RunSession`): then a signal stops it gracefully, with the reports
    /// of what finished (`CommandSignals`); any other command stops at once.
    package var runsScenarios: Bool

    package init(
        name: String, overview: String, brief: String, forms: [Form] = [Form()], description: String,
        options: [any CommandOption] = [], epilogue: String = "", runsScenarios: Bool = false
    ) {
        self.runsScenarios = runsScenarios
        self.name = name
        self.overview = overview
        self.brief = brief
        self.forms = forms
        self.description = description
        self.options = options.map(\.spec)
        self.epilogue = epilogue
    }

    /// The usage lines and the options, as `--help` prints them.
    package var usage: String {
        var sections = [synopsis, description]
        if !options.isEmpty { sections.append(optionList) }
        if !epilogue.isEmpty { sections.append(epilogue) }
        return sections.joined(separator: "\n\n")
    }

    /// `usage: cookie-harness NAME …`, one entry per form, wrapped at ``width`` with continuation lines aligned after
    /// the command's name.
    package var synopsis: String {
        forms.enumerated().map { index, form in
            let lead = (index == 0 ? "usage: " : "       ") + "cookie-harness \(name)"
            let shown = form.options.map { names in names.map { option(named: $0) } } ?? options
            let words = (form.operands.isEmpty ? [] : [form.operands]) + shown.map(\.synopsis)
            return Self.wrap(words, lead: lead, indent: String(repeating: " ", count: lead.count + 1))
        }.joined(separator: "\n")
    }

    /// Every option, its label padded to one column, the help's further lines under its first.
    package var optionList: String {
        let column = min(options.map(\.label.count).max() ?? 0, 24) + 4
        return options.map { option in
            let lines = option.help.split(separator: "\n", omittingEmptySubsequences: false)
            let label = "  " + option.label
            let first = label.count < column ? label.padding(toLength: column, withPad: " ", startingAt: 0) + lines[0]
                : label + "\n" + String(repeating: " ", count: column) + lines[0]
            return ([first] + lines.dropFirst().map { String(repeating: " ", count: column) + $0 }).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// The line width of usage lines.
    package static let width = 118

    /// Parses `arguments` with exactly this command's options.
    /// - Throws: ``UsageError`` for an option not in the table or one without its value.
    package func parse(_ arguments: [String]) throws -> CommandLineArguments {
        try CommandLineArguments(
            arguments, valued: Set(options.filter { $0.value != nil }.map(\.name)),
            flags: Set(options.filter { $0.value == nil }.map(\.name)))
    }

    private func option(named name: String) -> OptionSpec {
        guard let option = options.first(where: { $0.name == name }) else {
            preconditionFailure("command '\(self.name)': a form shows '--\(name)', which is not one of its options")
        }
        return option
    }

    private static func wrap(_ words: [String], lead: String, indent: String) -> String {
        var lines: [String] = []
        var line = lead
        for word in words {
            if line.count + 1 + word.count > width, line != lead, line != indent {
                lines.append(line)
                line = indent + word
            } else {
                line += " " + word
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
