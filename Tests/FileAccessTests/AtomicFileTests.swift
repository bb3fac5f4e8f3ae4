import FileAccess
import Foundation
import ProcessCleanup
import TestSupport
import Testing

/// The one writer: modes kept or taken from the umask, links followed, FIFOs written through, nothing left behind.
/// Serialized: one test changes the process's umask for an instant.
@Suite(.serialized)
struct AtomicFileTests {
    @Test func newFileHonoursTheUmask() throws {
        let folder = try TestDirectory()
        for (mask, expected): (mode_t, mode_t) in [(0o077, 0o600), (0o022, 0o644), (0o027, 0o640)] {
            let path = folder.path + "/new-\(mask).txt"
            let previous = umask(mask)
            let file: AtomicFile
            do {
                defer { umask(previous) }
                file = try AtomicFile(path)
            }
            try file.write("x")
            try file.commit()
            #expect(folder.mode(of: path) == expected, "umask \(String(mask, radix: 8))")
        }
    }

    @Test(arguments: [0o600, 0o640, 0o444, 0o755] as [mode_t])
    func existingFileKeepsItsMode(mode: mode_t) throws {
        let folder = try TestDirectory()
        let path = try folder.write("r.json", "old")
        chmod(path, mode)
        try AtomicFile.write("new", to: path)
        #expect(folder.mode(of: path) == mode)
        #expect(try folder.read("r.json") == "new")
        #expect(try folder.entries() == ["r.json"])
    }

