import Foundation
import HarnessCore
import Locking
import XMLSupport

/// The suite vocabulary's XML Schema, read from `Suites/suite.xsd` and parsed once per path.
///
/// `Suites/suite.xsd` is the single source of truth for the vocabulary: suite authors read it, editors validate
/// against it, and the loader checks every file with it, so it is found on disk rather than copied into the
/// binary. A run validates many files; the parsed schema is shared (libxml2 validates concurrently from one
/// parsed schema) and cached per path, so asking for it again costs a dictionary look-up.
public struct SuiteSchema: Sendable {
    /// The namespace of `<suite>` and `<expectations>` documents.
    public static let namespace = "urn:cookieharness:suite:1"
    /// Where the schema lives inside the package, and where ``locate(explicitPath:currentDirectory:executablePath:)``
    /// looks for it.
    public static let relativePath = "Suites/suite.xsd"
    /// How many parent directories above the current directory and the executable's are searched.
    public static let parentLevels = PackageFiles.parentLevels

    /// The schema's path as it was given.
    public let file: String
    let xmlSchema: XMLSchema

    private static let cache = Locked<[String: XMLSchema]>([:])

    /// Loads the schema at `path`, or returns the copy already parsed from that file.
    ///
    /// - Parameter path: The `.xsd` file; paths naming the same file (relative, absolute, through a symlink) share
    ///   one parsed schema.
    /// - Throws: `SuiteLoadingError` if the file cannot be read or is not a valid XML Schema, with libxml2's
    ///   diagnostics.
    public static func load(from path: String) throws(SuiteLoadingError) -> SuiteSchema {
        let key = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        let result: Result<XMLSchema, SuiteLoadingError> = cache.withLock { cache in
            if let cached = cache[key] { return .success(cached) }
            do {
                let schema = try XMLSchema(contentsOf: path)
                cache[key] = schema
                return .success(schema)
            } catch let error as XMLSupportError {
                return .failure(SuiteLoadingError(error, file: path))
            } catch {
                return .failure(SuiteLoadingError(file: path, "\(error)"))
            }
        }
        return SuiteSchema(file: path, xmlSchema: try result.get())
    }

    /// Finds and loads the schema: ``locate(explicitPath:currentDirectory:executablePath:)`` then
    /// ``load(from:)``.
    ///
    /// - Throws: `SuiteSchema.NotFound` or `SuiteLoadingError`.
    public static func locateAndLoad(explicitPath: String? = nil) throws -> SuiteSchema {
        try load(from: locate(explicitPath: explicitPath))
    }

    /// Finds `Suites/suite.xsd` on disk.
    ///
    /// An explicit path is tried alone: an `.xsd` file as is, anything else as a directory holding
    /// `Suites/suite.xsd`. Falling back to another copy would silently validate against a schema the user did not
    /// ask for. Without one, `Suites/suite.xsd` is looked for in the current directory and its parents, then in
    /// the executable's directory and its parents (``parentLevels`` levels up), which finds the package's copy
    /// from the package root, from a subdirectory, and from a binary under `.build/`.
    ///
    /// - Parameters:
    ///   - explicitPath: A path the user gave (e.g. a `--schema` option); nil to search.
    ///   - currentDirectory: Where relative paths start; the process's current directory by default.
    ///   - executablePath: The running binary; nil skips that part of the search.
    /// - Returns: The first candidate that is a regular file, as an absolute path unless `explicitPath` was used.
    /// - Throws: `SuiteSchema.NotFound` listing every place tried, in order.
    public static func locate(
        explicitPath: String? = nil,
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        executablePath: String? = Bundle.main.executablePath,
        packageRoot: String? = PackageFiles.sourceRoot
    ) throws(NotFound) -> String {
        let tried = candidates(
            explicitPath: explicitPath, currentDirectory: currentDirectory, executablePath: executablePath,
            packageRoot: packageRoot
        )
        guard let found = PackageFiles.firstRegularFile(in: tried) else { throw NotFound(tried: tried) }
        return found
    }

    /// The places ``locate(explicitPath:currentDirectory:executablePath:)`` tries, in order, without duplicates.
    static func candidates(
        explicitPath: String?, currentDirectory: String, executablePath: String?, packageRoot: String?
    ) -> [String] {
        if let explicitPath {
            return [explicitPath.hasSuffix(".xsd") ? explicitPath : PackageFiles.join(explicitPath, relativePath)]
        }
        return PackageFiles.candidates(
            for: relativePath, currentDirectory: currentDirectory, executablePath: executablePath, packageRoot: packageRoot)
    }

}

extension SuiteSchema {
    /// The schema was not found; says where it was looked for, so the fix (a path, a directory) is obvious.
    public struct NotFound: Error, Sendable, Hashable, CustomStringConvertible {
        /// Every candidate path, in the order tried.
        public var tried: [String]

        public init(tried: [String]) {
            self.tried = tried
        }

        public var description: String {
            var lines = ["error: cannot find the suite schema \(SuiteSchema.relativePath); tried:"]
            lines += tried.map { "  \($0)" }
            lines.append("run from the package directory or give the schema's path explicitly")
            return lines.joined(separator: "\n")
        }
    }
}
