import Foundation
import ProcessCleanup
import Locking

/// Runs a plan: scenarios in parallel on worker threads, results to the reporter in deterministic order.
///
/// Each scenario gets its own World, so any order and any parallelism give the same results. A scenario that
/// exceeds the time limit is reported as an error, its worker is abandoned (it holds nothing shared) and a fresh
/// worker takes its place, so one hanging adapter cannot stop the run; the child processes the abandoned scenario
/// is waiting on are killed with their process groups (``WorkScope``), so nothing it started outlives it.
///
/// After SIGINT or SIGTERM (``Interruption``) no scenario starts: each remaining one is reported as skipped
/// ("interrupted by SIGINT: not run"), and a scenario that was running is reported as skipped ("interrupted by
/// SIGINT before it finished") whatever it returned, as its adapter was killed under it. The reports thus stay
/// complete and valid, and say what was interrupted.
public struct Runner: Sendable {
    public var executor = ScenarioExecutor()
    /// How many results may wait for an earlier one before no new scenario starts. Results reach the reporter in
    /// order, so behind a scenario that hangs until `--time-limit` the other workers' results pile up; a million
    /// fast scenarios would pile up hundreds of thousands of them (transcripts included) in 30 s. With this bound
    /// the run pauses instead, and memory stays bounded whatever an adapter does.
    public var maximumResultsWaiting = 4096

    public init() {}

    /// Runs `plan`, feeding `reporter` in order; returns the summary.
    /// - Throws: the first error a reporter threw (the run itself never throws for an adapter's failure).
    public func run(_ plan: RunPlan, reporter: any ResultReporter) throws -> RunSummary {
        let jobCount = plan.jobCount
        try reporter.begin(RunInfo(
            startedAt: Date(), hostname: ProcessInfo.processInfo.hostName, adapters: plan.adapters.map(\.info)))
        let state = RunState(
            jobCount: jobCount, plan: plan, reporter: reporter, executor: executor, maximumResultsWaiting: maximumResultsWaiting)
        state.start(workers: max(1, min(plan.jobs, jobCount)))
        state.waitUntilDone()
        if let error = state.reporterError { throw error }
        let summary = state.summary
        try reporter.finish(summary)
        return summary
    }
}

/// The shared state of one run: which job is next, which are running, and results waiting for their turn.
///
/// Jobs come from a ``JobCursor`` (under its own lock, since reaching a file may mean reading it) and are numbered
/// in report order; results are delivered in that order.
private final class RunState: @unchecked Sendable {
    private let jobCount: Int
    private let cursor: Locked<(next: JobCursor, number: Int)>
    private let plan: RunPlan
    private let reporter: any ResultReporter
    private let executor: ScenarioExecutor
    private let done = DispatchSemaphore(value: 0)

    private struct Shared {
        var running: [Int: (started: ContinuousClock.Instant, scope: WorkScope, job: RunPlan.Job)] = [:]
        var abandoned: Set<Int> = []
        var pending: [Int: ScenarioResult] = [:]
        var nextToDeliver = 0
        var summary = RunSummary()
        var reporterError: (any Error)?
    }

    private let shared = Locked(Shared())
    /// Serialises calls into the reporter, which need not be thread-safe.
    private let delivery = NSLock()

    private let maximumResultsWaiting: Int

    init(jobCount: Int, plan: RunPlan, reporter: any ResultReporter, executor: ScenarioExecutor, maximumResultsWaiting: Int) {
        self.jobCount = jobCount
        self.maximumResultsWaiting = max(1, maximumResultsWaiting)
        self.cursor = Locked((JobCursor(plan), 0))
        self.plan = plan
        self.reporter = reporter
        self.executor = executor
    }

    var summary: RunSummary { shared.withLock { $0.summary } }
    var reporterError: (any Error)? { shared.withLock { $0.reporterError } }

    func start(workers: Int) {
        guard jobCount > 0 else {
            done.signal()
            return
        }
        for _ in 0..<workers { spawnWorker() }
        let watchdog = Thread { [self] in watch() }
        watchdog.start()
    }

    func waitUntilDone() { done.wait() }

    private func spawnWorker() {
        let thread = Thread { [self] in work() }
        thread.stackSize = 4 << 20
        thread.start()
    }

