import Testing

@testable import CookieHarnessCLI

@Suite("the command-line parser")
struct CommandLineArgumentsTests {
    @Test("--name value, --name=value, repeated options, flags and positionals")
    func forms() throws {
        let args = try CommandLineArguments(
            ["run", "--adapter", "a", "--adapter=b", "--verbose", "x.xml", "--jobs=4"],
            valued: ["adapter", "jobs"], flags: ["verbose"]
        )
        #expect(args.positional == ["run", "x.xml"])
        #expect(args[SharedOptions.adapter] == ["a", "b"])
        #expect(args[SharedOptions.jobs] == "4")
        #expect(args[RunCommand.Key.verbose])
        #expect(!args[RunCommand.Key.allowEmpty])
        #expect(args[SharedOptions.tag] == nil, "a repeatable option not given reads as nil, not as an empty list")
        #expect(args.flags == ["verbose"])
        #expect(try args.integer(SharedOptions.jobs, in: 1...64) == 4)
    }

    @Test("everything after -- is positional")
    func doubleDash() throws {
        let args = try CommandLineArguments(["--", "--adapter", "-h"], valued: ["adapter"])
        #expect(args.positional == ["--adapter", "-h"])
        #expect(!args.wantsHelp)
    }

    @Test("-h and --help ask for help")
    func help() throws {
        #expect(try CommandLineArguments(["-h"]).wantsHelp)
        #expect(try CommandLineArguments(["--help"]).wantsHelp)
    }

    @Test("errors name the option", arguments: [
        (["--nope"], "unknown option '--nope'"),
        (["-x"], "unknown option '-x'"),
        (["--adapter"], "option '--adapter' needs a value"),
        (["--verbose=yes"], "option '--verbose' takes no value"),
    ])
    func errors(arguments: [String], message: String) {
        do {
            _ = try CommandLineArguments(arguments, valued: ["adapter"], flags: ["verbose"])
            Issue.record("expected a usage error for \(arguments)")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test("an integer option out of range names the option and the value")
    func integerRange() throws {
        let args = try CommandLineArguments(["--jobs", "0"], valued: ["jobs"])
        do {
            _ = try args.integer(SharedOptions.jobs, in: 1...64)
            Issue.record("expected a usage error for --jobs 0")
        } catch {
            #expect("\(error)" == "option '--jobs': '0' is not a whole number in 1...64")
        }
    }
}
