import Foundation
import Reporting

/// The report paths a command is about to write: checked, and their missing folders made, before the run starts.
enum ReportFolders {
    /// Checks each path (see ``ReportDestination``: not empty, not a directory or socket, no two reports on one
    /// file) and creates the missing folders of the paths as given, announcing each one on the console; a
    /// symlink's target folder is never created.
    ///
    /// - Throws: ``InputError`` naming the path and what is wrong, so that the command exits with 2 before any
    ///   scenario runs. A folder that cannot be made is not an input error: the report's own write fails later
    ///   with the system's reason (exit 3).
    static func prepare(_ paths: [String], output: CommandOutput) throws {
        do {
            _ = try ReportDestination.check(paths)
        } catch let error as ReportError {
            throw InputError(error.description)
        }
        for path in paths {
            let folder = (path as NSString).deletingLastPathComponent
            guard !folder.isEmpty else { continue }
            guard !FileManager.default.fileExists(atPath: folder) else { continue }
            if (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil {
                output.err("cookie-harness: created folder \(folder) for \(path)")
            }
        }
    }
}
