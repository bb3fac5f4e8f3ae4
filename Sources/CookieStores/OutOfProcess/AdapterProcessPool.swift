import ChildProcesses
import Foundation
import Locking

/// The processes of one external adapter: each store leases one for itself alone, and gives it back after its
/// scenario; the next lease resets it (`reset`) instead of paying for a new process.
///
/// Scenarios stay independent: a process serves one store at a time, and is reset before it serves another. A
/// process that failed (timed out, died, wrote garbage) is never given back, so the next scenario gets a fresh
/// one: that is how a crashed adapter is restarted. An adapter that answers `reset` with `skipped` gets a fresh
/// process for every store.
final class AdapterProcessPool: Sendable {
    let configuration: ExternalAdapter
    /// Idle processes kept beyond this are stopped.
    let maximumIdle: Int

    private struct Idle {
        var process: AdapterProcess
        /// Given back after a scenario: it must be reset before another store uses it.
        var needsReset: Bool
    }

    private struct State {
        var idle: [Idle] = []
        var resetUnsupported = false
        var probe: Result<AdapterHandshake, ExternalAdapterError>?
    }

    private let state = Locked(State())
    /// Serialises the first launch, so that the handshake is probed once.
    private let probing = NSLock()

    init(configuration: ExternalAdapter, maximumIdle: Int = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)) {
        self.configuration = configuration
        self.maximumIdle = maximumIdle
    }

    /// The handshake of the first process, launched on the first call and kept idle for the first store; later
    /// calls return the same answer, failure included.
    func probe() -> Result<AdapterHandshake, ExternalAdapterError> {
        if let known = state.withLock({ $0.probe }) { return known }
        probing.lock()
        defer { probing.unlock() }
        if let known = state.withLock({ $0.probe }) { return known }
        let result: Result<AdapterHandshake, ExternalAdapterError>
        do throws(ExternalAdapterError) {
            let process = try AdapterProcess.launch(configuration)
            result = .success(process.handshake)
            state.withLock { $0.idle.append(Idle(process: process, needsReset: false)) }
        } catch {
            result = .failure(error)
        }
        state.withLock { $0.probe = result }
        return result
    }

    /// A process for one store alone: an idle one, reset, or a new one.
    ///
    /// - Throws: ``ExternalAdapterError`` when the adapter cannot start (the probe's failure, or this launch's).
    func lease() throws(ExternalAdapterError) -> AdapterProcess {
        if case .failure(let error) = probe() { throw error }
        while let candidate = state.withLock({ $0.idle.popLast() }) {
            guard candidate.process.isUsable else { continue }
            guard candidate.needsReset else { return candidate.process }
            do throws(ExternalAdapterError) {
                switch try candidate.process.call(.reset).outcome {
                case .ok:
                    return candidate.process
                case .skipped:
                    state.withLock { $0.resetUnsupported = true }
                    candidate.process.stop()
                case .errored:
                    candidate.process.stop()
                }
            } catch {
                // The process failed between scenarios; nobody's result depends on it. Try the next one.
                continue
            }
        }
        return try AdapterProcess.launch(configuration)
    }

    /// Takes back a process after its store is done: kept for the next lease when it is healthy and can be reset.
    func giveBack(_ process: AdapterProcess) {
        guard process.isUsable else { return }
        let kept = state.withLock { state -> Bool in
            guard !state.resetUnsupported, state.idle.count < maximumIdle else { return false }
            state.idle.append(Idle(process: process, needsReset: true))
            return true
        }
        if !kept { process.stop() }
    }

    /// Stops every idle process (leased ones are stopped when their stores give them back).
    func stopIdle() {
        let idle = state.withLock { state -> [Idle] in
            defer { state.idle.removeAll() }
            return state.idle
        }
        for entry in idle { entry.process.stop() }
    }
}
