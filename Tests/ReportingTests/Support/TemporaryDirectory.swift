import Foundation
import Testing

/// A fresh directory per test, removed when the value goes away, so tests never share files.
final class TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array("\(NSTemporaryDirectory())/reporting-tests.XXXXXX".utf8CString)
        let created = try #require(mkdtemp(&template), "mkdtemp failed: \(String(cString: strerror(errno)))")
        path = String(cString: created)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` inside the directory.
    func file(_ name: String) -> String { "\(path)/\(name)" }

    /// The names of the entries in the directory, hidden ones included, sorted.
    func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    func read(_ name: String) throws -> String {
        try String(contentsOfFile: file(name), encoding: .utf8)
    }
}

/// The package's shared folder (`../shared` next to the package root), found from this file.
func sharedFolder(_ filePath: String = #filePath) -> String {
    // Tests/ReportingTests/Support/<file> → package root is four levels up.
    var url = URL(fileURLWithPath: filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }
    return url.deletingLastPathComponent().appendingPathComponent("shared").path
}
