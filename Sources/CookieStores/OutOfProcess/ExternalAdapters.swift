import ChildProcesses
import Foundation
import HarnessCore

/// The out-of-process adapters that ship with the harness, in `Sources/CookieStores/External/`.
package enum ExternalAdapters {
    /// Python's `http.cookiejar` (standard library), driven without a network by `python-cookiejar/adapter.py`.
    package static let pythonCookiejarName = "python-cookiejar"
    /// Where the Python adapter lives inside the package, and where ``locateScript(_:currentDirectory:executablePath:)``
    /// looks for it.
    package static let pythonCookiejarScript = "Sources/CookieStores/External/python-cookiejar/adapter.py"
    /// How many parent directories above the current directory and the executable's are searched.
    package static let parentLevels = PackageFiles.parentLevels

    /// The `python-cookiejar` adapter, for the adapter catalog.
    ///
    /// Described on first use (`Adapter.deferred`): only then is the script located and one `python3` process
    /// started for the handshake, so a run that does not select it starts nothing. When the script cannot be found
    /// or Python cannot start, it is still an adapter, and every scenario on it is an error that says why (the
    /// places searched, or the command that failed).
    package static let pythonCookiejar: Adapter = builtIn(pythonCookiejarName, "Python http.cookiejar") {
        try pythonCookiejarDescription()
    }

    /// Every built-in external adapter.
    package static var all: [Adapter] { [pythonCookiejar, toughCookie, goCookiejar, libsoup, aiohttp] }

    // MARK: The implementations people use (issue 12)

    /// Node's tough-cookie (Debian `node-tough-cookie`), driven by `tough-cookie/adapter.js`.
    package static let toughCookieName = "tough-cookie"
    package static let toughCookieScript = "Sources/CookieStores/External/tough-cookie/adapter.js"
    /// Go's `net/http/cookiejar` (Debian `golang-go`), built from `go-cookiejar/` into `.build/go-cookiejar/`.
    package static let goCookiejarName = "go-cookiejar"
    package static let goCookiejarSource = "Sources/CookieStores/External/go-cookiejar/adapter.go"
    /// libsoup 3's `SoupCookieJar` through PyGObject (Debian `python3-gi`, `gir1.2-soup-3.0`), by `libsoup/adapter.py`.
    package static let libsoupName = "libsoup"
    package static let libsoupScript = "Sources/CookieStores/External/libsoup/adapter.py"
    /// aiohttp's `CookieJar` (PyPI), in the virtual environment `.ci/install-deps` makes under `.build/`.
    package static let aiohttpName = "aiohttp"
    package static let aiohttpScript = "Sources/CookieStores/External/aiohttp/adapter.py"
    /// The virtual environment of the `aiohttp` adapter, relative to the package root.
    package static let aiohttpEnvironment = ".build/aiohttp-venv"
    /// Where Debian's Node.js packages live: Debian's own `node` searches it, another build of Node does not.
    package static let debianNodeModules = "/usr/share/nodejs"
    /// Debian's Python, which has PyGObject (the `python3` on `PATH` may be another one).
    package static let debianPython = "/usr/bin/python3"

    /// The `tough-cookie` adapter: `env NODE_PATH=/usr/share/nodejs node adapter.js`.
    package static let toughCookie: Adapter = builtIn(toughCookieName, "Node tough-cookie") {
        try toughCookieDescription()
    }
    /// The `go-cookiejar` adapter: the adapter binary, built on first use.
    package static let goCookiejar: Adapter = builtIn(goCookiejarName, "Go net/http/cookiejar") {
        try goCookiejarDescription()
    }
    /// The `libsoup` adapter: `/usr/bin/python3 adapter.py`.
    package static let libsoup: Adapter = builtIn(libsoupName, "libsoup 3 SoupCookieJar") {
        try libsoupDescription()
    }
    /// The `aiohttp` adapter: `.build/aiohttp-venv/bin/python adapter.py`.
    package static let aiohttp: Adapter = builtIn(aiohttpName, "aiohttp CookieJar") {
        try aiohttpDescription()
    }

    /// A built-in adapter, described (its process started for the handshake, Go's binary built) only when a run
    /// or a listing first needs more than its name; when its runtime is not installed, one whose every scenario is
    /// skipped with the install-deps group to run; when its script is missing or its runtime fails, one whose every
    /// scenario is an error that says why.
    private static func builtIn(
        _ name: String, _ what: String, _ describe: @escaping @Sendable () throws -> ExternalAdapter
    ) -> Adapter {
        Adapter.deferred(name: name) { describeBuiltIn(name, what, describe) }
    }

    static func describeBuiltIn(_ name: String, _ what: String, _ describe: () throws -> ExternalAdapter) -> Adapter {
        do {
            return try describe().adapter()
        } catch let error as ScriptNotFound {
            return ExternalAdapter.unavailable(name: name, summary: "\(what), out of process: adapter not found", error: error)
        } catch let error as RuntimeMissing {
            var adapter = ExternalAdapter.unavailable(name: name, summary: "\(what), out of process: \(error.summary)", error: error)
            // Not installed: every scenario is skipped with the fix and its install-deps group, as the real engine's
            // adapters are when WebKitGTK is missing. A runtime that is there and fails stays an error.
            if error.installGroup != nil { adapter.unavailableReason = error.description }
            return adapter
        } catch {
            return ExternalAdapter.unavailable(
                name: name, summary: "\(what), out of process: unavailable", error: RuntimeMissing(summary: "\(error)", fix: ""))
        }
    }

    /// `env NODE_PATH=/usr/share/nodejs node <adapter.js>`: Debian puts its Node.js packages in `/usr/share/nodejs`,
    /// which a `node` from elsewhere (NodeSource's, for one) does not search.
    ///
    /// - Throws: ``ScriptNotFound``, or ``RuntimeMissing`` when `node` is not on `PATH`.
    package static func toughCookieDescription(
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        executablePath: String? = Bundle.main.executablePath,
        requestTimeout: Duration = ExternalAdapter.defaultRequestTimeout
    ) throws -> ExternalAdapter {
        let script = try locateScript(toughCookieScript, currentDirectory: currentDirectory, executablePath: executablePath)
        guard executableInPath("node") != nil else {
            throw RuntimeMissing(summary: "node not found in PATH", fix: "install the Debian packages nodejs and node-tough-cookie", installGroup: "stores")
        }
        return ExternalAdapter(
            name: toughCookieName, command: ["env", "NODE_PATH=\(debianNodeModules)", "node", script],
            requestTimeout: requestTimeout)
    }

    /// `/usr/bin/python3 <libsoup/adapter.py>`: Debian's Python, whose PyGObject reaches libsoup 3.
    ///
    /// - Throws: ``ScriptNotFound``, or ``RuntimeMissing`` when `/usr/bin/python3` is not there (the adapter itself
    ///   reports a missing `python3-gi` or `gir1.2-soup-3.0`).
    package static func libsoupDescription(
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        executablePath: String? = Bundle.main.executablePath,
        requestTimeout: Duration = ExternalAdapter.defaultRequestTimeout
    ) throws -> ExternalAdapter {
        let script = try locateScript(libsoupScript, currentDirectory: currentDirectory, executablePath: executablePath)
        guard FileManager.default.isExecutableFile(atPath: debianPython) else {
            throw RuntimeMissing(
                summary: "\(debianPython) not found", fix: "install the Debian packages python3, python3-gi and gir1.2-soup-3.0",
                installGroup: "stores")
        }
        return ExternalAdapter(name: libsoupName, command: [debianPython, script], requestTimeout: requestTimeout)
    }

    /// `<root>/.build/aiohttp-venv/bin/python <aiohttp/adapter.py>`.
    ///
    /// - Throws: ``ScriptNotFound``, or ``RuntimeMissing`` when the virtual environment is not there.
    package static func aiohttpDescription(
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        executablePath: String? = Bundle.main.executablePath,
        requestTimeout: Duration = ExternalAdapter.defaultRequestTimeout
    ) throws -> ExternalAdapter {
        let script = try locateScript(aiohttpScript, currentDirectory: currentDirectory, executablePath: executablePath)
        let python = "\(packageRoot(of: script, relativePath: aiohttpScript))/\(aiohttpEnvironment)/bin/python"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw RuntimeMissing(
                summary: "\(python) not found",
                fix: "aiohttp from PyPI belongs in the virtual environment \(aiohttpEnvironment) (made with the Debian package python3-venv)",
                installGroup: "stores")
        }
        return ExternalAdapter(name: aiohttpName, command: [python, script], requestTimeout: requestTimeout)
    }

    /// The Go adapter's binary, `<root>/.build/go-cookiejar/adapter`, built from `go-cookiejar/*.go` when it is
    /// missing or older than a source file (see ``GoAdapterBuild``).
    ///
    /// - Throws: ``ScriptNotFound``, or ``RuntimeMissing`` when `go` is not on `PATH` or the build fails (with
    ///   the compiler's output).
    package static func goCookiejarDescription(
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        executablePath: String? = Bundle.main.executablePath,
        requestTimeout: Duration = ExternalAdapter.defaultRequestTimeout
    ) throws -> ExternalAdapter {
        let source = try locateScript(goCookiejarSource, currentDirectory: currentDirectory, executablePath: executablePath)
        let root = packageRoot(of: source, relativePath: goCookiejarSource)
        let binary = try GoAdapterBuild(
            sourceDirectory: (source as NSString).deletingLastPathComponent, buildDirectory: "\(root)/.build/go-cookiejar"
        ).binary()
        return ExternalAdapter(name: goCookiejarName, command: [binary], requestTimeout: requestTimeout)
    }

    /// Where a shell would find `command` in `PATH`, or nil.
    static func executableInPath(_ command: String) -> String? {
        Syscalls.resolveExecutable(
            command, currentDirectory: FileManager.default.currentDirectoryPath,
            searchPath: ProcessInfo.processInfo.environment["PATH"]
        ).path
    }

    /// The package root a located file belongs to: its path without `relativePath`.
    static func packageRoot(of located: String, relativePath: String) -> String {
        String(located.dropLast(relativePath.count + 1))
    }

    /// A built-in adapter's runtime (an interpreter, a compiler, a virtual environment) is missing or failed.
    package struct RuntimeMissing: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is missing, in a few words.
        package var summary: String
        /// What to install or run.
        package var fix: String
        /// The `.ci/install-deps` group that installs what is missing, when it is simply not installed; nil when the
        /// runtime is there and failed (a build error, a folder that cannot be made).
        package var installGroup: String?

        package init(summary: String, fix: String, installGroup: String? = nil) {
            self.summary = summary
            self.fix = fix
            self.installGroup = installGroup
        }

        package var description: String {
            let hint = [fix, installGroup.map { "(run .ci/install-deps \($0))" }].compactMap { $0 }.filter { !$0.isEmpty }
            return hint.isEmpty ? summary : "\(summary): \(hint.joined(separator: " "))"
        }
    }

    /// The description of `python-cookiejar`: `python3 <path of adapter.py>`.
    ///
    /// - Throws: ``ScriptNotFound`` listing every place tried.
    package static func pythonCookiejarDescription(
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
    package static func locateScript(
        _ relativePath: String,
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        executablePath: String? = Bundle.main.executablePath,
        packageRoot: String? = PackageFiles.sourceRoot
    ) throws(ScriptNotFound) -> String {
        let candidates = PackageFiles.candidates(
            for: relativePath, currentDirectory: currentDirectory, executablePath: executablePath, packageRoot: packageRoot
        )
        guard let found = PackageFiles.firstRegularFile(in: candidates) else {
            throw ScriptNotFound(file: relativePath, tried: candidates)
        }
        return found
    }

    /// An adapter script was not found; says where it was looked for.
    package struct ScriptNotFound: Error, Sendable, Hashable, CustomStringConvertible {
        /// The file looked for, relative to the package.
        package var file: String
        /// Every candidate path, in the order tried.
        package var tried: [String]

        package init(file: String, tried: [String]) {
            self.file = file
            self.tried = tried
        }

        package var description: String {
            var lines = ["cannot find the adapter script \(file); tried:"]
            lines += tried.map { "  \($0)" }
            lines.append("run from the package directory, or describe the adapter yourself: NAME=COMMAND ARGS...")
            return lines.joined(separator: "\n")
        }
    }
}
