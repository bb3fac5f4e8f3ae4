import ChildProcesses
import FileAccess
import Foundation
import ProcessCleanup

/// Builds the Go adapter (`Sources/CookieStores/External/go-cookiejar/`) into the build folder on first use.
///
/// Go programs are compiled, and the binary must not be committed, so the harness runs `go build` itself when the
/// binary is missing or older than one of the sources. Offline by construction: `GO111MODULE=off` with
/// `GOPATH=/usr/share/gocode`, where Debian's `golang-golang-x-net-dev` puts `golang.org/x/net/publicsuffix`;
/// without that package the adapter is built with the `nopublicsuffix` tag (no public suffix list, documented in
/// the adapter's README). The build cache stays in the build folder too (`GOCACHE`). The binary is built in a
/// scratch folder beside it (removed even on a signal) and installed like every file the tool writes
/// (`AtomicFile.install`: synced, renamed), so two harnesses building at once never run a half-written file.
struct GoAdapterBuild {
    /// Debian's GOPATH for Go source packages.
    static let debianGoPath = "/usr/share/gocode"
    static let publicSuffixPackage = "golang.org/x/net/publicsuffix"

    var sourceDirectory: String
    var buildDirectory: String

    var binaryPath: String { "\(buildDirectory)/adapter" }

    /// Whether Debian's x/net package (with `publicsuffix`) is installed.
    static var hasPublicSuffixPackage: Bool {
        FileManager.default.fileExists(atPath: "\(debianGoPath)/src/\(publicSuffixPackage)/list.go")
    }

    /// The binary, built first when it is missing or stale.
    ///
    /// - Throws: ``ExternalAdapters/RuntimeMissing`` when `go` is not installed or the build fails, with its output.
    func binary() throws(ExternalAdapters.RuntimeMissing) -> String {
        let sources = goSources()
        if let built = modificationDate(binaryPath), sources.allSatisfy({ (modificationDate($0) ?? .distantFuture) <= built }) {
            return binaryPath
        }
        guard let go = ExternalAdapters.executableInPath("go") else {
            throw ExternalAdapters.RuntimeMissing(
                summary: "go not found in PATH (the go-cookiejar adapter is compiled on first use)",
                fix: "install the Debian packages golang-go and golang-golang-x-net-dev", installGroup: "stores")
        }
        do {
            try FileManager.default.createDirectory(atPath: buildDirectory, withIntermediateDirectories: true)
        } catch {
            throw ExternalAdapters.RuntimeMissing(summary: "cannot create \(buildDirectory): \(error)", fix: "")
        }
        guard let scratch = ProcessCleanup.makeScratchFolder(template: "\(buildDirectory)/.adapter-build-XXXXXX") else {
            throw ExternalAdapters.RuntimeMissing(
                summary: "cannot create a scratch folder in \(buildDirectory): \(String(cString: strerror(errno)))", fix: "")
        }
        defer {
            try? FileManager.default.removeItem(atPath: scratch.path)
            ProcessCleanup.forgetScratch(scratch.token)
        }
        let temporary = scratch.path + "/adapter"
        var arguments = ["build", "-o", temporary]
        if !Self.hasPublicSuffixPackage { arguments += ["-tags", "nopublicsuffix"] }
        arguments.append(".")
        var environment = ProcessInfo.processInfo.environment
        environment["GO111MODULE"] = "off"
        environment["GOPATH"] = Self.debianGoPath
        environment["GOFLAGS"] = ""
        environment["GOCACHE"] = "\(buildDirectory)/cache"
        let (status, output) = Self.run(go, arguments, in: sourceDirectory, environment: environment)
        guard status == 0 else {
            throw ExternalAdapters.RuntimeMissing(
                summary: "cannot build the go-cookiejar adapter (\(go) \(arguments.joined(separator: " ")) in \(sourceDirectory), exit status \(status))",
                fix: output.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        do {
            try AtomicFile.install(temporary, at: binaryPath)
        } catch {
            throw ExternalAdapters.RuntimeMissing(summary: "cannot install the go-cookiejar adapter: \(error)", fix: "")
        }
        return binaryPath
    }

    private func goSources() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sourceDirectory)) ?? []
        return names.filter { $0.hasSuffix(".go") || $0.hasSuffix(".s") }.map { "\(sourceDirectory)/\($0)" }
    }

    private func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// Runs a command to completion; its stdout and stderr together.
    private static func run(
        _ executable: String, _ arguments: [String], in directory: String, environment: [String: String]
    ) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return (-1, "\(error)")
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
