import Foundation
import TestSupport
import Testing

/// `.ci/install-deps` by group (issue 38): `--list` says what each group installs and why, the packages the build
/// needs are in `core`, and every message that tells a user to run the script names a group it has.
@Suite("install-deps groups")
struct InstallGroupsTests {
    static let groups = ["core", "stores", "live", "browsers"]

    /// `bash .ci/install-deps --list`, which installs nothing.
    static func listing() throws -> [String: [String]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [RepositoryFiles.path(".ci/install-deps"), "--list"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        var packages: [String: [String]] = [:]
        var current: String?
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            if !line.hasPrefix(" "), line.hasSuffix(":") {
                current = String(line.dropLast())
                packages[current!] = []
            } else if let current, let name = line.split(separator: " ").first, !line.contains("(PyPI)") {
                #expect(line.split(separator: " ").count > 1, "\(name) has no reason in group \(current)")
                packages[current, default: []].append(String(name))
            }
        }
        return packages
    }

    @Test("--list names the four groups, each package with why")
    func listsGroups() throws {
        let listing = try Self.listing()
        #expect(listing.keys.sorted() == Self.groups.sorted())
        #expect(listing["live"]?.contains("gir1.2-webkit2-4.1") == true)
        #expect(listing["browsers"]?.contains("firefox-esr") == true)
        #expect(listing["stores"]?.contains("node-tough-cookie") == true)
    }

    @Test("the packages Package.swift's C libraries name are in core")
    func buildNeedsOnlyCore() throws {
        let core = Set(try Self.listing()["core"] ?? [])
        let manifest = try String(contentsOfFile: RepositoryFiles.path("Package.swift"), encoding: .utf8)
        let providers = manifest.matches(of: /\.apt\(\["([^"\]]+)"\]\)/).map { String($0.output.1) }
        #expect(providers.count >= 5, "Package.swift's providers were not read: \(providers)")
        for package in providers { #expect(core.contains(package), "\(package) is not in the core group") }
    }

    @Test("every 'run .ci/install-deps GROUP' and installGroup: in the sources names a group the script has")
    func hintsNameGroups() throws {
        var hints = 0
        let sources = FileManager.default.enumerator(atPath: RepositoryFiles.path("Sources"))
        while let relative = sources?.nextObject() as? String {
            guard relative.hasSuffix(".swift") || relative.hasSuffix(".py") else { continue }
            let text = try String(contentsOfFile: RepositoryFiles.path("Sources/" + relative), encoding: .utf8)
            // RuntimeMissing.description composes "run .ci/install-deps \(group)" from an installGroup: counted below.
            for match in text.matches(of: /run \.ci\/install-deps(?! \\\()(?: (\w+))?|installGroup: "(\w+)"/) {
                hints += 1
                let group = (match.output.1 ?? match.output.2).map(String.init)
                #expect(group.map(Self.groups.contains) == true, "Sources/\(relative): '\(match.output.0)' names no group")
            }
        }
        #expect(hints >= 5)
    }
}
