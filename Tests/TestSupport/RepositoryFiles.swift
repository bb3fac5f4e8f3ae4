import Foundation

/// The package's own files (suites, schema, scripts) and the folder beside it (`../shared`: corpora, schemas),
/// found from this source file, so tests do not depend on the current directory.
public enum RepositoryFiles {
    /// `Tests/TestSupport/RepositoryFiles.swift` is three levels below the package root.
    public static let root: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// `relative` inside the package.
    public static func path(_ relative: String) -> String { root + "/" + relative }

    /// `../shared`, next to the package root.
    public static let shared: String = URL(fileURLWithPath: root).deletingLastPathComponent()
        .appendingPathComponent("shared").path

    /// The suite schema the loader uses in production.
    public static let suiteSchema = path("Suites/suite.xsd")
}
