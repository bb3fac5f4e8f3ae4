import FileAccess
import Foundation
import HarnessCore

extension ExpectationUpdater {
    /// Replaces every file of `files` (path → text) or none.
    ///
    /// Expectation files describe each other (`extends=`), so a run of half-updated files is worse than the old
    /// ones: the files are committed together by the tool's one file writer (``AtomicFile/commitAll(_:renaming:)``):
    /// each new text and a copy of each old file are written beside it first (registered as scratch, so a signal
    /// leaves none behind), then the new ones are renamed into place, and a failed rename puts back the files
    /// already replaced. Like every file the tool writes, an existing file keeps its mode, a new one gets 0666 less
    /// the umask, and a symlink is followed (its target rewritten, the link kept).
    /// - Parameter rename: `rename(2)`; tests make it fail.
    /// - Throws: ``ExpectationUpdateError`` `.notWritten` with the system's reason; nothing is replaced.
    static func writeAllOrNone(
        _ files: [String: String], rename: (String, String) -> Int32 = { Glibc.rename($0, $1) }
    ) throws(ExpectationUpdateError) {
        var opened: [AtomicFile] = []
        do throws(FileAccessError) {
            for (path, text) in files.sorted(by: { $0.key < $1.key }) {
                let file = try AtomicFile(path)
                opened.append(file)
                try file.write(text)
            }
            try AtomicFile.commitAll(opened, renaming: rename)
        } catch {
            for file in opened { file.discard() }
            throw ExpectationUpdateError(problems: [error.description], kind: .notWritten)
        }
    }
}
