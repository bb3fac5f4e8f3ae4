import AdapterCatalog
import Foundation
import HarnessCore
import Reporting
import SuiteFormat

/// Loading what a command needs from suite paths: the schema, the suites, the expectation files.
package struct SuiteInputs {
    /// Every suite file's outline, and the whole suites of the first ones (``SuiteIndex``).
    package var index: SuiteIndex
    package var expectations: ExpectationSet
    package var schema: SuiteSchema
    /// The expectation files loaded: found among the suites, then given with `--expectations`.
    package var expectationFiles: [String] = []
    /// Expectation files found among the suites but not read: no adapter of the command uses them.
    package var unreadExpectationFiles: [String] = []

    /// The default suite folder: `Suites/` of the current directory, or of the package's checkout when the current
    /// directory has none (an app's harness that depends on this package runs the built-in suites).
    package static var defaultPaths: [String] { [PackageFiles.folder("Suites")] }

    /// Loads `paths` (default: `Suites/`) and the expectation files among them or in `extraExpectations`.
    /// - Throws: ``InputError`` with the loader's `file:line:column` diagnostics.
    /// - Parameters:
    ///   - knownAdapters: when given, an expectation file for (or extending) another adapter is an error.
    ///   - adapters: when given, only the files among `paths` that these adapters use are read (their own and
    ///     those they extend, ``ExpectationFile/files(of:usedBy:)``); the others are only named, in
    ///     ``unreadExpectationFiles``. Files in `extraExpectations` are always read.
    package static func load(
        _ paths: [String], schemaPath: String?, extraExpectations: [String] = [], knownAdapters: Set<String>? = nil,
        adapters: [String]? = nil
    ) throws -> SuiteInputs {
        let schema: SuiteSchema
        do {
            schema = try SuiteSchema.locateAndLoad(explicitPath: schemaPath)
        } catch {
            throw InputError("\(error)")
        }
        let paths = paths.isEmpty ? defaultPaths : paths
        // Invalid input: every problem of every file, schema and semantic, in one pass (SuiteValidation).
        func everyProblem(orElse error: any Error) -> InputError {
            let problems = SuiteValidation(schema: schema).problems(in: paths, extraExpectations: extraExpectations)
            return InputError(problems.isEmpty ? "\(error)" : SuiteLoadingError(diagnostics: problems).description)
        }
        let loader = SuiteLoader(schema: schema)
        let loaded: SuiteIndex
        do {
            loaded = try loader.index(paths)
        } catch {
            throw everyProblem(orElse: error)
        }
        // What each file's root says, for every file: names checked, and the files the adapters use chosen.
        var headers = loaded.expectationHeaders
        var extraFiles: [ExpectationFile] = []
        for file in extraExpectations {
            do {
                let expectations = try ExpectationFile(contentsOf: file, schema: schema)
                extraFiles.append(expectations)
                headers.append(expectations.header)
            } catch {
                throw everyProblem(orElse: error)
            }
        }
        let unknown = knownAdapters.map { unknownAdapters(in: headers, known: $0) } ?? []
        let found = loaded.expectationFiles
        let toRead = adapters.map { Set(ExpectationFile.files(of: headers, usedBy: $0)) }
        let read = found.filter { toRead?.contains($0) ?? true }
        let readSet = Set(read)
        let files: [ExpectationFile]
        do {
            files = try ExpectationFile.load(read, schema: schema) + extraFiles
        } catch {
            throw everyProblem(orElse: error)
        }
        if !unknown.isEmpty { throw InputError(unknown.joined(separator: "\n")) }
        let expectations: ExpectationSet
        do {
            expectations = try ExpectationSet(files)
        } catch {
            throw InputError("\(error)")
        }
        return SuiteInputs(
            index: loaded, expectations: expectations, schema: schema, expectationFiles: read + extraExpectations,
            unreadExpectationFiles: found.filter { !readSet.contains($0) })
    }

    /// Where an expectation file names an adapter that is neither `known` nor composed by the registry (a library
    /// port with options), the error; a wrong option gets the option's error, naming the kind's options.
    private static func unknownAdapters(
        in headers: [ExpectationFile.Header], known knownAdapters: Set<String>
    ) -> [String] {
        var unknown: [String] = []
        let registry = AdapterCatalog.registry
        // A core build keeps the full product's files (the built-in ones name its adapters) and uses none.
        for header in headers
        where !([header.adapter] + header.extends).contains(where: AdapterCatalog.isLackedFullProductName) {
            // A library port with options is composed, not listed: its file names it like a built-in adapter, and
            // a wrong option there gets the option's error (with the kind's options), not "no adapter".
            var composed: [String] = []
            for name in [header.adapter] + header.extends where !knownAdapters.contains(name) {
                do {
                    if try registry.resolve(name) != nil { composed.append(name) }
                } catch {
                    composed.append(name)
                    unknown.append("\(header.file):\(header.line):\(header.column): error: adapter \(error)")
                }
            }
            unknown += header.unknownAdapterDiagnostics(known: knownAdapters.union(composed)).map(\.description)
        }
        return unknown
    }

    /// The identity of a run of these suites (``RunIdentity``): every suite and expectation file with its digest.
    package func runIdentity(adapters: [String], selection: RunIdentity.Selection, shard: RunIdentity.Shard?) -> RunIdentity {
        let suiteFiles = Set(index.outlines.map(\.file))
        return RunIdentity(
            harnessVersion: CookieHarnessCommand.version,
            suites: suiteFiles.map { RunIdentity.FileDigest(of: $0) ?? RunIdentity.FileDigest(file: $0, sha256: "unreadable") },
            expectationFiles: Set(expectationFiles).map { RunIdentity.FileDigest(of: $0) ?? RunIdentity.FileDigest(file: $0, sha256: "unreadable") },
            unreadExpectationFiles: unreadExpectationFiles, adapters: adapters, selection: selection, shard: shard)
    }

    /// Every suite, each file the index did not keep read again: for commands that need every scenario at once.
    /// - Throws: ``InputError`` when a file can no longer be read.
    package func allSuites() throws -> [Suite] {
        do {
            return try index.allSuites()
        } catch {
            throw InputError(error.description)
        }
    }
}

