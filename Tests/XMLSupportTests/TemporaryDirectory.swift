import Foundation
import Testing

/// A fresh directory per test, removed when the value goes away, so tests never share files.
final class TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array("\(NSTemporaryDirectory())/xmlsupport-tests.XXXXXX".utf8CString)
        let created = try #require(mkdtemp(&template), "mkdtemp failed: \(String(cString: strerror(errno)))")
        path = String(cString: created)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `contents` to `name` inside the directory and returns the file's path.
    @discardableResult
    func write(_ name: String, _ contents: String) throws -> String {
        let file = "\(path)/\(name)"
        try Data(contents.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// The names of the entries in the directory, hidden ones included, sorted.
    func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    func read(_ name: String) throws -> String {
        try String(contentsOfFile: "\(path)/\(name)", encoding: .utf8)
    }
}

/// The package's shared folder (`../shared` next to the package root), found from this file.
func sharedFolder(_ filePath: String = #filePath) -> String {
    // Tests/XMLSupportTests/<file> → package root is three levels up.
    let packageRoot = URL(fileURLWithPath: filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return packageRoot.deletingLastPathComponent().appendingPathComponent("shared").path
}
