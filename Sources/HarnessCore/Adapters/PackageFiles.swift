import Foundation

/// Finding a file that ships with the package (the suite schema, an adapter script) from wherever the tool runs.
///
/// Looks in the current directory and its parents, then in the executable's directory and its parents, which finds
/// the package's copy from its root, from a subdirectory and from a binary under `.build/`; last in the package's own
/// checkout (``sourceRoot``), which is where a package that depends on this one by URL has it
/// (`.build/checkouts/CookieHarness/` of the app's package), whatever folder the app's harness runs from.
public enum PackageFiles {
    /// How many parent directories are searched above each starting point.
    public static let parentLevels = 4

    /// The folder, relative to the package root, that holds the harness's Python package (`harness_drivers`: the
    /// engine drivers and the support the Python store adapters share): what their `PYTHONPATH` names.
    package static let pythonPackageParent = "Sources/EngineDrivers"

    /// Every place `relativePath` is looked for, in order, without duplicates.
    ///
    /// - Parameter packageRoot: The package checkout searched last; ``sourceRoot`` unless a test leaves it out.
    public static func candidates(
        for relativePath: String, currentDirectory: String, executablePath: String?, packageRoot: String? = sourceRoot
    ) -> [String] {
        var directories = ancestors(of: URL(fileURLWithPath: currentDirectory, isDirectory: true))
        if let executablePath {
            let executable = URL(fileURLWithPath: executablePath, relativeTo: URL(fileURLWithPath: currentDirectory))
            directories += ancestors(of: executable.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        if let packageRoot { directories.append(packageRoot) }
        var seen: Set<String> = []
        return directories.map { join($0, relativePath) }.filter { seen.insert($0).inserted }
    }

    /// The root of the package this library was compiled from, or nil when that folder is gone (a binary copied to
    /// another machine).
    ///
    /// SwiftPM compiles every package from its checkout on disk, so this file's compile-time path
    /// (`<root>/Sources/HarnessCore/Adapters/PackageFiles.swift`) names the checkout that holds the suites, the schema
    /// and the adapters' scripts — for a path dependency and for a URL dependency alike (SwiftPM resources would copy
    /// the suites into the build folder, where a symlink stays a link: DESIGN §8).
    public static let sourceRoot: String? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()  // Adapters
            .deletingLastPathComponent()  // HarnessCore
            .deletingLastPathComponent()  // Sources
            .deletingLastPathComponent()
        let marker = join(root.path, "Package.swift")
        return FileManager.default.fileExists(atPath: marker) ? root.path : nil
    }()

    /// A folder of the package (e.g. `Suites`): `relativePath` under the current directory when it is there (this
    /// repository, or an app that keeps its own), else the package checkout's (``sourceRoot``).
    public static func folder(_ relativePath: String, currentDirectory: String = FileManager.default.currentDirectoryPath) -> String {
        var isDirectory: ObjCBool = false
        let local = join(currentDirectory, relativePath)
        if FileManager.default.fileExists(atPath: local, isDirectory: &isDirectory), isDirectory.boolValue { return relativePath }
        guard let sourceRoot else { return relativePath }
        let packaged = join(sourceRoot, relativePath)
        return FileManager.default.fileExists(atPath: packaged, isDirectory: &isDirectory) && isDirectory.boolValue
            ? packaged : relativePath
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
