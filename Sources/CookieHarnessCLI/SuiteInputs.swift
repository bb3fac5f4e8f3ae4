import Foundation
import HarnessCore

/// Loading what a command needs from suite paths: the schema, the suites, the expectation files.
struct SuiteInputs {
    var suites: LoadedSuites
    var expectations: [String: ExpectationFile]
    var schema: SuiteSchema

    /// The default suite folder, relative to the current directory.
    static let defaultPaths = ["Suites"]

    /// Loads `paths` (default: `Suites/`) and every expectation file among them or in `extraExpectations`.
    /// - Throws: ``InputError`` with the loader's `file:line:column` diagnostics.
    static func load(_ paths: [String], schemaPath: String?, extraExpectations: [String] = []) throws -> SuiteInputs {
        let schema: SuiteSchema
        do {
            schema = try SuiteSchema.locateAndLoad(explicitPath: schemaPath)
        } catch {
            throw InputError("\(error)")
        }
        let loader = SuiteLoader(schema: schema)
        let loaded: LoadedSuites
        do {
            loaded = try loader.load(paths.isEmpty ? defaultPaths : paths)
        } catch {
            throw InputError("\(error)")
        }
        var expectations: [String: ExpectationFile] = [:]
        for file in loaded.expectationFiles + extraExpectations {
            let expectationFile: ExpectationFile
            do {
                expectationFile = try ExpectationFile(contentsOf: file, schema: schema)
            } catch {
                throw InputError("\(error)")
            }
            if let earlier = expectations[expectationFile.adapter] {
                throw InputError("\(file): error: a second expectation file for adapter '\(expectationFile.adapter)' (first: \(earlier.file))")
            }
            expectations[expectationFile.adapter] = expectationFile
        }
        return SuiteInputs(suites: loaded, expectations: expectations, schema: schema)
    }
}

/// Invalid input (a suite, an expectation file): printed as is, exit status 2.
struct InputError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