    @Test func symlinkChainIsFollowedAndStays() throws {
        let folder = try TestDirectory()
        try FileManager.default.createDirectory(atPath: folder.path + "/real", withIntermediateDirectories: true)
        let target = try folder.write("real/t.md", "old")
        chmod(target, 0o640)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/real/inner", withDestinationPath: "t.md")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/outer", withDestinationPath: "real/inner")
        try AtomicFile.write("new", to: folder.path + "/outer")
        #expect(folder.isLink("outer"))
        #expect(folder.isLink("real/inner"))
        #expect(try folder.read("real/t.md") == "new")
        #expect(folder.mode(of: target) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/real").sorted() == ["inner", "t.md"])
    }

    @Test func symlinkToMissingFileCreatesTheTarget() throws {
        let folder = try TestDirectory()
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link", withDestinationPath: "target")
        try AtomicFile.write("new", to: folder.path + "/link")
        #expect(folder.isLink("link"))
        #expect(try folder.read("target") == "new")
    }

    @Test func linkLoopIsRefused() throws {
        let folder = try TestDirectory()
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/a", withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/b", withDestinationPath: "a")
        let error = try #require(throws: FileAccessError.self) { try AtomicFile.write("x", to: folder.path + "/a") }
        #expect(error.code == .invalidPath)
        #expect(error.message.contains("too many levels of symbolic links"))
    }

    @Test func directoryAndEmptyPathAreRefused() throws {
        let folder = try TestDirectory()
        let directory = try #require(throws: FileAccessError.self) { try AtomicFile(folder.path, what: "report") }
        #expect(directory.code == .invalidPath)
        #expect(directory.description == "\(folder.path): error: is a directory; a report path names a file")
        let empty = try #require(throws: FileAccessError.self) { try AtomicFile("", what: "report") }
        #expect(empty.message == "the report path is empty")
    }

    @Test func missingFolderIsAWriteFailureWithTheReason() throws {
        let folder = try TestDirectory()
        let error = try #require(throws: FileAccessError.self) { try AtomicFile(folder.path + "/missing/r.json") }
        #expect(error.code == .writeFailed)
        #expect(error.message.contains("No such file or directory"), "\(error)")
    }

    @Test func temporaryFileIsScratchUntilCommitted() throws {
        let folder = try TestDirectory()
        let path = try folder.write("r.json", "old")
        let file = try AtomicFile(path)
        #expect(ProcessCleanup.scratchPaths.contains(file.temporaryPath))
        #expect(file.temporaryPath.hasPrefix(folder.path + "/.r.json.tmp."))
        try file.write(String(repeating: "y", count: 200_000))  // past the buffer
        #expect(try folder.read("r.json") == "old", "the destination changed before the commit")
        try file.commit()
        #expect(!ProcessCleanup.scratchPaths.contains(file.temporaryPath))
        #expect(try folder.read("r.json").count == 200_000)
        #expect(try folder.entries() == ["r.json"])
        #expect(throws: FileAccessError.self) { try file.commit() }
    }

    @Test func droppedOrDiscardedFileLeavesTheDestinationAlone() throws {
        let folder = try TestDirectory()
        let path = try folder.write("r.json", "old")
        do {
            let file = try AtomicFile(path)
            try file.write("new")
        }
        let discarded = try AtomicFile(path)
        try discarded.write("new")
        discarded.discard()
        discarded.discard()
        #expect(try folder.read("r.json") == "old")
        #expect(try folder.entries() == ["r.json"])
        #expect(!ProcessCleanup.scratchPaths.contains(discarded.temporaryPath))
    }

    @Test func writesThroughTheDescriptorAreCommittedToo() throws {
        let folder = try TestDirectory()
        let path = folder.path + "/d.xml"
        let file = try AtomicFile(path)
        #expect(Glibc.write(file.descriptor, "<a/>", 4) == 4)
        try file.commit()
        #expect(try folder.read("d.xml") == "<a/>")
    }

    @Test func fifoIsWrittenThroughAndStaysAFifo() throws {
        let folder = try TestDirectory()
        let fifo = folder.path + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let received = Received()
        let reader = Thread {
            // Blocks until the writer comes, as a reader of a pipe does.
            let descriptor = open(fifo, O_RDONLY)
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while descriptor >= 0 {
                let count = read(descriptor, &chunk, chunk.count)
                if count <= 0 { break }
                bytes += chunk[..<count]
            }
            if descriptor >= 0 { close(descriptor) }
            received.text = String(decoding: bytes, as: UTF8.self)
            received.done.signal()
        }
        reader.start()
        let file = try AtomicFile(fifo)
        #expect(!file.temporaryPath.hasPrefix(folder.path), "the content was staged next to the FIFO")
        try file.write("through")
        try file.commit()
        #expect(received.done.wait(timeout: .now() + 10) == .success)
        #expect(received.text == "through")
        #expect(folder.isFIFO("pipe"))
        #expect(try folder.entries() == ["pipe"])
        #expect(!FileManager.default.fileExists(atPath: file.temporaryPath))
    }

    @Test func installMovesAProducedFileKeepingTheOldMode() throws {
        let folder = try TestDirectory()
        let binary = try folder.write("adapter", "old")
        chmod(binary, 0o750)
        let produced = try folder.write(".adapter.build", "new")
        chmod(produced, 0o777)
        try AtomicFile.install(produced, at: binary)
        #expect(try folder.read("adapter") == "new")
        #expect(folder.mode(of: binary) == 0o750)
        #expect(try folder.entries() == ["adapter"])
    }

    @Test func filesCommittedTogetherAllAppear() throws {
        let folder = try TestDirectory()
        let a = try folder.write("a.xml", "old a")
        chmod(a, 0o640)
        let files = try [a, folder.path + "/b.xml"].map { path in
            let file = try AtomicFile(path)
            try file.write("new")
            return file
        }
        try AtomicFile.commitAll(files)
        #expect(try folder.read("a.xml") == "new")
        #expect(try folder.read("b.xml") == "new")
        #expect(folder.mode(of: a) == 0o640)
        #expect(try folder.entries() == ["a.xml", "b.xml"])
        #expect(!ProcessCleanup.scratchPaths.contains { $0.hasPrefix(folder.path) })
    }

    @Test func whenOneRenameFailsTheOthersAreTakenBack() throws {
        let folder = try TestDirectory()
        let a = try folder.write("a.xml", "old a")
        let b = try folder.write("b.xml", "old b")
        chmod(b, 0o600)
        let c = folder.path + "/c.xml"
        let files = try [a, b, c].map { path in
            let file = try AtomicFile(path)
            try file.write("new")
            return file
        }
        let error = try #require(throws: FileAccessError.self) {
            try AtomicFile.commitAll(files) { from, to in to == c ? -1 : rename(from, to) }
        }
        #expect(error.description.hasPrefix("\(c): error: cannot replace it"))
        #expect(try folder.read("a.xml") == "old a")
        #expect(try folder.read("b.xml") == "old b")
        #expect(folder.mode(of: b) == 0o600)
        #expect(try folder.entries() == ["a.xml", "b.xml"])
        #expect(!ProcessCleanup.scratchPaths.contains { $0.hasPrefix(folder.path) })
    }

    @Test func twoPathsNamingOneFileAreRefused() throws {
        let folder = try TestDirectory()
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link.json", withDestinationPath: "r.json")
        let error = try #require(throws: FileAccessError.self) {
            try FileDestination.check([folder.path + "/r.json", folder.path + "/./link.json"], what: "report")
        }
        #expect(error.message.contains("is also the path of another report"))
    }
}

/// What a reader thread got from a FIFO.
private final class Received: @unchecked Sendable {
    var text = ""
    let done = DispatchSemaphore(value: 0)
}
