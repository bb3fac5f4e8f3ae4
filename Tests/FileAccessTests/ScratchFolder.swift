import Foundation
import Testing

/// A fresh folder per test, removed when the value goes away.
final class ScratchFolder {
    let path: String

    init() throws {
        var template = Array("\(NSTemporaryDirectory())/fileaccess-tests.XXXXXX".utf8CString)
        let created = try #require(mkdtemp(&template), "mkdtemp failed: \(String(cString: strerror(errno)))")
        path = String(cString: created)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    func write(_ name: String, _ contents: String) throws -> String {
        let file = "\(path)/\(name)"
        try Data(contents.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    func read(_ name: String) throws -> String { try String(contentsOfFile: "\(path)/\(name)", encoding: .utf8) }

    func makeFolder(_ name: String) throws {
        try FileManager.default.createDirectory(atPath: "\(path)/\(name)", withIntermediateDirectories: true)
    }

    func link(_ name: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: "\(path)/\(name)", withDestinationPath: target)
    }

    /// The entries, hidden ones included, sorted.
    func entries() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }

    /// The permission bits of `file` (a full path), after links.
    func mode(of file: String) -> mode_t? {
        var status = stat()
        guard stat(file, &status) == 0 else { return nil }
        return status.st_mode & 0o7777
    }

    func isLink(_ name: String) -> Bool { type(of: name) == S_IFLNK }
    func isFIFO(_ name: String) -> Bool { type(of: name) == S_IFIFO }

    private func type(of name: String) -> mode_t? {
        var status = stat()
        guard lstat("\(path)/\(name)", &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }
}
