import FileAccess
import Foundation

/// Which run a results file holds: the suites and expectation files it loaded (with their digests), the adapters,
/// the selection and the shard, and the digest of the results themselves.
///
/// `run --json FILE` writes it beside the results, as `FILE`'s name with `.run.json` for `.json`
/// (`Reports/results.run.json`), so that the results stay the plain array of records every other tool reads.
/// The commands that act on saved results check it before they trust them: `update-expectations` refuses results
/// whose run did not load the expectation files it would edit (or loaded other versions of them), `merge` refuses
/// shards of different runs or a missing shard, `diff` refuses to compare a shard with a whole run or runs of
/// different selections. The results' digest ties the two files together: an identity that describes other results
/// (a run that stopped between the two renames, files copied from different runs) is refused, never believed.
package struct RunIdentity: Codable, Sendable, Hashable {
    /// A file the run read, by the path it was given and its content's SHA-256.
    package struct FileDigest: Codable, Sendable, Hashable, Comparable {
        package var file: String
        package var sha256: String

        package init(file: String, sha256: String) {
            self.file = file
            self.sha256 = sha256
        }

        /// The digest of the file at `path` now; nil when it cannot be read.
        package init?(of path: String) {
            guard let digest = RunIdentity.digest(ofFile: path) else { return nil }
            self.init(file: path, sha256: digest)
        }

        package static func < (a: FileDigest, b: FileDigest) -> Bool { (a.file, a.sha256) < (b.file, b.sha256) }
    }

    /// `run --shard I/N`.
    package struct Shard: Codable, Sendable, Hashable, CustomStringConvertible {
        package var index: Int
        package var count: Int
        package init(index: Int, count: Int) {
            self.index = index
            self.count = count
        }
        package var description: String { "\(index)/\(count)" }
    }

    /// What narrowed the run: `--filter`, `--tag`, and the results it reran (`--rerun`, `--last-failed`).
    package struct Selection: Codable, Sendable, Hashable, CustomStringConvertible {
        package var filters: [String]
        package var tags: [String]
        /// The pairs rerun: the unexpected results of another run, named by their digest.
        package var rerunOf: String?
        package init(filters: [String] = [], tags: [String] = [], rerunOf: String? = nil) {
            self.filters = filters
            self.tags = tags
            self.rerunOf = rerunOf
        }

        /// `--filter 'a*' --tag x`, or "everything".
        package var description: String {
            let parts = filters.map { "--filter '\($0)'" } + tags.map { "--tag '\($0)'" }
                + (rerunOf.map { ["a rerun of results \($0.prefix(12))…"] } ?? [])
            return parts.isEmpty ? "every scenario" : parts.joined(separator: " ")
        }
    }

    /// The results file this identity belongs to.
    package struct Results: Codable, Sendable, Hashable {
        package var sha256: String
        package var records: Int
        package init(sha256: String, records: Int) {
            self.sha256 = sha256
            self.records = records
        }
    }

    /// The identity's format; a reader refuses one it does not know.
    package var format = 1
    /// `cookie-harness version`.
    package var harnessVersion: String
    /// Every suite file loaded, sorted by path.
    package var suites: [FileDigest]
    /// Every expectation file loaded (found among the suites or given with `--expectations`), sorted by path; empty
    /// when the run loaded none (`run Suites/redirect` loads the suites of that folder only).
    package var expectationFiles: [FileDigest]
    /// Expectation files found among the suites but not read, because no adapter of the run uses them (a run reads
    /// only its adapters' files and those they extend), sorted; nil when every file found was read (and in identities
    /// written before runs chose). `update-expectations` does not hold changes to them against the results.
    package var unreadExpectationFiles: [String]?
    /// The adapters run, in their order.
    package var adapters: [String]
    package var selection: Selection
    /// Nil for a whole run, and for the results `merge` joins from every shard.
    package var shard: Shard?
    /// Set when the results are written.
    package var results: Results?

    package init(
        harnessVersion: String, suites: [FileDigest], expectationFiles: [FileDigest], unreadExpectationFiles: [String] = [],
        adapters: [String], selection: Selection, shard: Shard?
    ) {
        self.harnessVersion = harnessVersion
        self.suites = suites.sorted()
        self.expectationFiles = expectationFiles.sorted()
        self.unreadExpectationFiles = unreadExpectationFiles.isEmpty ? nil : unreadExpectationFiles.sorted()
        self.adapters = adapters
        self.selection = selection
        self.shard = shard
    }

    /// The run without what differs between its shards (which shard, which results): equal for every shard of one
    /// run.
    package var wholeRun: RunIdentity {
        var whole = self
        whole.shard = shard.map { Shard(index: 0, count: $0.count) }
        whole.results = nil
        return whole
    }

    /// What differs between this run and `other`, one phrase each ("the adapters: a, b and a, c"); empty when they
    /// are runs of the same suites, files, adapters, selection and shard count.
    package func differences(from other: RunIdentity) -> [String] {
        var found: [String] = []
        if harnessVersion != other.harnessVersion {
            found.append("the harness version (\(harnessVersion) and \(other.harnessVersion))")
        }
        for (name, mine, theirs) in [("suite files", suites, other.suites), ("expectation files", expectationFiles, other.expectationFiles)] {
            let a = Dictionary(mine.map { ($0.file, $0.sha256) }) { first, _ in first }
            let b = Dictionary(theirs.map { ($0.file, $0.sha256) }) { first, _ in first }
            let differing = Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
            if !differing.isEmpty {
                found.append("the \(name) (\(differing.count) differ: \(differing.prefix(3).joined(separator: ", "))\(differing.count > 3 ? ", …" : ""))")
            }
        }
        if adapters != other.adapters {
            found.append("the adapters (\(Self.list(adapters)) and \(Self.list(other.adapters)))")
        }
        if selection != other.selection {
            found.append("the selection (\(selection.description) and \(other.selection.description))")
        }
        if shard?.count != other.shard?.count {
            found.append("the shard count (\(shard.map { "\($0.count)" } ?? "none") and \(other.shard.map { "\($0.count)" } ?? "none"))")
        }
        return found
    }

    private static func list(_ names: [String]) -> String {
        names.isEmpty ? "none" : names.prefix(4).joined(separator: " ") + (names.count > 4 ? " … (\(names.count))" : "")
    }

    // MARK: The file beside the results

    /// Where the identity of the results at `resultsPath` is: `X.json` → `X.run.json`, another name → `NAME.run.json`.
    package static func path(forResults resultsPath: String) -> String {
        resultsPath.hasSuffix(".json") ? String(resultsPath.dropLast(5)) + ".run.json" : resultsPath + ".run.json"
    }

    /// Whether results written to `resultsPath` get an identity beside them: not when they go through to a device
    /// or a FIFO (`--json /dev/stdout`), where there is no "beside".
    package static func isWritten(forResults resultsPath: String) -> Bool {
        (try? FileDestination(resultsPath, what: "report"))?.kind == .atomic
    }

    /// The identity as written: sorted keys, indented, one final line feed.
    package var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self) + "\n"
    }

    /// The identity of the results at `resultsPath`, checked against their digest; nil when there is none.
    ///
    /// - Parameter resultsDigest: The SHA-256 of the results file as it was read.
    /// - Throws: ``InvalidResultsInput`` for an identity that cannot be read, is of an unknown format, or describes
    ///   other results.
    package static func read(forResults resultsPath: String, resultsDigest: String) throws(InvalidResultsInput) -> RunIdentity? {
        let path = path(forResults: resultsPath)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let identity: RunIdentity
        do {
            let bytes = try InputFile.read(path, maximumSize: 64 << 20)
            identity = try JSONDecoder().decode(RunIdentity.self, from: bytes)
        } catch let error as DecodingError {
            throw InvalidResultsInput("\(path): error: not a run identity (as 'run --json' writes beside its results): \(JSONResultsFile.describe(error))")
        } catch let error as FileAccessError {
            throw InvalidResultsInput("\(path): error: cannot read the run identity: \(error.message)")
        } catch {
            throw InvalidResultsInput("\(path): error: cannot read the run identity: \(error)")
        }
        guard identity.format == 1 else {
            throw InvalidResultsInput("\(path): error: a run identity of format \(identity.format), which this harness does not read (it reads format 1)")
        }
        guard let results = identity.results else {
            throw InvalidResultsInput("\(path): error: the run identity names no results (its run never finished writing them)")
        }
        guard results.sha256 == resultsDigest else {
            throw InvalidResultsInput(
                "\(path): error: describes other results than \(resultsPath) (sha256 \(results.sha256.prefix(12))…, the file's is \(resultsDigest.prefix(12))…): "
                    + "the two files come from different runs, or a run stopped between writing them; run again")
        }
        return identity
    }

    /// The SHA-256 of a file's bytes, read in pieces; nil when it cannot be read.
    package static func digest(ofFile path: String) -> String? {
        var hasher = SHA256()
        do {
            try InputFile.forEachChunk(path, maximumSize: Int.max) { hasher.update($0) }
        } catch {
            return nil
        }
        return hasher.finalize()
    }
}
