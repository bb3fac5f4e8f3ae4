#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import Locking

/// A cgroup (version 2) per run, where the kernel lets the harness make one: the harness moves itself into a fresh
/// cgroup first thing in `main`, so every process it starts, and everything those start — whatever they do to their
/// environment, process group or pid — stays inside; at the end the harness steps out and kills the cgroup whole
/// (`cgroup.kill`, one atomic step for the kernel, forks in flight included), then removes it.
///
/// ``Orphans`` still sweeps what an adapter leaves when it ends; the cgroup is what holds at the end of the run, where
/// a process that forks and exits every millisecond can outrun a walk of `/proc`. Where no cgroup can be made (no
/// cgroup2 mount, no permission, a kernel before 5.14 without `cgroup.kill`), nothing changes: ``state`` says why,
/// and docs/reliability.md says what is promised then.
///
/// A run that is killed with SIGKILL leaves its cgroup behind; the next run removes it, and kills what is inside, when
/// the cgroup's owner is no longer alive in it (``removeStale(in:)``).
public enum RunCgroup {
    /// Whether this process runs in a cgroup of its own, and if not, why.
    public enum State: Sendable, Equatable {
        case notTried
        case contained(path: String)
        case unavailable(reason: String)
    }

    private struct Containment {
        var state = State.notTried
        /// Where this process was before: it moves back there before the kill.
        var parent: String?
    }

    private static let containment = Locked(Containment())

    public static var state: State { containment.withLock { $0.state } }

    /// The prefix of a run's cgroup name; the harness's pid follows.
    static let namePrefix = "cookie-harness-run-"

    /// Moves this process into a new cgroup below its own. Call it in the executable's `main`, never in a library used
    /// by tests (it would contain the test process). Idempotent.
    @discardableResult
    public static func contain() -> State {
        containment.withLock { containment in
            guard case .notTried = containment.state else { return containment.state }
            do {
                let parent = try ownCgroupFolder()
                removeStale(in: parent)
                let path = parent + "/" + namePrefix + String(getpid())
                guard mkdir(path, 0o755) == 0 || errno == EEXIST else { throw Failure("mkdir \(path): \(errorText())") }
                guard access(path + "/cgroup.kill", W_OK) == 0 else {
                    rmdir(path)
                    throw Failure("\(path)/cgroup.kill is missing or not writable (Linux 5.14 or later has it)")
                }
                do {
                    try writeControl(String(getpid()), to: path + "/cgroup.procs")
                } catch {
                    rmdir(path)
                    throw error
                }
                containment.parent = parent
                containment.state = .contained(path: path)
            } catch {
                containment.state = .unavailable(reason: "\(error)")
            }
            return containment.state
        }
    }

    /// Why a run could not be contained here, or nil when it could: makes and removes an empty cgroup beside this
    /// process's, without moving anything (for tests and for saying what a run here is promised).
    public static func probe() -> String? {
        do {
            let path = try ownCgroupFolder() + "/cookie-harness-probe-" + String(getpid())
            guard mkdir(path, 0o755) == 0 else { throw Failure("mkdir \(path): \(errorText())") }
            defer { rmdir(path) }
            guard access(path + "/cgroup.kill", W_OK) == 0, access(path + "/cgroup.procs", W_OK) == 0 else {
                throw Failure("\(path)/cgroup.kill or cgroup.procs is missing or not writable (Linux 5.14 or later has cgroup.kill)")
            }
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Steps out of the run's cgroup and kills everything still in it, then removes it (waiting up to two seconds for
    /// the kernel to empty it). For the end of the process only. Does nothing unless ``contain()`` succeeded.
    public static func killAll() {
        let (state, parent) = containment.withLock { ($0.state, $0.parent) }
        guard case .contained(let path) = state, let parent else { return }
        do {
            try writeControl(String(getpid()), to: parent + "/cgroup.procs")
        } catch {
            // Still inside: killing the cgroup would kill the harness before its reports are final. Leave it to the
            // sweeps (Orphans) and to the next run's removeStale.
            return
        }
        containment.withLock { $0.state = .unavailable(reason: "the run has ended") }
        emptyAndRemove(path)
    }

    /// Kills what is in `path` and removes it, waiting up to two seconds for the kernel to empty it.
    static func emptyAndRemove(_ path: String) {
        try? writeControl("1", to: path + "/cgroup.kill")
        let deadline = ContinuousClock.now + .seconds(2)
        while rmdir(path) != 0, errno == EBUSY, ContinuousClock.now < deadline {
            usleep(2_000)
        }
    }

    /// Removes the run cgroups in `parent` whose owner is gone: a harness killed with SIGKILL left it (and perhaps
    /// what its adapters started). A cgroup whose owner is alive is never touched, even while the owner is still on its
    /// way in or already on its way out: another harness's cgroup is its own to kill.
    static func removeStale(in parent: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return }
        for name in names where name.hasPrefix(namePrefix) {
            guard let owner = Int32(name.dropFirst(namePrefix.count)), owner != getpid() else { continue }
            let path = parent + "/" + name
            guard !isAlive(owner, since: path) else { continue }
            emptyAndRemove(path)
        }
    }

    /// Whether `pid` is a live process (not a zombie) that started before `path` was made: a pid reused by a process
    /// started later is not the owner.
    static func isAlive(_ pid: Int32, since path: String) -> Bool {
        guard let line = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let fields = line.split(separator: ")").last?.split(separator: " ")
        else { return false }
        // After the command name: state (field 3), …, starttime (field 22) in clock ticks since boot.
        guard let state = fields.first, state != "Z", state != "X" else { return false }
        guard fields.count > 19, let ticks = Double(fields[19]),
              let uptime = (try? String(contentsOfFile: "/proc/uptime", encoding: .utf8))?.split(separator: " ").first.flatMap({ Double($0) })
        else { return true }
        var status = stat()
        guard stat(path, &status) == 0 else { return true }
        let started = Date().timeIntervalSince1970 - uptime + ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
        let made = Double(status.st_ctim.tv_sec) + Double(status.st_ctim.tv_nsec) / 1e9
        // A second of slack for the clocks' rounding: the owner starts well before it makes its cgroup.
        return started <= made + 1
    }

    /// The cgroup2 folder this process is in: the cgroup2 mount (from `/proc/self/mountinfo`) joined with the `0::`
    /// line of `/proc/self/cgroup`.
    static func ownCgroupFolder() throws -> String {
        guard let mountinfo = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8) else {
            throw Failure("/proc/self/mountinfo cannot be read")
        }
        // Fields: id parent major:minor root mount-point options… - fstype source super-options.
        let mount = mountinfo.split(separator: "\n").compactMap { line -> String? in
            let halves = line.components(separatedBy: " - ")
            guard halves.count == 2, halves[1].hasPrefix("cgroup2 ") else { return nil }
            let fields = halves[0].split(separator: " ")
            return fields.count > 4 && fields[3] == "/" ? String(fields[4]) : nil
        }.first
        guard let mount else { throw Failure("no cgroup2 file system is mounted") }
        guard let membership = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8),
              let line = membership.split(separator: "\n").first(where: { $0.hasPrefix("0::") })
        else { throw Failure("/proc/self/cgroup has no cgroup2 line") }
        let relative = String(line.dropFirst(3))
        return relative == "/" ? mount : mount + relative
    }

    /// One `write(2)` of `text` to `path`, as a cgroup file wants it.
    static func writeControl(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure("open \(path): \(errorText())") }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBufferPointer({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw Failure("write \(path): \(errorText())")
        }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
