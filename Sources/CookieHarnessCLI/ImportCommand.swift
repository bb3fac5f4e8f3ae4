import Conformance
import Foundation
import HarnessCore

/// `cookie-harness import http-state [CORPUS]`: the http-state corpus as a suite file plus the reference
/// adapter's expectation file (its documented RFC 6265bis deviations). `import wpt-cookies [CORPUS]`: the WPT cookie
/// subtests as web-view scenarios plus one expectation file per simulated profile from WebKit's recorded results.
enum ImportCommand: HarnessCommand {
    /// The options only this command has, each declared once: its spec lists them, its body reads them.
    enum Key {
        static let suite: OptionKey<String?> = .valued("suite", "FILE", "where the suite goes (defaults above)")
        static let expectations: OptionKey<String?> = .valued(
            "expectations", "PATH",
            "where the expectations go: a file for http-state, a folder for wpt-cookies (defaults above)")
    }

    static let spec = CommandSpec(
        name: "import", overview: "CORPUS [PATH]", brief: "a corpus (http-state, wpt-cookies) as a suite and expectation files",
        forms: [CommandSpec.Form("http-state [CORPUS]"), CommandSpec.Form("wpt-cookies [CORPUS]")],
        description: """
            Converts the http-state corpus (default
            \(HTTPStateImporter.corpusPath)) into a suite (default
            \(HTTPStateImporter.suitePath)) that keeps the corpus' expectations verbatim, on a clock frozen at
            \(HTTPStateImporter.clockStart), and writes the reference adapter's expectation file (default
            \(HTTPStateImporter.expectationsPath)) from the documented RFC 6265bis deviations. Both files are written
            atomically. A case whose text a suite cannot keep is listed in the suite's provenance.

            wpt-cookies: converts the WPT cookie subtests and WebKit's recorded results (default
            \(WPTCookieImporter.corpusPath)) into a suite of web-view scenarios in WPT's flow (default
            \(WPTCookieImporter.suitePath)) and one expectation file per profile in
            \(WPTCookieImporter.expectationsFolder): the Apple ports' record for ios, ios-18, ios-12 and ios-11, the glib
            ports' for webkitgtk and the real engine; a recorded FAIL carries the value the port's document.cookie
            showed. A subtest the suite cannot express is listed in its provenance with the reason.
            """,
        options: [
            Key.suite, Key.expectations,
        ],
        epilogue: """
            exit codes: 0 written · 2 invalid input or usage · 3 a file cannot be written
                        · \(ExitStatus.signalsHelp): stopped at once, no file half-written
            """)

    /// What an import's command line asks for, decoded once from the keys: the corpus and where its files go.
    struct Options {
        var corpus: CorpusArgument
        /// `--suite` and `--expectations` as given; nil: the corpus' defaults.
        var suitePath: String?
        var expectationsPath: String?

        /// - Throws: ``UsageError`` for more than CORPUS and PATH, or a corpus it does not know.
        init(_ args: CommandLineArguments) throws {
            corpus = try CorpusArgument(args.positional, command: "import")
            suitePath = args[Key.suite]
            expectationsPath = args[Key.expectations]
        }
    }

    static func run(_ args: CommandLineArguments, output: CommandOutput) throws -> ExitStatus {
        let options = try Options(args)
        switch options.corpus.corpus {
        case .httpState: return try importHTTPState(options, output: output)
        case .wptCookies: return try importWPTCookies(options, output: output)
        }
    }

    private static func importWPTCookies(_ options: Options, output: CommandOutput) throws -> ExitStatus {
        let corpusPath = options.corpus.path ?? PackageFiles.folder(WPTCookieImporter.corpusPath)
        let importer: WPTCookieImporter
        do {
            importer = WPTCookieImporter(corpus: try WPTCookieCorpus(path: corpusPath))
        } catch let error as WPTCookieCorpusError {
            output.err("cookie-harness: error: \(error)")
            return .invalidInput
        }
        let suitePath = options.suitePath ?? WPTCookieImporter.suitePath
        let folder = options.expectationsPath ?? WPTCookieImporter.expectationsFolder
        do {
            try importer.suiteXML(to: suitePath)
            for (adapter, _, port, _) in WPTCookieImporter.profiles {
                try importer.expectationsXML(adapter: adapter, port: port, to: "\(folder)/\(adapter).xml")
            }
        } catch let error as WPTCookieCorpusError {
            output.err("cookie-harness: error: \(error)")
            return .invalidInput
        }
        output.out("imported \(importer.imported.count) of \(importer.imported.count + importer.skipped.count) subtests into \(suitePath); expectations in \(folder)/")
        for skipped in importer.skipped { output.out("not imported: \(skipped.test): \(WPTCookieImporter.visible(skipped.name)): \(skipped.reason)") }
        return .success
    }

    private static func importHTTPState(_ options: Options, output: CommandOutput) throws -> ExitStatus {
        let corpusPath = options.corpus.path ?? PackageFiles.folder(HTTPStateImporter.corpusPath)
        let importer: HTTPStateImporter
        do {
            importer = try HTTPStateImporter(corpus: try HTTPStateCorpus(path: corpusPath))
        } catch let error as HTTPStateCorpusError {
            output.err("cookie-harness: error: \(error)")
            return .invalidInput
        }
        let suitePath = options.suitePath ?? HTTPStateImporter.suitePath
        let expectationsPath = options.expectationsPath ?? HTTPStateImporter.expectationsPath
        // Two different files (one would be lost), neither inside the corpus it reads (by path or through a link).
        try ReportFolders.prepare(
            [.init("--suite", suitePath), .init("--expectations", expectationsPath)],
            reading: [CommandInput(corpusPath, role: "the http-state corpus \(corpusPath)", kind: .folder)], output: output)
        try importer.suiteXML(to: suitePath)
        try importer.expectationsXML(to: expectationsPath)
        output.out("imported \(importer.importedCaseNames.count) cases into \(suitePath); expectations in \(expectationsPath)")
        for skipped in importer.skippedCases { output.out("not imported: \(skipped.name): \(skipped.reason)") }
        return .success
    }
}
