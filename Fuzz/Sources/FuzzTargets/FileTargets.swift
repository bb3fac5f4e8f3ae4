import Conformance
import Foundation
import HarnessCore
import SuiteFormat

/// A scratch folder made once per process for the targets whose entry points take paths; removed at exit.
enum Scratch {
    static let folder: String = {
        var template = Array((NSTemporaryDirectory() + "/cookie-harness-fuzz-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("cannot create a scratch folder: \(errno)") }
        let folder = String(cString: made)
        atexit { try? FileManager.default.removeItem(atPath: Scratch.folder) }
        return folder
    }()

    /// Replaces `name` under the scratch folder with `bytes`; returns its path.
    static func write(_ bytes: some Sequence<UInt8>, to name: String) -> String {
        let path = folder + "/" + name
        let parent = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            fatalError("cannot write \(path)")
        }
        return path
    }
}

/// The suite loader: the input is one file, loaded as `cookie-harness run FILE` would (a suite, or an
/// `<expectations>` file read as one); a suite that loads is also walked, so every model value is built.
enum SuiteLoaderTarget {
    static let schema: SuiteSchema = {
        do { return try SuiteSchema.locateAndLoad() } catch { fatalError("cannot load Suites/suite.xsd: \(error)") }
    }()

    static func run(_ input: [UInt8]) {
        let path = Scratch.write(input, to: "suite.xml")
        let loader = SuiteLoader(schema: schema)
        guard let loaded = try? loader.load([path]) else { return }
        for file in loaded.expectationFiles {
            if let expectations = try? ExpectationFile(contentsOf: file, schema: schema) {
                _ = expectations.unmatchedEntryWarnings(scenarioIDs: loaded.scenarioIDs)
                _ = expectations.unknownAdapterDiagnostics(known: ["reference"])
            }
        }
        _ = loaded.scenarioIDs.count
    }
}

/// The http-state corpus reader and its importer (`cookie-harness import http-state`).
///
/// The input is split at the first two `\0` octets into `parser/case-test`, `parser/case-expected` and
/// `dates/d.json`; a missing part is written empty.
enum HTTPStateCorpusTarget {
    static func run(_ input: [UInt8]) {
        let parts = input.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
        func part(_ index: Int) -> ArraySlice<UInt8> { index < parts.count ? parts[index] : [] }
        _ = Scratch.write(part(0), to: "http-state/parser/case-test")
        _ = Scratch.write(part(1), to: "http-state/parser/case-expected")
        _ = Scratch.write(part(2), to: "http-state/dates/d.json")
        guard let corpus = try? HTTPStateCorpus(path: Scratch.folder + "/http-state"),
              let importer = try? HTTPStateImporter(corpus: corpus)
        else { return }
        _ = try? importer.suiteXML()
        _ = try? importer.expectationsXML()
    }
}
