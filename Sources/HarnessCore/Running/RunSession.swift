import Foundation
import ProcessCleanup

/// One run's life, the same for every caller that runs scenarios (the commands, `bench`): begun (from then on a
/// signal stops it gracefully), run into its report destinations, then ended however it ended, with every adapter
/// family's end of the run (``RunResources``): idle out-of-process adapters told to `stop` (PROTOCOL.md, "Life
/// cycle"), and the families' notes (a driver that crashed while starting) said once.
///
/// It imports no adapter family: each registers its hooks with ``RunResources``, so the caller releases what a run
/// holds without naming an engine. Process groups are killed when the executable ends (`main`), not here: in a test
/// process other runs may still be using theirs.
public final class RunSession {
    private let note: (String) -> Void
    private var ended = false

    /// A session whose end says each family's note through `note` (a whole line, `note: …`); by default on
    /// standard error.
    public init(note: @escaping (String) -> Void = RunSession.standardErrorLine) {
        self.note = note
    }

    /// From now on the first SIGINT, SIGTERM, SIGHUP or SIGQUIT stops the process's runs gracefully: every child
    /// group is killed and every family's ``RunResources/Family/interrupt`` runs, the runner starts no new scenario
    /// and reports the rest as interrupted. A command that runs scenarios begins so before its work starts (a signal
    /// while its suites load then stops it gracefully too); any other way of running stops at once on a signal.
    public static func beginGracefulInterruption() {
        Interruption.beginGracefulHandling { _ in RunResources.interruptAll() }
    }

    /// Runs `plan` into `reporter` (the run's report destinations, one or a `MultiReporter` of them).
    /// - Throws: the first error a reporter threw.
    public func run(_ plan: RunPlan, reporter: any ResultReporter) throws -> RunSummary {
        try Runner().run(plan, reporter: reporter)
    }

    /// Every family's end of the run, once (a second call does nothing).
    public func end() {
        guard !ended else { return }
        ended = true
        for line in RunResources.runEnded() { note("note: " + line) }
    }

    /// One run in a session of its own, ended however the run ended.
    public static func run(
        _ plan: RunPlan, reporter: any ResultReporter, note: @escaping (String) -> Void = RunSession.standardErrorLine
    ) throws -> RunSummary {
        let session = RunSession(note: note)
        defer { session.end() }
        return try session.run(plan, reporter: reporter)
    }

    /// `line` and a newline on standard error.
    public static func standardErrorLine(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
