import Foundation

/// The folders of report files a command is about to write.
enum ReportFolders {
    /// Creates the folder of each path (for the default `Reports/` in a fresh clone); a failure shows up when the
    /// report itself cannot be written, with the report's own error.
    static func create(for paths: [String]) {
        for path in paths {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        }
    }
}
