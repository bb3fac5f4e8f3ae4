import Foundation
import ProcessCleanup
import HarnessCore

/// How every command ends on SIGINT, SIGTERM, SIGHUP or SIGQUIT: decided here, below the commands, so that no
/// command can forget it (`CookieHarnessCommand.run` goes through ``run(_:output:_:)``).
///
/// A command that runs scenarios (its spec's `runsScenarios`) stops gracefully
/// (``RunSession/beginGracefulInterruption()``): the first signal kills every child process group and stops what the
/// adapter families run (``RunResources``: the driver pools in the full product), the runner starts no new scenario
/// and reports the running ones as skipped "interrupted by SIGHUP", and the command writes its reports with what
/// finished, marked as interrupted. Every other command — it reads and writes files, or measures in-process, and has
/// nothing partial worth keeping — stops at once (`Interruption.exitNow`): child groups and orphans killed,
/// temporaries removed, nothing half-written. Either way the exit status is 128 + the signal, whatever the command
/// returned.
enum CommandSignals {
    /// Runs `command` (its body) under its way of stopping; after a signal, returns 128 + the signal and, unless the
    /// command said so itself (by returning that status), says it was interrupted.
    static func run(_ command: String, output: CommandOutput, _ body: () -> ExitStatus) -> ExitStatus {
        if CommandReference.spec(named: command)?.runsScenarios == true {
            RunSession.beginGracefulInterruption()
        }
        let status = body()
        guard let signal = Interruption.signal else { return status }
        let interrupted = ExitStatus.interrupted(by: signal)
        if status != interrupted {
            output.err("cookie-harness: interrupted by \(Interruption.name(of: signal)): what it printed and wrote holds only what finished before")
        }
        return interrupted
    }
}
