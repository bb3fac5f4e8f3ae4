/// A command of the tool: its option table (``CommandSpec``) and its work on the arguments that table parsed.
///
/// The parsing and `--help` are the same for every command, so they live here once instead of at the top of each.
package protocol HarnessCommand: Sendable {
    /// The command's options, forms and help text: what it accepts and what `--help` prints.
    static var spec: CommandSpec { get }
    /// The command's work, on arguments already checked against ``spec`` (never asked for help).
    static func run(_ args: CommandLineArguments, output: CommandOutput) throws -> ExitStatus
}

extension HarnessCommand {
    /// Parses `arguments` with the command's table; prints its help when asked, runs it otherwise.
    package static func parseAndRun(_ arguments: [String], output: CommandOutput) throws -> ExitStatus {
        let args = try spec.parse(arguments)
        if args.wantsHelp {
            output.out(spec.usage)
            return .success
        }
        return try run(args, output: output)
    }
}
