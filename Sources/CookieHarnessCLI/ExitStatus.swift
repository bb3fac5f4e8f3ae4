import Foundation

/// The documented exit codes of `cookie-harness` (docs/commands.md, below the table of commands).
package enum ExitStatus: Int32, Sendable {
    /// Every result is as expected.
    case success = 0
    /// Some result differs from its expectation (a regression, or an unexpected pass).
    case unexpectedResults = 1
    /// The command line or an input file is invalid.
    case invalidInput = 2
    /// The harness itself could not do its job (I/O, a tool that would not start).
    case infrastructureFailure = 3
    /// Stopped by SIGHUP (128 + 1): the terminal or SSH session was closed.
    case hungUpBySIGHUP = 129
    /// Stopped by SIGINT (128 + 2): Ctrl-C.
    case interruptedBySIGINT = 130
    /// Stopped by SIGQUIT (128 + 3): Ctrl-\.
    case quitBySIGQUIT = 131
    /// Stopped by SIGTERM (128 + 15): `kill`, a CI job cancelled.
    case terminatedBySIGTERM = 143

    /// The status for a command stopped by `signal`: 128 + the signal.
    package static func interrupted(by signal: Int32) -> ExitStatus {
        ExitStatus(rawValue: 128 + signal) ?? .terminatedBySIGTERM
    }

    /// The exit codes every command shares for a signal, for the help texts.
    package static let signalsHelp = "129/130/131/143 stopped by SIGHUP/SIGINT/SIGQUIT/SIGTERM"
}