extension SuiteInputs {
    /// Loads the suites and expectation files a command's arguments name (`PATH...`, `--schema`,
    /// `--expectations`), warning about stale expectation entries; nil after printing the errors of invalid input.
    /// - Parameter adapters: when given, only the expectation files these adapters use are read.
    package static func load(for args: CommandLineArguments, output: CommandOutput, adapters: [String]? = nil) throws -> SuiteInputs? {
        do {
            let external = (args[SharedOptions.external] ?? []).compactMap {
                $0.split(separator: "=", maxSplits: 1).first.map(String.init)
            }
            let inputs = try load(
                args.positional, schemaPath: args[SharedOptions.schema],
                extraExpectations: args[SharedOptions.expectations] ?? [],
                knownAdapters: Set(AdapterCatalog.registry.adapters.map(\.name) + external), adapters: adapters
            )
            inputs.warnAboutStaleExpectations(output)
            return inputs
        } catch let error as InputError {
            output.err(error.description)
            return nil
        }
    }

    /// Warns about expectation entries that match no loaded scenario (renamed or removed ones), capped per file and
    /// in all (``ExpectationSet/unmatchedEntryWarnings(scenarioIDs:)``).
    package func warnAboutStaleExpectations(_ output: CommandOutput) {
        for line in expectations.unmatchedEntryWarnings(scenarioIDs: index.scenarioIDs) {
            // One line each: a line feed in a scenario= pattern must not start a line of its own.
            output.err(ConsoleText.visible(line))
        }
    }

    /// The expected status of a scenario on an adapter, for a ``RunPlan``.
    package var expectedStatus: @Sendable (String, String) -> ExpectedStatus {
        let expectations = self.expectations
        return { adapter, scenario in expectations.expectedStatus(adapter: adapter, scenario: scenario) }
    }
}

/// Invalid input (a suite, an expectation file): printed as is, exit status 2.
package struct InputError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
