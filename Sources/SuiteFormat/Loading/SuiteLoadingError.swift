import HarnessCore
import XMLSupport

/// Every problem found while loading suites or expectation files, printed like compiler errors.
///
/// A suite author fixes a file in one pass only if every error of that file (and of every other file loaded) is
/// shown at once, each as `file:line:column: error: message` so that editors and CI logs turn it into a link.
/// Schema (XSD) errors, errors the loader finds itself and I/O errors all share that one shape.
public struct SuiteLoadingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Every problem, grouped by file in load order and by position within a file.
    public var diagnostics: [XMLDiagnostic]

    public init(diagnostics: [XMLDiagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One line per diagnostic; a problem not tied to a line (a missing file) prints as `file: error: message`.
    public var description: String {
        diagnostics.map(Self.line(for:)).joined(separator: "\n")
    }

    static func line(for diagnostic: XMLDiagnostic) -> String {
        guard diagnostic.line == 0 else { return diagnostic.description }
        return "\(diagnostic.file): \(diagnostic.severity.rawValue): \(diagnostic.message)"
    }
}

extension SuiteLoadingError {
    /// Keeps XMLSupport's diagnostics when it has some, else turns its single message into one.
    init(_ error: XMLSupportError, file: String) {
        if error.diagnostics.isEmpty {
            self.init(diagnostics: [XMLDiagnostic(file: error.file ?? file, line: 0, column: 0, message: error.message)])
        } else {
            self.init(diagnostics: error.diagnostics)
        }
    }

    /// A problem with a path as a whole (missing, unreadable, empty directory).
    init(file: String, _ message: String) {
        self.init(diagnostics: [XMLDiagnostic(file: file, line: 0, column: 0, message: message)])
    }
}
