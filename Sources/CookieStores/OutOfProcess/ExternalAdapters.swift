import ChildProcesses
import Foundation
import HarnessCore

/// The out-of-process adapters that ship with the harness, in `Sources/CookieStores/External/`.
package enum ExternalAdapters {
    /// One of them: its name, what it is, the file of the package it runs, and how its command is made from that
    /// file once found (where the runtime's absence is said, ``RuntimeMissing``).
    package struct BuiltIn: Sendable {
        package var name: String
        /// What it is, in a few words, for `list adapters` and its unavailable stand-in.
        package var what: String
        /// The script (or, for Go, a source file) relative to the package root.
        package var file: String
        /// The command, from the file as found and the package root it was found in.
        var command: @Sendable (_ file: String, _ packageRoot: String) throws -> [String]

        /// The adapter's description: the file found (as ``locateScript(_:currentDirectory:executablePath:packageRoot:)``
        /// finds it), then its command.
        ///
        /// - Throws: ``ScriptNotFound`` listing every place tried, or ``RuntimeMissing``.
        package func description(
            currentDirectory: String = FileManager.default.currentDirectoryPath,
            executablePath: String? = Bundle.main.executablePath,
            requestTimeout: Duration = ExternalAdapter.defaultRequestTimeout
        ) throws -> ExternalAdapter {
            let located = try locateScript(file, currentDirectory: currentDirectory, executablePath: executablePath)
            let command = try command(located, packageRoot(of: located, relativePath: file))
            return ExternalAdapter(name: name, command: command, requestTimeout: requestTimeout)
        }

        /// The adapter for the catalog, described on first use (``ExternalAdapters/builtIn(_:)``).
        package var adapter: Adapter { ExternalAdapters.builtIn(self) }
    }

    /// A Python adapter's command: `env PYTHONPATH=<root>/Sources/EngineDrivers PYTHON SCRIPT`, so that the script
    /// imports the shared modules by package name wherever the package is checked out.
    static func pythonCommand(_ python: String, _ script: String, packageRoot: String) -> [String] {
        ["env", "PYTHONPATH=\(packageRoot)/\(PackageFiles.pythonPackageParent)", python, script]
    }

    /// Python's `http.cookiejar` (standard library): `python3 python-cookiejar/adapter.py`, no network.
    package static let pythonCookiejarSpec = BuiltIn(
        name: "python-cookiejar", what: "Python http.cookiejar", file: "Sources/CookieStores/External/python-cookiejar/adapter.py"
    ) { script, root in pythonCommand("python3", script, packageRoot: root) }

    // MARK: The implementations people use (issue 12)

    /// Node's tough-cookie (Debian `node-tough-cookie`): `env NODE_PATH=/usr/share/nodejs node adapter.js`. Debian
    /// puts its Node.js packages in `/usr/share/nodejs`, which a `node` from elsewhere (NodeSource's) does not search.
    package static let toughCookieSpec = BuiltIn(
        name: "tough-cookie", what: "Node tough-cookie", file: "Sources/CookieStores/External/tough-cookie/adapter.js"
    ) { script, _ in
        guard executableInPath("node") != nil else {
            throw RuntimeMissing(summary: "node not found in PATH", fix: "install the Debian packages nodejs and node-tough-cookie", installGroup: "stores")
        }
        return ["env", "NODE_PATH=\(debianNodeModules)", "node", script]
    }

    /// Go's `net/http/cookiejar` (Debian `golang-go`): the binary `<root>/.build/go-cookiejar/adapter`, built from
    /// `go-cookiejar/*.go` when it is missing or older than a source file (``GoAdapterBuild``; a failed build is a
    /// ``RuntimeMissing`` with the compiler's output).
    package static let goCookiejarSpec = BuiltIn(
        name: "go-cookiejar", what: "Go net/http/cookiejar", file: "Sources/CookieStores/External/go-cookiejar/adapter.go"
    ) { source, root in
        [try GoAdapterBuild(sourceDirectory: (source as NSString).deletingLastPathComponent, buildDirectory: "\(root)/.build/go-cookiejar").binary()]
    }

    /// libsoup 3's `SoupCookieJar` through PyGObject (Debian `python3-gi`, `gir1.2-soup-3.0`): Debian's Python,
    /// `/usr/bin/python3 libsoup/adapter.py` (the adapter itself reports a missing `python3-gi` or typelib).
    package static let libsoupSpec = BuiltIn(
        name: "libsoup", what: "libsoup 3 SoupCookieJar", file: "Sources/CookieStores/External/libsoup/adapter.py"
    ) { script, root in
        guard FileManager.default.isExecutableFile(atPath: debianPython) else {
            throw RuntimeMissing(
                summary: "\(debianPython) not found", fix: "install the Debian packages python3, python3-gi and gir1.2-soup-3.0",
                installGroup: "stores")
        }
        return pythonCommand(debianPython, script, packageRoot: root)
    }

    /// aiohttp's `CookieJar` (PyPI), in the virtual environment `.ci/install-deps` makes under `.build/`:
    /// `<root>/.build/aiohttp-venv/bin/python aiohttp/adapter.py`.
    package static let aiohttpSpec = BuiltIn(
        name: "aiohttp", what: "aiohttp CookieJar", file: "Sources/CookieStores/External/aiohttp/adapter.py"
    ) { script, root in
        let python = "\(root)/\(aiohttpEnvironment)/bin/python"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw RuntimeMissing(
                summary: "\(python) not found",
                fix: "aiohttp from PyPI belongs in the virtual environment \(aiohttpEnvironment) (made with the Debian package python3-venv)",
                installGroup: "stores")
        }
        return pythonCommand(python, script, packageRoot: root)
    }

    /// Every built-in external adapter, in the catalog's order.
    package static let builtIns = [pythonCookiejarSpec, toughCookieSpec, goCookiejarSpec, libsoupSpec, aiohttpSpec]
    /// Their adapters, for the catalog.
    package static let all: [Adapter] = builtIns.map(\.adapter)

    /// The virtual environment of the `aiohttp` adapter, relative to the package root.
    package static let aiohttpEnvironment = ".build/aiohttp-venv"
    /// Where Debian's Node.js packages live: Debian's own `node` searches it, another build of Node does not.
    package static let debianNodeModules = "/usr/share/nodejs"
    /// Debian's Python, which has PyGObject (the `python3` on `PATH` may be another one).
    package static let debianPython = "/usr/bin/python3"
    /// How many parent directories above the current directory and the executable's are searched.
    package static let parentLevels = PackageFiles.parentLevels

    /// A built-in adapter, described (its process started for the handshake, Go's binary built) only when a run
    /// or a listing first needs more than its name (`Adapter.deferred`: a run that does not select it starts
    /// nothing); when its runtime is not installed, one whose every scenario is skipped with the install-deps group
    /// to run; when its script is missing or its runtime fails, one whose every scenario is an error that says why.
    static func builtIn(_ spec: BuiltIn) -> Adapter {
        Adapter.deferred(name: spec.name) { describeBuiltIn(spec.name, spec.what) { try spec.description() } }
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