    private func work() {
        let clock = ContinuousClock()
        while true {
            // Behind a slow scenario: wait until its result is delivered (or the watchdog gives it up).
            while isTooFarAhead { usleep(1_000) }
            let scope = WorkScope()
            let interrupted = Interruption.signal
            let claimed: (Int, RunPlan.Job)? = cursor.withLock { cursor in
                guard cursor.number < jobCount, let job = cursor.next.next(reading: interrupted == nil) else { return nil }
                defer { cursor.number += 1 }
                return (cursor.number, job)
            }
            guard let (index, job) = claimed else { return }
            if interrupted == nil { shared.withLock { $0.running[index] = (clock.now, scope, job) } }
            if let interrupted {
                let reason = InterruptionReason.notRun(by: Interruption.name(of: interrupted))
                deliver(makeResult(job, status: .skipped(reason: reason), duration: .zero, transcript: []), at: index)
                continue
            }
            if let unreadable = job.unreadable {
                shared.withLock { _ = $0.running.removeValue(forKey: index) }
                deliver(makeResult(job, status: .errored(detail: unreadable), duration: .zero, transcript: []), at: index)
                continue
            }
            let start = clock.now
            let outcome = scope.run {
                executor.observe(
                    job.scenario, of: job.suite, on: job.adapter, keepingObservations: plan.keepsObservations)
            }
            var result = makeResult(job, status: outcome.status, duration: clock.now - start, transcript: outcome.transcript)
            if plan.keepsObservations { result.observations = outcome.observations }
            if let signal = Interruption.signal {
                result.status = .skipped(reason: InterruptionReason.cutShort(by: Interruption.name(of: signal)))
            }
            let wasAbandoned = shared.withLock { state -> Bool in
                state.running[index] = nil
                return state.abandoned.contains(index)
            }
            // The watchdog already reported this job and started a replacement worker: this one bows out.
            if wasAbandoned { return }
            deliver(result, at: index)
        }
    }

    /// Whether ``Runner/maximumResultsWaiting`` jobs or more were claimed past the next result to deliver.
    private var isTooFarAhead: Bool {
        let claimed = cursor.withLock { $0.number }
        guard claimed < jobCount else { return false }
        return claimed - shared.withLock { $0.nextToDeliver } >= maximumResultsWaiting
    }

    /// Every 50 ms: a job over the time limit becomes an error result, and a new worker replaces its thread.
    private func watch() {
        let clock = ContinuousClock()
        while !isFinished {
            Thread.sleep(forTimeInterval: 0.05)
            let overdue: [(Int, WorkScope, RunPlan.Job)] = shared.withLock { state in
                let late = state.running.filter { clock.now - $0.value.started > plan.timeLimit }
                    .map { ($0.key, $0.value.scope, $0.value.job) }
                for (index, _, _) in late {
                    state.running[index] = nil
                    state.abandoned.insert(index)
                }
                return late
            }
            for (index, scope, job) in overdue {
                // Whatever the scenario waits on (an adapter process, a driver) is killed: it must not outlive it.
                scope.abandon()
                let detail = "time limit of \(plan.timeLimit) exceeded: the adapter did not finish the scenario"
                deliver(makeResult(job, status: .errored(detail: detail), duration: plan.timeLimit, transcript: []), at: index)
                spawnWorker()
            }
        }
    }

    private var isFinished: Bool { shared.withLock { $0.nextToDeliver >= jobCount } }

    private func makeResult(_ job: RunPlan.Job, status: Status, duration: Duration, transcript: [String]) -> ScenarioResult {
        ScenarioResult(
            adapter: job.adapter.info, suiteID: job.suite.id, suiteFile: job.suite.file, scenarioID: job.scenario.id,
            title: job.scenario.title, tags: job.scenario.tags, references: job.scenario.references, status: status,
            expected: plan.expectation(job.adapter.name, job.scenario.id), duration: duration, transcript: transcript
        )
    }

    /// Queues a result and hands every result whose turn has come to the reporter, in job order.
    private func deliver(_ result: ScenarioResult, at index: Int) {
        delivery.lock()
        defer { delivery.unlock() }
        let ready: [ScenarioResult] = shared.withLock { state in
            state.pending[index] = result
            var ready: [ScenarioResult] = []
            while let next = state.pending.removeValue(forKey: state.nextToDeliver) {
                ready.append(next)
                state.nextToDeliver += 1
            }
            return ready
        }
        for result in ready {
            do {
                try reporter.report(result)
            } catch {
                shared.withLock { if $0.reporterError == nil { $0.reporterError = error } }
            }
            shared.withLock { $0.summary.add(result) }
        }
        if shared.withLock({ $0.nextToDeliver >= jobCount }), !ready.isEmpty { done.signal() }
    }
}
