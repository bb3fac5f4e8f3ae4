import Foundation
import ProcessCleanup
import Testing

/// A work scope kills the process groups its work waits on when the work is given up (a scenario past its time
/// limit), and only those.
@Suite("work scope: abandoned work kills its process groups", .timeLimit(.minutes(3)))
struct WorkScopeTests {
    /// `sleep 300` as the leader of a process group of its own.
    static func sleeperGroup() throws -> Int32 {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("300"), nil]
        defer { argv.forEach { free($0) } }
        let status = posix_spawn(&pid, "/bin/sleep", nil, &attributes, argv, environ)
        try #require(status == 0, "posix_spawn: \(String(cString: strerror(status)))")
        return pid
    }

    /// How the child ended, waiting up to `seconds` (nil: still running).
    static func ending(of pid: Int32, within seconds: Double = 3) -> Int32? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        repeat {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { return status }
            usleep(20_000)
        } while Date() < deadline
        return nil
    }

    static func killedBySIGKILL(_ status: Int32?) -> Bool {
        guard let status else { return false }
        return (status & 0x7f) == SIGKILL
    }

    static func reap(_ pid: Int32) {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    @Test("abandon kills every group in use, and not one already left")
    func abandonKillsGroupsInUse() throws {
        let scope = WorkScope()
        let inUse = try Self.sleeperGroup()
        let left = try Self.sleeperGroup()
        defer { Self.reap(left) }
        scope.enter(group: inUse)
        scope.enter(group: left)
        scope.leave(group: left)
        scope.abandon()
        #expect(scope.isAbandoned)
        #expect(Self.killedBySIGKILL(Self.ending(of: inUse)), "the group in use survived abandon()")
        #expect(Self.ending(of: left, within: 0.3) == nil, "a group the work had left was killed")
    }

    @Test("a group entered after the work was abandoned is killed at once")
    func enterAfterAbandon() throws {
        let scope = WorkScope()
        scope.abandon()
        let late = try Self.sleeperGroup()
        scope.enter(group: late)
        #expect(Self.killedBySIGKILL(Self.ending(of: late)), "a group entered after abandon() survived")
    }

    @Test("a group entered twice stays in use until left twice")
    func nestedUse() throws {
        let scope = WorkScope()
        let group = try Self.sleeperGroup()
        scope.enter(group: group)
        scope.enter(group: group)
        scope.leave(group: group)
        scope.abandon()
        #expect(Self.killedBySIGKILL(Self.ending(of: group)), "a group still in use once survived abandon()")
    }

    @Test("the scope is the current thread's only inside run")
    func currentScope() {
        let scope = WorkScope()
        #expect(WorkScope.ofCurrentThread == nil)
        scope.run { #expect(WorkScope.ofCurrentThread === scope) }
        #expect(WorkScope.ofCurrentThread == nil)
    }
}
