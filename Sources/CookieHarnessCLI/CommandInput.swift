import FileAccess
import Foundation

/// A file or folder a command reads, named with its role: ``ReportFolders/prepare(_:reading:output:)`` refuses a
/// report path that would be written over it.
///
/// A folder stands for the `*.xml` files the suite loader would find in it (hidden ones excepted): a report
/// written there as `*.xml` is loaded as a suite by every later run of that folder, and breaks it.
struct CommandInput {
    enum Kind {
        case file
        /// Every `*.xml` file under the folder (a suite folder; `update-expectations`' `--expectations-dir`).
        case xmlFolder
        /// Every file under the folder (a corpus).
        case folder
    }

    /// The path as the user gave it, for messages.
    var path: String
    /// What the command reads it as, said after "names": `a loaded suite file`, `the results file given to --rerun`.
    var role: String
    var kind: Kind

    init(_ path: String, role: String, kind: Kind = .file) {
        self.path = path
        self.role = role
        self.kind = kind
    }

    /// Suite paths as the loader takes them (default `Suites/`): each folder as a folder, each file as a loaded
    /// suite file; a path that does not exist is left to the loader's own error.
    static func suites(_ paths: [String]) -> [CommandInput] {
        (paths.isEmpty ? SuiteInputs.defaultPaths : paths).compactMap { path in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
            return isDirectory.boolValue
                ? CommandInput(path, role: "the suite folder \(path)", kind: .xmlFolder)
                : CommandInput(path, role: "a loaded suite file")
        }
    }

    /// `--expectations FILE...` and `--schema FILE`, which the suite-loading commands read besides the suites.
    static func suiteExtras(_ args: CommandLineArguments) -> [CommandInput] {
        (args[SharedOptions.expectations] ?? [])
            .map { CommandInput($0, role: "a loaded expectation file (--expectations)") }
            + (args[SharedOptions.schema].map { [CommandInput($0, role: "the suite schema (--schema)")] } ?? [])
    }

    /// The absolute path with every symlink and `..` resolved as far as the path exists (`realpath` of its longest
    /// existing part), the rest normalized as written: two spellings of one file, or a link and its target, meet.
    static func canonical(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var existing = absolute.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var rest: [String] = []
        var base = "/"
        while true {
            if let resolved = realpath("/" + existing.joined(separator: "/"), nil) {
                base = String(cString: resolved)
                free(resolved)
                break
            }
            guard let last = existing.popLast() else { break }
            rest.insert(last, at: 0)
        }
        var components = base.split(separator: "/").map(String.init)
        for component in rest where component != "." {
            if component == ".." { _ = components.popLast() } else { components.append(component) }
        }
        return "/" + components.joined(separator: "/")
    }

    /// Whether writing `file` (a canonical path) would replace this input, or add a suite to this folder.
    ///
    /// Paths are compared, and so are the files and folders themselves (device and inode): the loader follows links
    /// inside a suite folder, so a report aimed at a linked suite file's target, or written into a folder a link in
    /// the suite folder leads to, reaches the suites as surely as one written inside it; a hard link is the same file.
    func isOverwritten(byWriting file: String) -> Bool {
        let mine = Self.canonical(path)
        let written = FileIdentity(file)
        switch kind {
        case .file:
            return file == mine || (written != nil && written == FileIdentity(path))
        case .xmlFolder, .folder:
            let suffix = kind == .xmlFolder ? ".xml" : ""
            // The loader's own walk, once: every file it reads, and every folder it enters.
            let reached = FolderWalk.walk(path, where: { $0.hasSuffix(suffix) })
            if let written, reached.files.contains(where: { FileIdentity($0) == written }) { return true }
            guard file.utf8.reversed().starts(with: suffix.utf8.reversed()) else { return false }
            let name = (file as NSString).lastPathComponent
            // The loader skips hidden files and folders (a report's own temporary file among them).
            guard !name.hasPrefix(".") else { return false }
            let folder = mine.hasSuffix("/") ? mine : mine + "/"
            // Octets, not Characters (DESIGN §8: `hasPrefix` compares Characters).
            if file.utf8.starts(with: folder.utf8) {
                let inside = String(decoding: file.utf8.dropFirst(folder.utf8.count), as: UTF8.self)
                return !inside.split(separator: "/").contains { $0.hasPrefix(".") }
            }
            guard let parent = FileIdentity((file as NSString).deletingLastPathComponent) else { return false }
            return reached.folders.contains(parent)
        }
    }
}
