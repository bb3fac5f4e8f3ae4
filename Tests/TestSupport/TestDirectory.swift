import Foundation
import Testing

/// A fresh directory per test (`mkdtemp`, so tests running in parallel never share one), removed with its contents
/// when the value goes away.
public final class TestDirectory {
    public let path: String

    public init(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("cookie-harness-tests.XXXXXX")
        var template = Array(folder.path.utf8CString)
        let created = try #require(
            mkdtemp(&template), "mkdtemp failed: \(String(cString: strerror(errno)))", sourceLocation: sourceLocation)
        path = String(cString: created)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The path of `name` (a path relative to the directory).
    public func file(_ name: String) -> String { "\(path)/\(name)" }

    /// Writes `contents` to `name` (creating the folders on its way) and returns the file's path.
    @discardableResult
    public func write(_ name: String, _ contents: String) throws -> String {
        let file = file(name)
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    public func read(_ name: String) throws -> String { try String(contentsOfFile: file(name), encoding: .utf8) }

    public func makeFolder(_ name: String) throws {
        try FileManager.default.createDirectory(atPath: file(name), withIntermediateDirectories: true)
    }

    public func link(_ name: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: file(name), withDestinationPath: target)
    }

    /// The names of the entries in the directory, hidden ones included, sorted.
    public func entries() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }
}
