import Conformance
import Foundation
import HarnessCore

/// `cookie-harness conformance http-state [PATH]`: the http-state corpus through the reference jar.
enum ConformanceCommand: HarnessCommand {
    /// The options only this command has, each declared once: its spec lists them, its body reads them.
    enum Key {
        static let verbose: OptionKey<Bool> = .flag(
            "verbose", "print every case with its outcome, not only the totals and the failures")
        static let schema: OptionKey<String?> = .valued(
            "schema", "FILE", "wpt-cookies: the suite schema (default Suites/suite.xsd)")
        static let live: OptionKey<Bool> = .flag("live", "wpt-cookies: also run the real WebKitGTK engine")
    }

    static let spec = CommandSpec(
        name: "conformance", overview: "CORPUS [PATH]", brief: "run a corpus: http-state on the reference jar, wpt-cookies on every profile",
        forms: [CommandSpec.Form("http-state [PATH]"), CommandSpec.Form("wpt-cookies [PATH]")],
        description: """
            Runs every parser and date vector of the http-state corpus (PATH: the folder holding parser/ and dates/,
            default \(HTTPStateImporter.corpusPath)) through the RFC 6265bis reference jar on a clock frozen at
            2011-06-01, and prints 'N passed, N failed'. Cases whose expectation RFC 6265bis changes are listed with the
            rule that changes it.

            wpt-cookies: runs the suite generated from the WPT cookie tests (PATH: default Corpora/wpt-cookies) with
            the web view that syncs nothing on the ios, ios-18, ios-12, ios-11 and webkitgtk profiles, and compares
            every cell with what WebKit's bots record for the profile's port (Apple's for the iOS profiles, glib's for
            webkitgtk), by value. Prints a table per profile; a cell that differs and is not in the corpus'
            known-differences.json, or a listed cell that matches now, fails the run. --live adds the real WebKitGTK
            engine (wk-no-sync@webkitgtk-live), compared with the glib record too.
            """,
        options: [
            Key.verbose, Key.schema, Key.live,
        ],
        epilogue: """
            exit codes: 0 every result as expected · 1 otherwise · 2 a bad PATH
                        · \(ExitStatus.signalsHelp)
            """)

    /// What a conformance run's command line asks for, decoded once from the keys: the corpus and its folder.
    struct Options {
        var corpus: CorpusArgument
        var verbose: Bool
        var schemaPath: String?
        var live: Bool

        /// - Throws: ``UsageError`` for more than CORPUS and PATH, or a corpus it does not know.
        init(_ args: CommandLineArguments) throws {
            corpus = try CorpusArgument(args.positional, command: "conformance")
            verbose = args[Key.verbose]
            schemaPath = args[Key.schema]
            live = args[Key.live]
        }
    }

    static func run(_ args: CommandLineArguments, output: CommandOutput) throws -> ExitStatus {
        let options = try Options(args)
        if options.corpus.corpus == .wptCookies { return try WPTCookiesConformance.run(options, output: output) }
        let path = options.corpus.path ?? PackageFiles.folder(HTTPStateImporter.corpusPath)

        let corpus: HTTPStateCorpus
        do {
            corpus = try HTTPStateCorpus(path: path)
        } catch let error as HTTPStateCorpusError {
            output.err("cookie-harness: error: \(error)")
            return .invalidInput
        }
        let report = HTTPStateRunner().run(corpus)
        print(report, verbose: options.verbose, output: output)
        return report.isAsExpected ? .success : .unexpectedResults
    }

    private static func print(_ report: HTTPStateReport, verbose: Bool, output: CommandOutput) {
        func show(_ value: String?) -> String { value.map { "'\($0)'" } ?? "(no Cookie header)" }
        for result in report.parser {
            let tag = result.isDisabledUpstream ? " [disabled upstream]" : ""
            switch result.outcome {
            case .passed:
                if verbose { output.out("PASS \(result.name)\(tag)") }
            case .failed:
                output.out("FAIL \(result.name)\(tag): expected \(show(result.expected)), sent \(show(result.observed)) to \(result.requestURL)")
            case .knownDeviation(let reason):
                output.out("DEVIATION \(result.name)\(tag): corpus expects \(show(result.expected)), RFC 6265bis sends \(show(result.observed)): \(reason)")
            case .unexpectedPass:
                output.out("UNEXPECTED PASS \(result.name)\(tag): listed as a deviation but passes; remove it from the list")
            }
        }
        for result in report.dates where !result.passed || verbose {
            output.out("\(result.passed ? "PASS" : "FAIL") date \(result.testCase.file) '\(result.testCase.input)': expected \(result.testCase.expected ?? "not a date"), parsed \(result.observed ?? "not a date")")
        }
        let unexplained = report.parserFailed - report.parserDeviations
        output.out("parser: \(report.parserPassed) passed, \(report.parserFailed) failed (\(report.parserDeviations) documented RFC 6265bis deviations, \(unexplained) unexplained)")
        output.out("dates: \(report.datesPassed) passed, \(report.datesFailed) failed")
    }
}
