import Foundation
import HarnessCore
import XMLSupport

/// Every problem of every suite and expectation file in one pass: what `validate` prints, and what a run whose
/// input is invalid prints before it stops.
///
/// Loading stops a file at its first kind of trouble (a file the schema rejects is not read further), which is
/// right for running but makes a suite author fix a file in rounds: a schema error hid the semantic one next to
/// it. Here each file that parses goes through the schema *and* the loader's own checks; a semantic problem on a
/// line the schema already faulted is left out, so one mistake is not reported twice in two different words.
/// Schema messages are rewritten for people (``SchemaMessages``), and each file reports at most
/// ``maximumPerFile`` problems, then says how many more it has.
public struct SuiteValidation: Sendable {
    /// Problems shown per file, schema and semantic together; past it they are counted.
    public static let maximumPerFile = 50

    public let schema: SuiteSchema
    private let messages: SchemaMessages

    public init(schema: SuiteSchema) {
        self.schema = schema
        self.messages = SchemaMessages(schemaFile: schema.file)
    }

    /// Every problem in `paths` (files, or folders searched for `*.xml`) and in the expectation files
    /// `extraExpectations`, grouped by file in load order and by position within a file; empty when all is valid.
    public func problems(in paths: [String], extraExpectations: [String] = []) -> [XMLDiagnostic] {
        let loader = SuiteLoader(schema: schema)
        var pathProblems: [[XMLDiagnostic]] = []
        let files = loader.files(in: paths, problems: &pathProblems)
        var result = pathProblems.flatMap { $0 }
        var firstPlaces: [String: String] = [:]
        var seen: Set<String> = []
        for file in files + extraExpectations {
            let key = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
            guard seen.insert(key).inserted else { continue }
            result += capped(problems(ofFile: file, firstPlaces: &firstPlaces), file: file)
        }
        return result
    }

    /// One file's problems: parse errors alone (nothing else can be read), else the schema's and the loader's.
    func problems(ofFile file: String, firstPlaces: inout [String: String]) -> [XMLDiagnostic] {
        let tree: XMLTree
        do {
            tree = try XMLTree.parse(contentsOf: file)
        } catch {
            return SuiteLoader.diagnostics(for: error, file: file)
        }
        var schemaProblems: [XMLDiagnostic]
        do {
            schemaProblems = try schema.xmlSchema.validate(contentsOf: file).filter { $0.severity == .error }
        } catch {
            schemaProblems = SuiteLoader.diagnostics(for: error, file: file)
        }
        schemaProblems = messages.readable(schemaProblems)
        var semantic: [XMLDiagnostic] = []
        if tree.root.unprefixedName == "expectations" {
            do {
                _ = try ExpectationFile.read(tree.root, file: file)
            } catch {
                semantic = error.diagnostics
            }
        } else {
            var reader = SuiteReader(file: file)
            _ = reader.read(tree.root)
            semantic = reader.diagnostics
            for id in reader.scenarioIDs {
                if let first = firstPlaces[id.value] {
                    // The schema reports a repeat within one file; across files only the loader knows.
                    if !first.hasPrefix(file + ":") {
                        semantic.append(id.diagnostic(in: file, "duplicate scenario id \"\(id.value)\": first defined at \(first)"))
                    }
                } else {
                    firstPlaces[id.value] = "\(file):\(id.line):\(id.column)"
                }
            }
        }
        let faultedLines = Set(schemaProblems.map(\.line))
        return SuiteLoader.sorted(schemaProblems + semantic.filter { !faultedLines.contains($0.line) })
    }

    /// The first ``maximumPerFile`` problems and a last line counting the rest (libxml2's own count of the
    /// diagnostics it dropped included).
    func capped(_ problems: [XMLDiagnostic], file: String) -> [XMLDiagnostic] {
        var kept: [XMLDiagnostic] = []
        var more = 0
        for problem in problems {
            if let dropped = SchemaMessages.droppedCount(problem.message) {
                more += dropped
            } else if kept.count < Self.maximumPerFile {
                kept.append(problem)
            } else {
                more += 1
            }
        }
        guard more > 0 else { return kept }
        return kept + [XMLDiagnostic(
            file: file, line: kept.last?.line ?? 0, column: kept.last?.column ?? 0,
            message: "and \(more) more diagnostics in this file (only the first \(Self.maximumPerFile) are shown)")]
    }
}
