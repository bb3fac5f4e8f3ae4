import FileAccess
import Foundation
import Reporting

/// Whether a saved run's results can be written into the expectation files of a folder: the run must have loaded
/// that folder's files (its identity lists them with their digests, ``RunIdentity``), and they must be the files
/// there now. Files the run found there but did not read, because none of its adapters uses them, are not compared.
///
/// A run that loaded none of them (`run Suites/redirect` loads the suites of one folder, not `Suites/expectations`)
/// reports every expected failure as unexpected: written back, each would be "fixed" again and each inherited entry
/// doubled. Results of older files say what to change in files that are no longer there.
enum RunExpectationCheck: Equatable {
    /// The run loaded exactly the folder's files as they are now (those it read).
    case matches
    /// The results cannot be used at all: the reason, for the console.
    case refused(String)
    /// The folder's files differ from those the run loaded: one line per difference.
    case changedSince([String])

    /// - Parameters:
    ///   - directory: The folder as the user named it, for messages.
    ///   - folder: The same folder resolved (``resolved(_:)``).
    ///   - now: Its files now (``files(in:)``), read once for every results file.
    init(run: JSONResultsFile.SavedRun, directory: String, folder: String, now: [String: String]) {
        guard let identity = run.identity else {
            self = .refused(
                "\(run.path): error: no run identity beside these results (\(RunIdentity.path(forResults: run.path))), so nothing says which "
                    + "expectation files their run used; update-expectations writes only the results of a run it can check: run the suites again")
            return
        }
        /// `file`'s path inside `folder`, or nil for a file elsewhere.
        func inFolder(_ file: String) -> String? {
            let path = Self.absolute(file)
            return path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : nil
        }
        var loaded: [String: String] = [:]
        for file in identity.expectationFiles {
            if let name = inFolder(file.file) { loaded[name] = file.sha256 }
        }
        // Files the run found but did not read (no adapter of it uses them) cannot have shaped its results.
        let unread = Set((identity.unreadExpectationFiles ?? []).compactMap(inFolder))
        guard !loaded.isEmpty || !unread.isEmpty else {
            self = .refused(
                "\(run.path): error: its run loaded no expectation file from \(directory), so every expected failure shows as unexpected "
                    + "in it; run the suites with their expectation files (e.g. 'run Suites --filter ID', not a suite folder alone) and update from those results")
            return
        }
        var differences: [String] = []
        for (name, digest) in now.sorted(by: { $0.key < $1.key }) where !unread.contains(name) {
            switch loaded[name] {
            case nil: differences.append("\(directory)/\(name): added since the run")
            case digest: break
            default: differences.append("\(directory)/\(name): edited since the run")
            }
        }
        for name in loaded.keys.sorted() where now[name] == nil {
            differences.append("\(directory)/\(name): removed since the run")
        }
        self = differences.isEmpty ? .matches : .changedSince(differences)
    }

    /// `directory` made absolute from the current directory, every symlink resolved: the folder the loader reads.
    static func resolved(_ directory: String) -> String {
        URL(fileURLWithPath: absolute(directory)).resolvingSymlinksInPath().path
    }

    /// `path` made absolute from the current directory, `.` and `..` and the symlinks of its folders resolved (a
    /// file that is a link stays itself: the folder's entry is what the run loaded).
    static func absolute(_ path: String) -> String {
        let full = URL(fileURLWithPath: path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path).standardizedFileURL
        let folder = full.deletingLastPathComponent().resolvingSymlinksInPath().path
        return (folder == "/" ? "" : folder) + "/" + full.lastPathComponent
    }

    /// The XML files under `folder` as the loader finds them (``FolderWalk``: links followed, hidden names skipped),
    /// by path relative to it, with their digests.
    static func files(in folder: String) -> [String: String] {
        var files: [String: String] = [:]
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        for path in FolderWalk.files(under: base, where: { $0.hasSuffix(".xml") }) {
            let name = String(path.dropFirst(base.count + 1))
            if let digest = RunIdentity.digest(ofFile: path) { files[name] = digest }
        }
        return files
    }
}
