import CookieStores
import HarnessCore
import WebKitGTK

/// Scenarios run by a command (run, compare, agreement, show, truth-table, explore), wired one way for all: the runner with
/// the command's reporters, then, however it ended, every idle out-of-process adapter told to `stop` (PROTOCOL.md,
/// "Life cycle") and each WebKitGTK driver that crashed while starting named on the console.
///
/// The commands keep parsing and printing; what a run owns (adapter processes, drivers) is released here, so no
/// command reaches into the engines itself. Process groups are killed when the executable ends (main), not here: in
/// a test process other runs may still be using theirs.
enum RunSession {
    static func run(_ plan: RunPlan, reporter: any ResultReporter, output: CommandOutput) throws -> RunSummary {
        defer {
            ExternalAdapter.stopAllIdleProcesses()
            reportDriverStartCrashes(output: output)
        }
        return try Runner().run(plan, reporter: reporter)
    }

    /// A retried crash is rare, and never silent: the driver's last stderr lines go to the console (its scenario ran
    /// on the next driver; the crash is also in that scenario's transcript).
    private static func reportDriverStartCrashes(output: CommandOutput) {
        for pool in WebKitGTKDrivers.processWide {
            for crash in pool.takeStartCrashes() {
                output.err("note: a \(pool.program.role) crashed while starting and another was started: \(crash)")
            }
        }
    }
}
