import Foundation
import TestSupport
import Testing

/// A clone needs nothing beside it (issue 38): no source, test, script, suite or document reads a path outside the
/// repository. The project was written next to a folder of reading material; what it needed from there
/// (the http-state corpus, the JUnit schemas) is vendored, and the field notes are cited by title
/// (`docs/field-notes.md`). `.ci/run` proves the rest by running the whole job from a clone with nothing beside it.
@Suite("the repository stands alone")
struct StandaloneRepositoryTests {
    /// The folders and files a build, a test, a run or a reader of the repository uses.
    static let searched = [
        "Package.swift", "README.md", "Sources", "Tests", "Fuzz", "Suites", "Corpora", "docs", "Examples", ".ci",
    ]

    /// A path into the sibling folder, written as the code and documents used to write it (spelled in two parts so
    /// that this file does not match itself).
    static let siblingFolder = "../" + "shared"

    /// `.ci/run` names the folder to check that it is not there.
    static let allowed: Set<String> = [".ci/run"]

    /// Every regular file under ``searched``, build products and reports left out, as paths from the package root.
    static func files() -> [String] {
        let fileManager = FileManager.default
        var found: [String] = []
        for entry in searched {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: RepositoryFiles.path(entry), isDirectory: &isDirectory) else { continue }
            guard isDirectory.boolValue else { found.append(entry); continue }
            let walker = fileManager.enumerator(atPath: RepositoryFiles.path(entry))
            while let relative = walker?.nextObject() as? String {
                let components = relative.split(separator: "/")
                if components.contains(where: { $0 == ".build" || $0 == "Reports" || $0 == "__pycache__" }) {
                    if components.last == ".build" || components.last == "Reports" { walker?.skipDescendants() }
                    continue
                }
                if walker?.fileAttributes?[.type] as? FileAttributeType == .typeRegular { found.append(entry + "/" + relative) }
            }
        }
        return found
    }

    @Test("no file of the repository names the folder beside it")
    func noSiblingPaths() throws {
        let files = Self.files()
        #expect(files.count > 1_000, "the walk found \(files.count) files: it no longer reaches the repository")
        var offending: [String] = []
        for path in files where !Self.allowed.contains(path) {
            guard let data = FileManager.default.contents(atPath: RepositoryFiles.path(path)),
                  let text = String(data: data, encoding: .utf8), text.contains(Self.siblingFolder) else { continue }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where line.contains(Self.siblingFolder) {
                offending.append("\(path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(offending.isEmpty, "paths outside the repository:\n\(offending.joined(separator: "\n"))")
    }

    @Test("what the tests and the corpus commands read is in the repository, with its origin and terms")
    func vendoredFilesHaveSources() {
        for folder in ["Corpora/http-state", "Corpora/wpt-cookies", "Tests/Schemas/junit"] {
            #expect(FileManager.default.fileExists(atPath: RepositoryFiles.path(folder + "/SOURCES.md")), "\(folder)/SOURCES.md")
        }
        #expect(FileManager.default.fileExists(atPath: RepositoryFiles.path("Corpora/http-state/LICENSE.md")))
        #expect(FileManager.default.fileExists(atPath: RepositoryFiles.junitSchema))
        #expect(FileManager.default.fileExists(atPath: RepositoryFiles.httpStateCorpus + "/parser.json"))
    }
}
