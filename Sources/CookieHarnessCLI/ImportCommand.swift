import Conformance
import Foundation

/// `cookie-harness import http-state [CORPUS]`: the http-state corpus as a suite file plus the reference
/// adapter's expectation file (its documented RFC 6265bis deviations).
enum ImportCommand: HarnessCommand {
    static let spec = CommandSpec(
        name: "import", overview: "http-state [CORPUS]", brief: "convert the http-state corpus into Suites/conformance/http-state.xml",
        forms: [CommandSpec.Form("http-state [CORPUS]")],
        description: """
            Converts the http-state corpus (default ../shared/corpora/http-state) into a suite (default
            \(HTTPStateImporter.suitePath)) that keeps the corpus' expectations verbatim, on a clock frozen at
            \(HTTPStateImporter.clockStart), and writes the reference adapter's expectation file (default
            \(HTTPStateImporter.expectationsPath)) from the documented RFC 6265bis deviations. Both files are written
            atomically. A case whose text a suite cannot keep is listed in the suite's provenance.
            """,
        options: [
            .valued("suite", "FILE", "where the suite goes (default \(HTTPStateImporter.suitePath))"),
            .valued("expectations", "FILE", "where the reference adapter's expectation file goes (default \(HTTPStateImporter.expectationsPath))"),
        ],
        epilogue: """
            exit codes: 0 written · 2 invalid input or usage · 3 a file cannot be written
                        · \(ExitStatus.signalsHelp): stopped at once, no file half-written
            """)

    static func run(_ args: CommandLineArguments, output: CommandOutput) throws -> ExitStatus {
        guard args.positional.first == "http-state" else { throw UsageError("import: expected the corpus name 'http-state'") }
        guard args.positional.count <= 2 else { throw UsageError("import: too many arguments") }
        let corpusPath = args.positional.count == 2 ? args.positional[1] : "../shared/corpora/http-state"
        let importer: HTTPStateImporter
        do {
            importer = try HTTPStateImporter(corpus: try HTTPStateCorpus(path: corpusPath))
        } catch let error as HTTPStateCorpusError {
            output.err("cookie-harness: error: \(error)")
            return .invalidInput
        }
        let suitePath = args.value("suite") ?? HTTPStateImporter.suitePath
        let expectationsPath = args.value("expectations") ?? HTTPStateImporter.expectationsPath
        try importer.suiteXML(to: suitePath)
        try importer.expectationsXML(to: expectationsPath)
        output.out("imported \(importer.importedCaseNames.count) cases into \(suitePath); expectations in \(expectationsPath)")
        for skipped in importer.skippedCases { output.out("not imported: \(skipped.name): \(skipped.reason)") }
        return .success
    }
}
