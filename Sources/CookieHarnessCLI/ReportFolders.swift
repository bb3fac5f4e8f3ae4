import Foundation
import Reporting

/// The report paths a command is about to write: checked, and their missing folders made, before the run starts.
enum ReportFolders {
    /// Checks each path (see ``ReportDestination``: not empty, not a directory or socket, no two reports on one
    /// file) and creates the missing folders of the paths as given, announcing each one on the console; a
    /// symlink's target folder is never created.
    ///
    /// - Throws: ``UsageError`` naming the path and what is wrong, so that the command exits with 2 before any
    ///   scenario runs.
    static func prepare(_ paths: [String], output: CommandOutput) throws {
        do {
            _ = try ReportDestination.check(paths)
        } catch let error as ReportError {
            throw InputError(error.description)
        }
        for path in paths {
            let folder = (path as NSString).deletingLastPathComponent
            guard !folder.isEmpty else { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
                if !isDirectory.boolValue { throw InputError("\(path): error: \(folder) is not a folder") }
                continue
            }
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                output.err("cookie-harness: created folder \(folder) for \(path)")
            } catch {
                throw InputError("\(path): error: cannot create the folder \(folder): \((error as NSError).localizedDescription)")
            }
        }
    }
}
