#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import Synchronization

/// What a run leaves behind if it ends early, and the means to remove it: scratch files and folders, and the
/// process groups of the child processes it started.
///
/// Every module that creates a scratch path or starts a child registers it here, so that whatever way a run ends
/// (the normal end, SIGINT, a second SIGINT that cannot wait) one call removes every scratch path and kills every
/// process group: no `Reports/.results.json.tmp.*` file, no `cookie-harness-*` folder, no adapter (or anything it
/// started) outlives the harness. Registration is cheap (a lock and a dictionary) and thread-safe.
public enum ProcessCleanup {
    private struct State {
        var scratch: [Int: String] = [:]
        var nextToken = 1
        var groups: Set<Int32> = []
    }

    private static let state = Mutex(State())

    // MARK: Scratch paths

    /// Remembers a scratch file or folder to remove if the process ends before its owner removes it.
    /// - Returns: A token for ``forgetScratch(_:)``.
    public static func registerScratch(_ path: String) -> Int {
        state.withLock { state in
            let token = state.nextToken
            state.nextToken += 1
            state.scratch[token] = path
            return token
        }
    }

    /// The owner removed (or published) the path: nothing left to clean.
    public static func forgetScratch(_ token: Int) {
        _ = state.withLock { $0.scratch.removeValue(forKey: token) }
    }

    /// The scratch paths still registered (for tests and diagnostics).
    public static var scratchPaths: [String] { state.withLock { Array($0.scratch.values) } }

    /// Removes every registered scratch path (files with `unlink`, folders with everything in them).
    public static func removeAllScratch() {
        let paths = state.withLock { state -> [String] in
            defer { state.scratch.removeAll() }
            return Array(state.scratch.values)
        }
        for path in paths {
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            if (status.st_mode & S_IFMT) == S_IFDIR {
                try? FileManager.default.removeItem(atPath: path)
            } else {
                unlink(path)
            }
        }
    }

    // MARK: Process groups

    /// Remembers the process group of a child that was started as its own group leader.
    public static func registerGroup(_ group: Int32) {
        guard group > 1 else { return }
        _ = state.withLock { $0.groups.insert(group) }
    }

    /// The group is known to be empty (its leader was reaped and a signal to the group found nobody).
    public static func forgetGroup(_ group: Int32) {
        _ = state.withLock { $0.groups.remove(group) }
    }

    /// The groups registered and not known to be empty.
    public static var groups: Set<Int32> { state.withLock { $0.groups } }

    /// SIGKILL to every registered process group: the children and everything they started, even where the child
    /// itself has already exited.
    public static func killAllGroups() {
        let groups = state.withLock { state -> Set<Int32> in
            defer { state.groups.removeAll() }
            return state.groups
        }
        for group in groups where group > 1 {
            kill(-group, SIGKILL)
        }
    }

    /// Everything at once: every process group killed, every scratch path removed.
    public static func cleanUpEverything() {
        killAllGroups()
        removeAllScratch()
    }
}
