import Locking
import Reporting

/// Every command's ``CommandSpec``, in the order the top-level help and `docs/commands.md` list them: the one table
/// the tool's help and its reference are made from.
package enum CommandReference {
    /// Every build's commands; a fuller build adds its own before `help` (``add(_:)``: `bench` in the full product).
    private static let core: [any HarnessCommand.Type] = [
        RunCommand.self, CompareCommand.self, AgreementCommand.self, ExploreCommand.self, TruthTableCommand.self, DiffCommand.self,
        MergeCommand.self, ShowCommand.self, UpdateExpectationsCommand.self, ListCommand.self, ValidateCommand.self,
        ConformanceCommand.self, ImportCommand.self,
    ]
    private static let added = Locked<[any HarnessCommand.Type]>([])

    /// Adds `command` to this process's commands (once: a second add of the same name is ignored). For a build's
    /// set-up, before the first command runs.
    package static func add(_ command: any HarnessCommand.Type) {
        added.withLock { added in
            if !added.contains(where: { $0.spec.name == command.spec.name }) { added.append(command) }
        }
    }

    static var commands: [any HarnessCommand.Type] { core + added.withLock { $0 } + [HelpCommand.self] }

    static var specs: [CommandSpec] { commands.map { $0.spec } }

    static func command(named name: String) -> (any HarnessCommand.Type)? { commands.first { $0.spec.name == name } }

    static func spec(named name: String) -> CommandSpec? { command(named: name)?.spec }

    /// `docs/commands.md`'s generated part: `<!-- commands:begin -->` … `<!-- commands:end -->`.
    static let docsBlock = MarkedBlock(name: "commands")

    /// The command list of `cookie-harness --help`: each name with its overview, then its brief (and `version`, which
    /// takes no options).
    static var commandList: String {
        let entries = specs.map { ("\($0.name) \($0.overview)", $0.brief) } + [("version", "print the version")]
        let column = (entries.map(\.0.count).max() ?? 0) + 4
        return entries.map { "  " + $0.0.padding(toLength: column - 2, withPad: " ", startingAt: 0) + $0.1 }
            .joined(separator: "\n")
    }

    /// The reference: an index of the commands, then each command's `--help` as the tool prints it.
    static var markdown: String {
        var lines = ["| command | what it is for |", "|---|---|"]
        for spec in specs {
            lines.append("| [`\(spec.name) \(spec.overview.replacingOccurrences(of: "|", with: "\\|"))`](#\(spec.name)) | \(spec.brief) |")
        }
        for spec in specs {
            lines += ["", "### \(spec.name)", "", "```text", spec.usage, "```"]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `cookie-harness help [COMMAND]`: the list of commands, a command's help, or the reference in Markdown.
enum HelpCommand: HarnessCommand {
    /// The options only this command has, each declared once: its spec lists them, its body reads them.
    enum Key {
        static let markdown: OptionKey<Bool> = .flag("markdown", "print the reference of every command as Markdown")
        static let updateDocs: OptionKey<String?> = .valued(
            "update-docs", "FILE", "write the reference into FILE's marked block")
    }

    static let spec = CommandSpec(
        name: "help", overview: "[COMMAND]", brief: "this list, a command's options, or the reference in Markdown",
        forms: [CommandSpec.Form("[COMMAND]")],
        description: """
            Prints the list of commands, or COMMAND's help (what 'cookie-harness COMMAND --help' prints). With
            --markdown, prints every command's help as the Markdown of docs/commands.md; with --update-docs FILE,
            writes it between the lines '\(CommandReference.docsBlock.beginMarker)' and
            '\(CommandReference.docsBlock.endMarker)' of FILE (docs/commands.md, which a test compares with it).
            """,
        options: [
            Key.markdown, Key.updateDocs,
        ],
        epilogue: "exit codes: 0 printed or written · 2 an unknown COMMAND or invalid usage · 3 FILE cannot be written")

    /// What `help`'s command line asks for, decoded once from the keys.
    struct Options {
        /// COMMAND; nil: the list of commands.
        var commandName: String?
        var markdown: Bool
        var updateDocsPath: String?

        init(_ args: CommandLineArguments) {
            commandName = args.positional.first
            markdown = args[Key.markdown]
            updateDocsPath = args[Key.updateDocs]
        }
    }

    static func run(_ args: CommandLineArguments, output: CommandOutput) throws -> ExitStatus {
        let options = Options(args)
        if let docs = options.updateDocsPath {
            return DocBlockUpdate.write(
                CommandReference.markdown, into: docs, block: CommandReference.docsBlock, what: "command reference", output: output)
        }
        if options.markdown {
            output.out(String(CommandReference.markdown.dropLast()))
            return .success
        }
        guard let name = options.commandName else {
            output.out(CookieHarnessCommand.usage)
            return .success
        }
        guard let command = CommandReference.spec(named: name) else { throw UsageError("help: unknown command '\(name)'") }
        output.out(command.usage)
        return .success
    }
}
