import Foundation
import FullHarness
import Reporting
import Testing

@testable import CookieHarnessCLI

/// The option table (``CommandReference``) is the one source of every command's parser, help and reference: what a
/// command reads is in its table, what its table lists is accepted and shown, and docs/commands.md is generated.
@Suite("command reference: one option table")
struct CommandReferenceTests {
    static let root = RunCommandTests.packageRoot

    /// The full product's commands (its `bench` is added at set-up): what `cookie-harness --help` lists.
    static let specs: [CommandSpec] = {
        FullHarness.install()
        return CommandReference.specs
    }()

    @Test("docs/commands.md holds what 'help --markdown' prints (regenerate: cookie-harness help --update-docs docs/commands.md)")
    func docsMatch() throws {
        let document = try String(contentsOf: Self.root.appendingPathComponent("docs/commands.md"), encoding: .utf8)
        FullHarness.install()
        let block = try #require(CommandReference.docsBlock.block(in: document), "docs/commands.md lacks the marker lines")
        #expect(block == CommandReference.markdown)
    }

    @Test("every option of a command's table is accepted and listed once in its help", arguments: CommandReferenceTests.specs.map(\.name))
    func tableAcceptedAndShown(name: String) throws {
        let spec = try #require(CommandReference.spec(named: name))
        #expect(Set(spec.options.map(\.name)).count == spec.options.count, "an option is in \(name)'s table twice")
        for option in spec.options {
            let arguments = option.value == nil ? ["--\(option.name)"] : ["--\(option.name)", "x"]
            let parsed = try spec.parse(arguments)
            #expect(option.value == nil ? parsed.flags.contains(option.name) : parsed.options[option.name] == ["x"])
            let listed = spec.optionList.split(separator: "\n").filter { $0.hasPrefix("  \(option.label) ") || $0 == "  \(option.label)" }
            #expect(listed.count == 1, "\(name) --help lists '\(option.label)' \(listed.count) times")
        }
        #expect(throws: UsageError.self) { try spec.parse(["--no-such-option"]) }
    }

    @Test("a form shows only options of its command's table", arguments: CommandReferenceTests.specs.map(\.name))
    func formsUseTheTable(name: String) throws {
        let spec = try #require(CommandReference.spec(named: name))
        let names = Set(spec.options.map(\.name))
        for form in spec.forms {
            #expect(Set(form.options ?? []).isSubset(of: names), "\(name) \(form.operands): \(Set(form.options ?? []).subtracting(names))")
        }
    }

    /// A command reads an option through its key (`args[Key.junit]`), the value the spec lists, never by a name
    /// written a second time (`args.value("junit")`), which the parser might not know. The string-taking readers are
    /// gone from ``CommandLineArguments``; this keeps a raw read of its storage by a literal from coming back.
    @Test("no command reads an option by a string literal")
    func noStringReads() throws {
        let pattern = try Regex(#"\.(?:options\[|flags\.contains\(|value\(|integer\()"[a-z-]+""#)
        #expect(#"args.options["filter"] ?? []"#.contains(pattern), "the pattern no longer matches a string read")
        #expect(#"args.flags.contains("verbose")"#.contains(pattern))
        #expect(!"args[SharedOptions.filter] ?? []".contains(pattern))
        var read: [String] = []
        for folder in ["Sources/CookieHarnessCLI", "Sources/FullHarness"] {
            let directory = Self.root.appendingPathComponent(folder)
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }
            for file in files {
                let source = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                read += source.matches(of: pattern).map { "\(folder)/\(file): \(source[$0.range])" }
            }
        }
        #expect(read.isEmpty, "options read by a string literal: \(read)")
    }

