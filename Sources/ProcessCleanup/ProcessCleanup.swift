#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import Locking

/// What a run leaves behind if it ends early, and the means to remove it: scratch files and folders, the
/// process groups of the child processes it started, and what left those groups (``Orphans``).
///
/// Every module that creates a scratch path or starts a child registers it here, so that whatever way a run ends
/// (the normal end, a signal, a second signal that cannot wait) one call removes every scratch path and kills every
/// process group: no `Reports/.results.json.tmp.*` file, no `cookie-harness-*` folder, no adapter (or anything it
/// started) outlives the harness. Registration is cheap (a lock and a dictionary) and thread-safe.
public enum ProcessCleanup {
    private struct State {
        var scratch: [Int: String] = [:]
        var nextToken = 1
        var groups: Set<Int32> = []
    }

    private static let state = Locked(State())

    // MARK: Scratch paths

    /// Creates a scratch file from a `mkstemp` template (`…XXXXXX`) and registers it, as one step: the clean-up of
    /// an exit on another thread (a second SIGINT exits at once) either finds the file registered or ran before it
    /// was made, and once it has run nothing new is made.
    /// - Returns: The open descriptor, the path and the registration token; nil with `errno` set when the file could
    ///   not be made (`ECANCELED` when the process is exiting).
    public static func makeScratchFile(template: String) -> (descriptor: Int32, path: String, token: Int)? {
        creating { () -> (descriptor: Int32, path: String, token: Int)? in
            var bytes = Array(template.utf8CString)
            let descriptor = mkstemp(&bytes)
            guard descriptor >= 0 else { return nil }
            let path = bytes.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            return (descriptor, path, registerScratch(path))
        }
    }

    /// Creates a scratch file like ``makeScratchFile(template:)``, but with `mode` less the umask, as `open` gives
    /// any new file, where `mkstemp` always makes 0600: for a file that becomes the user's output by a rename.
    /// - Returns: The descriptor (open for reading and writing, close-on-exec), the path and the registration
    ///   token; nil with `errno` set when the file could not be made (`ECANCELED` when the process is exiting).
    public static func makeScratchFile(template: String, mode: mode_t) -> (descriptor: Int32, path: String, token: Int)? {
        creating { () -> (descriptor: Int32, path: String, token: Int)? in
            guard template.hasSuffix("XXXXXX") else {
                errno = EINVAL
                return nil
            }
            let stem = template.dropLast(6)
            let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
            for _ in 0..<100 {
                let path = String(stem) + String((0..<6).map { _ in letters.randomElement()! })
                let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
                if descriptor >= 0 { return (descriptor, path, registerScratch(path)) }
                guard errno == EEXIST else { return nil }
            }
            return nil
        }
    }

    /// Creates a scratch folder from a `mkdtemp` template (`…XXXXXX`, mode 0700) and registers it, as one step
    /// (see ``makeScratchFile(template:)``).
    /// - Returns: The path and the registration token; nil with `errno` set when the folder could not be made.
    public static func makeScratchFolder(template: String) -> (path: String, token: Int)? {
        creating { () -> (path: String, token: Int)? in
            var bytes = Array(template.utf8CString)
            guard let created = mkdtemp(&bytes) else { return nil }
            let path = String(cString: created)
            return (path, registerScratch(path))
        }
    }

    /// Held while a scratch path is made and registered, and by the exit's clean-up while it marks the process as
    /// exiting: so no scratch path can appear between that clean-up and the exit.
    private static let creation = NSLock()
    nonisolated(unsafe) private static var exiting = false

    private static func creating<T>(_ make: () -> T?) -> T? {
        creation.lock()
        defer { creation.unlock() }
        guard !exiting else {
            errno = ECANCELED
            return nil
        }
        return make()
    }

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

    /// Everything at once, as the process ends: no scratch path is made any more, every process group is killed,
    /// then every process still below this one (an orphan that left its group, see ``Orphans``), then every
    /// scratch path is removed (last, so that nothing killed can write into it again).
    public static func cleanUpEverything() {
        creation.lock()
        exiting = true
        creation.unlock()
        // The run's cgroup first: one atomic kill of everything the run started, wherever it went (RunCgroup).
        RunCgroup.killAll()
        killAllGroups()
        Orphans.killAllDescendants()
        removeAllScratch()
    }
}
