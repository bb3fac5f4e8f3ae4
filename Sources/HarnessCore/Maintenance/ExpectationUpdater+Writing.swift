import Foundation
import ProcessCleanup
import XMLSupport

extension ExpectationUpdater {
    /// Replaces every file of `files` (path → text) or none.
    ///
    /// Expectation files describe each other (`extends=`), so a run of half-updated files is worse than the old
    /// ones: each new text and a copy of each old file are first written to temporary files beside it (registered
    /// with ``ProcessCleanup``, so a signal leaves none behind); only then are the new ones renamed into place. If a
    /// rename fails, the files already replaced get their copies back and new files are removed. An existing
    /// file's mode is kept; a new one gets 0666 less the umask.
    ///
    /// The one place `update-expectations` writes files: when the tool's shared file writer lands, it belongs here.
    /// - Parameter rename: `rename(2)`; tests make it fail.
    /// - Throws: ``ExpectationUpdateError`` `.notWritten` with the system's reason; nothing is replaced.
    static func writeAllOrNone(
        _ files: [String: String], rename: (String, String) -> Int32 = { Glibc.rename($0, $1) }
    ) throws(ExpectationUpdateError) {
        var temporaries: [(path: String, token: Int)] = []
        var steps: [(path: String, new: String, backup: String?)] = []
        func removeTemporaries() {
            for temporary in temporaries {
                unlink(temporary.path)
                ProcessCleanup.forgetScratch(temporary.token)
            }
        }
        func temporary(beside path: String, _ data: Data, mode: mode_t) throws(ExpectationUpdateError) -> String {
            let name = (path as NSString).lastPathComponent
            let template = ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(".\(name).XXXXXX")
            guard let made = ProcessCleanup.makeScratchFile(template: template) else {
                throw failure("\(path): error: cannot create a temporary file beside it: \(String(cString: strerror(errno)))")
            }
            temporaries.append((made.path, made.token))
            var written = 0
            let complete = data.withUnsafeBytes { bytes in
                while written < bytes.count {
                    let count = write(made.descriptor, bytes.baseAddress! + written, bytes.count - written)
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { return false }
                    written += count
                }
                return fchmod(made.descriptor, mode) == 0 && fsync(made.descriptor) == 0
            }
            let reason = String(cString: strerror(errno))
            guard close(made.descriptor) == 0, complete else {
                throw failure("\(path): error: cannot write a temporary file beside it: \(reason)")
            }
            return made.path
        }
        func failure(_ message: String) -> ExpectationUpdateError {
            removeTemporaries()
            return ExpectationUpdateError(problems: [message], kind: .notWritten)
        }

        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            var status = stat()
            if stat(path, &status) == 0 {
                let old: Data
                do {
                    old = try InputFile.read(path, maximumSize: XMLTree.defaultMaximumInputSize)
                } catch {
                    throw failure("\(path): error: cannot read it again: \(error)")
                }
                let mode = status.st_mode & 0o7777
                steps.append((path, try temporary(beside: path, Data(text.utf8), mode: mode), try temporary(beside: path, old, mode: mode)))
            } else {
                steps.append((path, try temporary(beside: path, Data(text.utf8), mode: 0o666 & ~Self.umask()), nil))
            }
        }
        for (index, step) in steps.enumerated() where rename(step.new, step.path) != 0 {
            let reason = String(cString: strerror(errno))
            var notRestored: [String] = []
            for done in steps[..<index] {
                let restored = done.backup.map { rename($0, done.path) == 0 } ?? (unlink(done.path) == 0)
                if !restored { notRestored.append(done.path) }
            }
            throw failure(
                "\(step.path): error: cannot replace it: \(reason)"
                    + (notRestored.isEmpty ? "" : "; and these could not be put back: \(notRestored.joined(separator: ", "))"))
        }
        removeTemporaries()
    }

    /// The process's umask, read without changing it (`umask(2)` can only set it): Linux's `/proc/self/status`.
    private static func umask() -> mode_t {
        guard let status = try? InputFile.read("/proc/self/status", maximumSize: 1 << 20),
              let line = String(decoding: status, as: UTF8.self).split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
              let mask = mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8)
        else { return 0o022 }
        return mask
    }
}
