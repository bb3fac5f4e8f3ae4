import HarnessCore

/// Scenarios run by a command (those whose spec says `runsScenarios`), wired one way for all: the runner with the
/// command's reporters, then, however it ended, every adapter family's end of the run (``RunResources``): the idle
/// out-of-process adapters told to `stop` (PROTOCOL.md, "Life cycle"), and in the full product each WebKitGTK driver
/// that crashed while starting named on the console.
///
/// The commands keep parsing and printing; what a run owns (adapter processes, drivers) is released here, so no
/// command reaches into the engines itself. Process groups are killed when the executable ends (main), not here: in
/// a test process other runs may still be using theirs.
enum RunSession {
    static func run(_ plan: RunPlan, reporter: any ResultReporter, output: CommandOutput) throws -> RunSummary {
        defer {
            for note in RunResources.runEnded() { output.err("note: " + note) }
        }
        return try Runner().run(plan, reporter: reporter)
    }
}
