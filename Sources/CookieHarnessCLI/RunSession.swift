import CookieStores
import HarnessCore

/// Scenarios run by a command (run, compare, agreement, show, truth-table, explore), wired one way for all: the runner with
/// the command's reporters, then, however it ended, every idle out-of-process adapter told to `stop` (PROTOCOL.md,
/// "Life cycle") and what the adapter families have to say of the run (``RunResources``: in the full product, each WebKitGTK driver
/// that crashed while starting) printed on the console.
///
/// The commands keep parsing and printing; what a run owns (adapter processes, drivers) is released here, so no
/// command reaches into the engines itself. Process groups are killed when the executable ends (main), not here: in
/// a test process other runs may still be using theirs.
enum RunSession {
    static func run(_ plan: RunPlan, reporter: any ResultReporter, output: CommandOutput) throws -> RunSummary {
        defer {
            ExternalAdapter.stopAllIdleProcesses()
            for note in RunResources.takeNotes() { output.err("note: " + note) }
        }
        return try Runner().run(plan, reporter: reporter)
    }
}