    /// A key declared but left out of its command's spec would be rejected by the parser and never read; every
    /// `static let NAME: OptionKey<…>` of a command's file is listed in its spec.
    @Test("every option key a command declares is in its spec", arguments: [
        ("run", "RunCommand"), ("compare", "CompareCommand"), ("agreement", "AgreementCommand"),
        ("explore", "ExploreCommand"), ("truth-table", "TruthTableCommand"), ("diff", "DiffCommand"),
        ("merge", "MergeCommand"), ("show", "ShowCommand"), ("update-expectations", "UpdateExpectationsCommand"),
        ("list", "ListCommand"), ("conformance", "ConformanceCommand"), ("import", "ImportCommand"),
        ("bench", "../FullHarness/BenchCommand"), ("help", "CommandReference"),
    ])
    func declaredKeysListed(name: String, file: String) throws {
        let spec = try #require(CommandReference.spec(named: name))
        let source = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/CookieHarnessCLI/\(file).swift"), encoding: .utf8)
        let declared = source.matches(of: try Regex(#"static let \w+: OptionKey<[^>]+> = \.\w+\(\s*"([a-z-]+)""#))
            .map { String($0.output[1].substring!) }
        #expect(!declared.isEmpty, "\(file).swift declares no key: the pattern no longer matches its code")
        #expect(
            Set(declared).subtracting(spec.options.map(\.name)).isEmpty, "\(file).swift declares keys its spec leaves out")
    }

    /// Command bodies hold their own work in named steps (issue 39): no function of the command line's sources runs
    /// over 60 lines between its braces.
    @Test("no function of the command line is over 60 lines")
    func bodiesAreShort() throws {
        let declaration = try Regex(#"^(\s*)(?:@\w+\s+)*(?:(?:package|private|fileprivate|static|mutating)\s+)*func \w+"#)
        var long: [String] = []
        for folder in ["Sources/CookieHarnessCLI", "Sources/FullHarness"] {
            let directory = Self.root.appendingPathComponent(folder)
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }
            for file in files {
                let lines = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                    .split(separator: "\n", omittingEmptySubsequences: false)
                for (start, line) in lines.enumerated() {
                    guard let match = line.firstMatch(of: declaration) else { continue }
                    let closing = String(match.output[1].substring ?? "") + "}"
                    guard let end = lines[start...].firstIndex(where: { $0 == closing }) else { continue }
                    if end - start - 1 > 60 { long.append("\(folder)/\(file):\(start + 1): \(end - start - 1) lines") }
                }
            }
        }
        #expect(long.isEmpty, "functions over 60 lines: \(long)")
    }

    @Test("run's command line decodes into its typed options")
    func runOptionsDecode() throws {
        let args = try RunCommand.spec.parse([
            "Suites/a.xml", "--filter", "a.*", "--filter=b", "--tag", "t", "--shard", "2/3", "--junit", "j.xml",
            "--json", "r.json", "--allow-empty", "--verbose", "--rerun", "old.json", "--external", "mine=python3 x.py",
        ])
        let options = try RunCommand.Options(args)
        #expect(options.paths == ["Suites/a.xml"])
        #expect(options.filters == ["a.*", "b"] && options.tags == ["t"])
        #expect(options.shard?.index == 2 && options.shard?.count == 3 && options.shardText == "2/3")
        #expect(options.junitPath == "j.xml" && options.jsonPath == "r.json")
        #expect(options.allowEmpty && options.verbose && !options.lastFailed && options.rerunPath == "old.json")
        #expect(options.adapters == nil && options.externalNames == ["mine"])
        let defaults = try RunCommand.Options(RunCommand.spec.parse([]))
        #expect(defaults.junitPath == "Reports/junit.xml" && defaults.jsonPath == "Reports/results.json")
        #expect(defaults.shard == nil && defaults.filters.isEmpty && !defaults.verbose)
        #expect(throws: UsageError.self) { try RunCommand.Options(RunCommand.spec.parse(["--shard", "4/3"])) }
        #expect(throws: UsageError.self) {
            try RunCommand.Options(RunCommand.spec.parse(["--last-failed", "--rerun", "x"]))
        }
    }

    @Test("a command stops gracefully on a signal exactly when it runs scenarios through RunSession")
    func runsScenariosIsTrue() throws {
        let folder = Self.root.appendingPathComponent("Sources/CookieHarnessCLI")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix("Command.swift") }
        var running: Set<String> = []
        for file in files {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            guard source.contains("RunSession.run("),
                  let name = source.firstMatch(of: try Regex(#"static let spec = CommandSpec\(\s*name: "([a-z-]+)""#))?.output[1].substring
            else { continue }
            running.insert(String(name))
        }
        #expect(running.count >= 6, "the pattern no longer finds the commands that run scenarios: \(running.sorted())")
        #expect(Set(Self.specs.filter(\.runsScenarios).map(\.name)) == running)
    }

    @Test("every line of every help fits 120 columns")
    func helpFits() {
        for text in Self.specs.map(\.usage) + [CookieHarnessCommand.usage] {
            for line in text.split(separator: "\n") where line.count > 120 {
                Issue.record("\(line.count) columns: \(line)")
            }
        }
    }

    @Test("'help COMMAND' prints what 'COMMAND --help' prints; an unknown one is a usage error")
    func helpCommand() {
        let viaHelp = CommandOutput.capturing()
        #expect(FullHarness.run(["help", "merge"], output: viaHelp) == .success)
        let viaFlag = CommandOutput.capturing()
        #expect(FullHarness.run(["merge", "--help"], output: viaFlag) == .success)
        #expect(viaHelp.standardOutput == viaFlag.standardOutput)
        #expect(viaHelp.standardOutput.hasPrefix("usage: cookie-harness merge SHARD..."))
        let unknown = CommandOutput.capturing()
        #expect(FullHarness.run(["help", "frobnicate"], output: unknown) == .invalidInput)
        #expect(unknown.standardError.contains("unknown command 'frobnicate'"))
    }

    @Test("a usage error prints the command's synopsis, made from its table")
    func usageErrorSynopsis() {
        let output = CommandOutput.capturing()
        #expect(FullHarness.run(["diff", "--bogus"], output: output) == .invalidInput)
        #expect(output.standardError.contains(CommandReference.spec(named: "diff")!.synopsis))
    }
}
