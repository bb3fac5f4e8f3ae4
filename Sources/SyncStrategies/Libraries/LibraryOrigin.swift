/// Where a ported strategy comes from: an open-source library that apps ship, the version a user sees in their lock
/// file, and the commit its sync code was read at.
///
/// The harness's own strategies (DESIGN §5, the field notes) have no origin. A library's port names one per version
/// whose sync code behaves differently (`rnw-shared-cookies:11.17.2`), so `diff` of two versions' results shows what
/// an upgrade changed.
public struct LibraryOrigin: Sendable, Hashable {
    /// The library as users know it, e.g. `react-native-webview`.
    public var library: String
    /// `owner/name` of its public repository.
    public var repository: String
    /// The released version, e.g. `11.17.2`.
    public var version: String
    /// The 40-hex commit the port was read at.
    public var commit: String
    /// The files whose code is ported, relative to the repository's root.
    public var files: [String]

    public init(library: String, repository: String, version: String, commit: String, files: [String]) {
        self.library = library
        self.repository = repository
        self.version = version
        self.commit = commit
        self.files = files
    }
}
