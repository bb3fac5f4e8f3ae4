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

    /// What a validation's command line asks for, decoded once from the keys.
    struct Options {
        var paths: [String]
        var schemaPath: String?

        init(_ args: CommandLineArguments) {
            paths = args.positional
            schemaPath = args[SharedOptions.schema]
        }
    }

    static func run(_ args: CommandLineArguments, output: CommandOutput) throws -> ExitStatus {
        let options = Options(args)
        do {
            let inputs = try SuiteInputs.load(options.paths, schemaPath: options.schemaPath)
            inputs.warnAboutStaleExpectations(output)
            output.out("valid: \(inputs.index.outlines.count) suites, \(inputs.index.scenarioCount) scenarios, \(inputs.expectations.files.count) expectation files")
            return .success
        } catch let error as InputError {
            output.err(error.description)
            return .invalidInput
        }
    }
}
