import AdapterCatalog
import FileAccess
import Foundation
import HarnessCore
import ProcessCleanup

/// `cookie-harness`: the entry point, dispatching to one command per first argument.
package enum CookieHarnessCommand {
    package static let version = "0.1.0"

    /// `cookie-harness --help`: every command with its overview and what it is for (``CommandReference``).
    static var usage: String {
        """
        usage: cookie-harness <command> [options]

        commands:
        \(CommandReference.commandList)

        Run 'cookie-harness <command> --help' for a command's options.
        exit codes: 0 all as expected · 1 unexpected results · 2 invalid input or usage · 3 infrastructure failure
                    · \(ExitStatus.signalsHelp) (128 + the signal): a command that runs
                    scenarios (\(CommandReference.specs.filter(\.runsScenarios).map(\.name).joined(separator: ", "))) writes what finished, marked as interrupted;
                    any other stops at once; either way no temporary file, scratch folder or process is left
        """
    }

    /// The whole program: the process's arguments run with `adapters` added to the built-in ones, then exit.
    ///
    /// What the `cookie-harness` executable is, and what a package's own harness calls (through
    /// `CookieHarness.main(adding:)`). Call it first thing in `main.swift`: signal handling must be installed before
    /// any other thread exists, so that every thread inherits the blocked signals (see `Interruption`).
    /// `setUp` runs once the signals are handled and before the arguments are read: a fuller build adds its adapters
    /// and commands there (`FullHarness`), as their set-up may start threads.
    package static func main(adding adapters: [Adapter] = [], setUp: () -> Void = {}) -> Never {
        Interruption.installSignalHandling()
        // What a child starts and detaches from its process group (setsid, a double fork) is re-parented here, not
        // to init, so that it can be found and killed when the child ends (see `Orphans`).
        Orphans.becomeSubreaper()
        // And, where the kernel lets it, the whole run in a cgroup of its own, killed whole at the end (RunCgroup).
        RunCgroup.contain()
        // Whatever the command, no child process group and no scratch path outlives the harness. Registered first,
        // so it runs last among the exit hooks: after a driver pool's hook (the full product's WebKitGTK drivers) has stopped its drivers
        // gracefully (each removes its own folders), whatever is left is killed and removed.
        atexit { ProcessCleanup.cleanUpEverything() }
        setUp()
        AdapterCatalog.add(adapters)
        if let problem = argumentNotUTF8() {
            CommandOutput.standard.err(problem)
            exit(ExitStatus.invalidInput.rawValue)
        }
        exit(run(Array(CommandLine.arguments.dropFirst())).rawValue)
    }

    /// The error for the first argument that is not UTF-8, if any. Swift reads each argument as a String, with
    /// U+FFFD for a byte that is not UTF-8: a Latin-1 `--json r\xE9.json` would write `r\u{FFFD}.json`, which
    /// may be another, existing file. Refused instead, with the bytes shown.
    static func argumentNotUTF8() -> String? {
        for index in 1..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[index], String(validatingCString: raw) == nil else { continue }
            let bytes = UnsafeBufferPointer(start: raw, count: strlen(raw)).map { UInt8(bitPattern: $0) }
            return "cookie-harness: error: argument \(index) ('\(FolderWalk.escaped(bytes))') is not UTF-8: paths and names are read as UTF-8, "
                + "and read otherwise it would name another file; rename the file (e.g. convmv -f latin1 -t utf8) or give a link to it with a UTF-8 name"
        }
        return nil
    }

    /// Runs the command line (without the program name) and returns the exit status.
    package static func run(_ arguments: [String], output: CommandOutput = .standard) -> ExitStatus {
        guard let command = arguments.first else {
            output.err(usage)
            return .invalidInput
        }
        let rest = Array(arguments.dropFirst())
        return CommandSignals.run(command, output: output) { dispatch(command, rest, output: output) }
    }

    /// The command's own work, its errors turned into exit statuses.
    private static func dispatch(_ command: String, _ rest: [String], output: CommandOutput) -> ExitStatus {
        do {
            if let harnessCommand = CommandReference.command(named: command) {
                return try harnessCommand.parseAndRun(rest, output: output)
            }
            switch command {
            case "version", "--version":
                output.out("cookie-harness \(version)")
                return .success
            case "-h", "--help":
                output.out(usage)
                return .success
            case "bench":
                // Only the full product has it (its peers are libcurl, the other languages' stores, the engines).
                throw UsageError("'bench' is a command of the full product (the CookieHarness library product, the cookie-harness executable), not of CookieHarnessCore")
            default:
                throw UsageError("unknown command '\(command)'")
            }
        } catch let error as InputError {
            output.err(error.description)
            return .invalidInput
        } catch let error as UsageError {
            output.err("cookie-harness: error: \(error)")
            // The command's own synopsis, not the list of commands: the fix is in its options.
            if let spec = CommandReference.spec(named: command) {
                output.err(spec.synopsis + "\nRun 'cookie-harness \(command) --help' for its options.")
            } else {
                output.err(usage)
            }
            return .invalidInput
        } catch {
            output.err("cookie-harness: error: \(error)")
            return .infrastructureFailure
        }
    }
}
