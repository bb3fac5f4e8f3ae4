import Foundation
import ProcessCleanup
import Testing

/// Scratch paths: made and registered in one step, so that what a run leaves behind when it is stopped is known.
/// (Their removal at exit, `removeAllScratch`, acts on the whole process; `FaultTests` checks it through the binary,
/// where no other test's scratch files are in flight.)
@Suite("scratch paths")
struct ScratchPathTests {
    @Test("a scratch folder is made private (0700) and registered until forgotten")
    func scratchFolder() throws {
        let template = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("scratch-test.XXXXXX").path
        let made = try #require(ProcessCleanup.makeScratchFolder(template: template))
        defer { try? FileManager.default.removeItem(atPath: made.path) }
        var status = stat()
        #expect(stat(made.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR)
        #expect(status.st_mode & 0o777 == 0o700)
        #expect(ProcessCleanup.scratchPaths.contains(made.path))
        ProcessCleanup.forgetScratch(made.token)
        #expect(!ProcessCleanup.scratchPaths.contains(made.path))
    }

    @Test("a scratch file is made and registered until forgotten")
    func scratchFile() throws {
        let template = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("scratch-test.XXXXXX").path
        let made = try #require(ProcessCleanup.makeScratchFile(template: template))
        defer {
            close(made.descriptor)
            unlink(made.path)
        }
        #expect(FileManager.default.fileExists(atPath: made.path))
        #expect(ProcessCleanup.scratchPaths.contains(made.path))
        ProcessCleanup.forgetScratch(made.token)
        #expect(!ProcessCleanup.scratchPaths.contains(made.path))
    }

    @Test("a process group is remembered until forgotten")
    func groups() {
        let group: Int32 = 999_999_991
        ProcessCleanup.registerGroup(group)
        #expect(ProcessCleanup.groups.contains(group))
        ProcessCleanup.forgetGroup(group)
        #expect(!ProcessCleanup.groups.contains(group))
    }
}
