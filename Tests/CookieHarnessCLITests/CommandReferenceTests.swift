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
            #expect(option.value == nil ? parsed.flags.contains(option.name) : parsed.value(option.name) == "x")
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

    /// The option names a command's own source reads (`args.value("x")`, `args.options["x"]`, `args.flags.contains("x")`,
    /// `args.integer("x", …)`): each must be in its table, or the parser rejects what the code waits for.
    @Test("every option a command's source reads is in its table", arguments: [
        ("run", "RunCommand"), ("compare", "CompareCommand"), ("agreement", "AgreementCommand"),
        ("truth-table", "TruthTableCommand"), ("diff", "DiffCommand"), ("merge", "MergeCommand"), ("show", "ShowCommand"),
        ("update-expectations", "UpdateExpectationsCommand"), ("list", "ListCommand"), ("validate", "ValidateCommand"),
        ("conformance", "ConformanceCommand"), ("import", "ImportCommand"), ("bench", "../FullHarness/BenchCommand"),
        ("help", "CommandReference"),
    ])
    func sourceReadsOnlyTheTable(name: String, file: String) throws {
        let spec = try #require(CommandReference.spec(named: name))
        let source = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/CookieHarnessCLI/\(file).swift"), encoding: .utf8)
        let pattern = try Regex(#"args\.(?:value\(|options\[|flags\.contains\(|integer\()"([a-z-]+)""#)
        let read = Set(source.matches(of: pattern).map { String($0.output[1].substring!) })
        #expect(!read.isEmpty, "\(file).swift reads no option: the pattern no longer matches its code")
        #expect(read.subtracting(spec.options.map(\.name)).isEmpty, "\(file).swift reads options not in its table")
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
