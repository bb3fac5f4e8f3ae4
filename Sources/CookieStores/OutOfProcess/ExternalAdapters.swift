import Foundation
import HarnessCore

/// The out-of-process adapters that ship with the harness, in `Sources/CookieStores/External/`.
public enum ExternalAdapters {
    /// Python's `http.cookiejar` (standard library), driven without a network by `python-cookiejar/adapter.py`.
    public static let pythonCookiejarName = "python-cookiejar"
    /// Where the Python adapter lives inside the package, and where ``locateScript(_:currentDirectory:executablePath:)``
    /// looks for it.
    public static let pythonCookiejarScript = "Sources/CookieStores/External/python-cookiejar/adapter.py"
    /// How many parent directories above the current directory and the executable's are searched.
    public static let parentLevels = PackageFiles.parentLevels

    /// The `python-cookiejar` adapter, for the adapter catalog.
    ///
    /// Built on first use: the script is located and one `python3` process is started for the handshake. When the
    /// script cannot be found or Python cannot start, it is still an adapter, and every scenario on it is an error
    /// that says why (the places searched, or the command that failed).
    public static let pythonCookiejar: Adapter = {
        do {
            return try pythonCookiejarDescription().adapter()
        } catch {
            return ExternalAdapter.unavailable(
                name: pythonCookiejarName, summary: "Python http.cookiejar, out of process: adapter.py not found",
                error: error)
        }
    }()

    /// Every built-in external adapter.
    public static var all: [Adapter] { [pythonCookiejar] }

    /// The description of `python-cookiejar`: `python3 <path of adapter.py>`.
    ///
    /// - Throws: ``ScriptNotFound`` listing every place tried.
    public static func pythonCookiejarDescription(
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        executablePath: String? = Bundle.main.executablePath,
        requestTimeout: Duration = ExternalAdapter.defaultRequestTimeout
    ) throws(ScriptNotFound) -> ExternalAdapter {
        let script = try locateScript(pythonCookiejarScript, currentDirectory: currentDirectory, executablePath: executablePath)
        return ExternalAdapter(name: pythonCookiejarName, command: ["python3", script], requestTimeout: requestTimeout)
    }

    /// Finds a file of the package (an adapter script) on disk, as `SuiteSchema` finds `Suites/suite.xsd`: in the
    /// current directory and its parents, then in the executable's directory and its parents (``parentLevels``
    /// levels up), which finds the package's copy from its root, from a subdirectory and from a binary under
    /// `.build/`.
    ///
    /// - Returns: The first candidate that is a regular file, as an absolute path.
    /// - Throws: ``ScriptNotFound`` listing every candidate, in order.
    public static func locateScript(
        _ relativePath: String,
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        executablePath: String? = Bundle.main.executablePath
    ) throws(ScriptNotFound) -> String {
        let candidates = PackageFiles.candidates(
            for: relativePath, currentDirectory: currentDirectory, executablePath: executablePath
        )
        guard let found = PackageFiles.firstRegularFile(in: candidates) else {
            throw ScriptNotFound(file: relativePath, tried: candidates)
        }
        return found
    }

    /// An adapter script was not found; says where it was looked for.
    public struct ScriptNotFound: Error, Sendable, Hashable, CustomStringConvertible {
        /// The file looked for, relative to the package.
        public var file: String
        /// Every candidate path, in the order tried.
        public var tried: [String]

        public init(file: String, tried: [String]) {
            self.file = file
            self.tried = tried
        }

        public var description: String {
            var lines = ["cannot find the adapter script \(file); tried:"]
            lines += tried.map { "  \($0)" }
            lines.append("run from the package directory, or describe the adapter yourself: NAME=COMMAND ARGS...")
            return lines.joined(separator: "\n")
        }
    }
}
