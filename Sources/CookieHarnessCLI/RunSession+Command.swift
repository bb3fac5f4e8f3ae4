import HarnessCore

extension RunSession {
    /// One run of a command's scenarios (those whose spec says `runsScenarios`) in a session of its own, its notes
    /// on the command's standard error. The commands keep parsing and printing; what a run holds (adapter processes,
    /// drivers) is released by the session, so no command reaches into the engines itself.
    static func run(_ plan: RunPlan, reporter: any ResultReporter, output: CommandOutput) throws -> RunSummary {
        try run(plan, reporter: reporter, note: { output.err($0) })
    }
}
