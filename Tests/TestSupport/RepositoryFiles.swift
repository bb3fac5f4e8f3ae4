import Foundation

/// The package's own files (suites, schemas, corpora, scripts), found from this source file, so tests do not depend on
/// the current directory. Everything is inside the package: a clone with nothing beside it passes its tests.
public enum RepositoryFiles {
    /// `Tests/TestSupport/RepositoryFiles.swift` is three levels below the package root.
    public static let root: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// `relative` inside the package.
    public static func path(_ relative: String) -> String { root + "/" + relative }

    /// The JUnit schema the reports are checked against (jenkinsci/xunit-plugin's junit-10.xsd, vendored with its
    /// licence: `Tests/Schemas/junit/SOURCES.md`).
    public static let junitSchema = path("Tests/Schemas/junit/jenkins-junit-10.xsd")

    /// The http-state corpus (`Corpora/http-state`, vendored: its `SOURCES.md`).
    public static let httpStateCorpus = path("Corpora/http-state")

    /// The suite schema the loader uses in production.
    public static let suiteSchema = path("Suites/suite.xsd")
}
