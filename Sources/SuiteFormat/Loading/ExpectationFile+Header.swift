import Dispatch
import HarnessCore
import Locking
import XMLSupport

extension ExpectationFile {
    /// What an expectation file's root element says: the adapter it is for and the adapters it extends.
    ///
    /// The loader reads it while it tells suites from expectation files, and stops at the root. With the headers a
    /// run reads only the files its adapters use (their own and those they extend), instead of all 282 built-in
    /// files (41% of the CPU of a run of one adapter over one suite folder); `validate` still reads every one.
    public struct Header: Sendable, Hashable {
        public var file: String
        /// `adapter=`; empty when the attribute is missing (the whole read reports it).
        public var adapter: String
        public var extends: [String]
        /// Where `<expectations>` is written, for messages about `adapter=` and `extends=`.
        public var line: Int
        public var column: Int

        public init(file: String, adapter: String, extends: [String] = [], line: Int = 0, column: Int = 0) {
            self.file = file
            self.adapter = adapter
            self.extends = extends
            self.line = line
            self.column = column
        }

        /// The header of a file whose root element is `root`.
        init(_ root: XMLTree.Element, file: String) {
            self.init(
                file: file, adapter: root[attribute: "adapter"] ?? "",
                extends: (root[attribute: "extends"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init),
                line: root.line, column: root.column)
        }

        /// An error for `adapter=` or `extends=` naming an adapter not in `known` (a typo such as `wk-nosync` would
        /// otherwise make the whole file silently apply to nothing), with the closest known name.
        public func unknownAdapterDiagnostics(known: Set<String>) -> [XMLDiagnostic] {
            ([("adapter", adapter)] + extends.map { ("extends", $0) }).compactMap { attribute, name in
                guard !name.isEmpty, !known.contains(name) else { return nil }
                let closest = known.min { ExpectationFile.distance($0, name) < ExpectationFile.distance($1, name) }
                let hint = closest.map { ExpectationFile.distance($0, name) <= max(2, name.count / 4) ? " (did you mean '\($0)'?)" : "" } ?? ""
                return XMLDiagnostic(
                    file: file, line: line, column: column, severity: .error,
                    message: "\(attribute)=\"\(name)\" names no adapter this harness knows\(hint)")
            }
        }
    }

    /// This file's header, as the loader would read it from its root.
    public var header: Header { Header(file: file, adapter: adapter, extends: extends, line: rootLine, column: rootColumn) }

    /// The files of `headers` that runs of `adapters` use: each adapter's own files and, transitively, those of
    /// the adapters they extend; a file whose `adapter=` is missing is always among them, so its error is reported.
    public static func files(of headers: [Header], usedBy adapters: some Sequence<String>) -> [String] {
        var byAdapter: [String: [Header]] = [:]
        for header in headers { byAdapter[header.adapter, default: []].append(header) }
        var needed = Set<String>()
        var queue = Array(adapters) + [""]
        while let adapter = queue.popLast() {
            guard needed.insert(adapter).inserted else { continue }
            for header in byAdapter[adapter] ?? [] { queue += header.extends }
        }
        return headers.filter { needed.contains($0.adapter) }.map(\.file)
    }
}

extension ExpectationFile {
    /// Loads `paths` (``init(contentsOf:schema:)``), on every core: each file is parsed and validated on its own.
    /// - Throws: the error of the first file in `paths` that fails.
    public static func load(_ paths: [String], schema: SuiteSchema) throws(SuiteLoadingError) -> [ExpectationFile] {
        let outcomes = Locked([Result<ExpectationFile, SuiteLoadingError>?](repeating: nil, count: paths.count))
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let outcome = Result { () throws(SuiteLoadingError) in try ExpectationFile(contentsOf: paths[index], schema: schema) }
            outcomes.withLock { $0[index] = outcome }
        }
        var files: [ExpectationFile] = []
        for outcome in outcomes.withLock({ $0 }) {
            switch outcome {
            case .success(let file)?: files.append(file)
            case .failure(let error)?: throw error
            case nil: preconditionFailure("concurrentPerform ran every iteration")
            }
        }
        return files
    }
}
