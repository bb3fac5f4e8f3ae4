import Foundation

/// Finding a file that ships with the package (the suite schema, an adapter script) from wherever the tool runs.
///
/// Looks in the current directory and its parents, then in the executable's directory and its parents, which finds
/// the package's copy from its root, from a subdirectory and from a binary under `.build/`.
public enum PackageFiles {
    /// How many parent directories are searched above each starting point.
    public static let parentLevels = 4

    /// Every place `relativePath` is looked for, in order, without duplicates.
    public static func candidates(
        for relativePath: String, currentDirectory: String, executablePath: String?
    ) -> [String] {
        var directories = ancestors(of: URL(fileURLWithPath: currentDirectory, isDirectory: true))
        if let executablePath {
            let executable = URL(fileURLWithPath: executablePath, relativeTo: URL(fileURLWithPath: currentDirectory))
            directories += ancestors(of: executable.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        var seen: Set<String> = []
        return directories.map { join($0, relativePath) }.filter { seen.insert($0).inserted }
    }

    /// The first of `candidates` that is a regular file.
    public static func firstRegularFile(in candidates: [String]) -> String? {
        candidates.first { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }

    /// `directory` joined with a relative path.
    public static func join(_ directory: String, _ relative: String) -> String {
        directory.hasSuffix("/") ? directory + relative : "\(directory)/\(relative)"
    }

    /// `directory` and up to ``parentLevels`` of its parents, stopping at `/`.
    private static func ancestors(of directory: URL) -> [String] {
        var result: [String] = []
        var current = directory.standardizedFileURL
        for _ in 0...parentLevels {
            result.append(current.path)
            let parent = current.deletingLastPathComponent().standardizedFileURL
            if parent.path == current.path { break }
            current = parent
        }
        return result
    }
}
