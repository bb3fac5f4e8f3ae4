import Foundation

/// The documented exit codes of `cookie-harness` (docs/commands.md, below the table of commands).
public enum ExitStatus: Int32, Sendable {
    /// Every result is as expected.
    case success = 0
    /// Some result differs from its expectation (a regression, or an unexpected pass).
    case unexpectedResults = 1
    /// The command line or an input file is invalid.
    case invalidInput = 2
    /// The harness itself could not do its job (I/O, a tool that would not start).
    case infrastructureFailure = 3
    /// Stopped by SIGINT (128 + 2): partial reports, marked as interrupted.
    case interruptedBySIGINT = 130
    /// Stopped by SIGTERM (128 + 15): partial reports, marked as interrupted.
    case terminatedBySIGTERM = 143

    /// The status for a run stopped by `signal` (SIGINT or SIGTERM).
    static func interrupted(by signal: Int32) -> ExitStatus {
        signal == SIGTERM ? .terminatedBySIGTERM : .interruptedBySIGINT
    }
}
