import Foundation
import Reporting

/// The report paths a command is about to write: checked against each other and against what the command reads,
/// and their missing folders made, before the run starts. Every command that writes a report goes through here.
enum ReportFolders {
    /// A report path with the option that named it (`--junit`), for messages.
    struct Report {
        var option: String
        var path: String

        init(_ option: String, _ path: String) {
            self.option = option
            self.path = path
        }
    }

    /// Checks each path (see ``ReportDestination``: not empty, not a directory or socket, no two reports on one
    /// file), refuses one that would be written over an input of the command (``refuseOverwriting(_:reading:)``),
    /// and creates the missing folders of the paths as given, announcing each one on the console; a symlink's
    /// target folder is never created.
    ///
    /// - Throws: ``InputError`` naming the path and what is wrong, so that the command exits with 2 before any
    ///   scenario runs. A folder that cannot be made is not an input error: the report's own write fails later
    ///   with the system's reason (exit 3).
    static func prepare(_ reports: [Report], reading inputs: [CommandInput], output: CommandOutput) throws {
        let destinations: [ReportDestination]
        do {
            destinations = try ReportDestination.check(reports.map(\.path))
        } catch let error as ReportError {
            throw InputError(error.description)
        }
        for (report, destination) in zip(reports, destinations) where destination.kind == .atomic {
            let written = CommandInput.canonical(destination.path)
            if let input = inputs.first(where: { $0.isOverwritten(byWriting: written) }) {
                throw InputError(input.kind == .xmlFolder
                    ? "\(report.path): error: \(report.option) names an .xml file in \(input.role), which would load it as a suite; choose another report path"
                    : "\(report.path): error: \(report.option) names \(input.role); choose another report path")
            }
        }
        for path in reports.map(\.path) {
            let folder = (path as NSString).deletingLastPathComponent
            guard !folder.isEmpty else { continue }
            guard !FileManager.default.fileExists(atPath: folder) else { continue }
            if (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil {
                output.err("cookie-harness: created folder \(folder) for \(path)")
            }
        }
    }

    /// For a command whose output is a folder of `*.xml` files (`update-expectations`' `--expectations-dir`):
    /// refuses an input file that lies among them.
    ///
    /// - Throws: ``InputError`` naming the input, the option of the folder, and the fix.
    static func refuseOverwriting(_ folder: CommandInput, reading inputs: [CommandInput]) throws {
        for input in inputs where folder.isOverwritten(byWriting: CommandInput.canonical(input.path)) {
            throw InputError(
                "\(input.path): error: \(input.role) lies in \(folder.role), whose .xml files this command writes; move it elsewhere")
        }
    }
}
