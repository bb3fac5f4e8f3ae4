import HarnessCore

/// `cookie-harness validate PATH...`: schema and semantic checks only.
enum ValidateCommand: HarnessCommand {
    static let spec = CommandSpec(
        name: "validate", overview: "[PATH...]", brief: "check suite and expectation files",
        forms: [CommandSpec.Form("[PATH...]")],
        description: """
            Checks suite and expectation files (default: Suites/) against Suites/suite.xsd and the loader's rules, and
            prints every problem as file:line:column: error: message.

            Every file is checked in one pass, the schema and the loader's rules alike (a schema error does not hide
            the next problem); a misspelt element or attribute gets "did you mean …", an enumeration or a boolean
            lists its accepted values. A file reports at most 50 problems, then how many more it has.
            """,
        options: [
            SharedOptions.schema,
        ],
        epilogue: """
            exit codes: 0 every file valid · 2 a problem in a file, or invalid usage
                        · \(ExitStatus.signalsHelp)
            """)

    static func run(_ args: CommandLineArguments, output: CommandOutput) throws -> ExitStatus {
        do {
            let inputs = try SuiteInputs.load(args.positional, schemaPath: args[SharedOptions.schema])
            inputs.warnAboutStaleExpectations(output)
            output.out("valid: \(inputs.index.outlines.count) suites, \(inputs.index.scenarioCount) scenarios, \(inputs.expectations.files.count) expectation files")
            return .success
        } catch let error as InputError {
            output.err(error.description)
            return .invalidInput
        }
    }
}
