import ChildProcesses
import Conformance
import CookieModel
import CookieStores
import Foundation
import HarnessCore

/// One input the harness reads from users or adapters, as a function from arbitrary bytes to nothing.
///
/// A target must not crash, trap, hang or grow without bound on any input: malformed input is an error value
/// (thrown and caught here), never a precondition failure. libFuzzer calls ``run(_:)`` millions of times
/// (`Fuzz/run`); a build without libFuzzer replays files through the same function (`cookie-harness-fuzz replay`),
/// and `FuzzTargetTests` replays the checked-in corpora and every crash ever found on each `swift test`.
///
/// Targets that read files (the loaders take paths, as the harness does) write the input to a scratch folder
/// made once per process, so they exercise the real entry points, file checks included.
public struct FuzzTarget: Sendable, Hashable, CustomStringConvertible {
    private enum Kind: String, CaseIterable, Sendable {
        case setCookie = "set-cookie"
        case cookieDate = "cookie-date"
        case suiteLoader = "suite-loader"
        case adapterProtocol = "adapter-protocol"
        case httpStateCorpus = "http-state-corpus"
        case resultsFiles = "results-files"
        case updateExpectations = "update-expectations"
    }

    private let kind: Kind

    /// Every target, in the order `Fuzz/run` runs them.
    public static let all: [FuzzTarget] = Kind.allCases.map(FuzzTarget.init)

    /// The target named `name` (`set-cookie`, `cookie-date`, `suite-loader`, `adapter-protocol`,
    /// `http-state-corpus`, `results-files`, `update-expectations`), or nil.
    public init?(named name: String) {
        guard let kind = Kind(rawValue: name) else { return nil }
        self.kind = kind
    }

    private init(_ kind: Kind) { self.kind = kind }

    public var name: String { kind.rawValue }
    public var description: String { name }

    /// Feeds one input to the target.
    public func run(_ input: [UInt8]) {
        switch kind {
        case .setCookie: SetCookieTarget.run(input)
        case .cookieDate: CookieDateTarget.run(input)
        case .suiteLoader: SuiteLoaderTarget.run(input)
        case .adapterProtocol: AdapterProtocolTarget.run(input)
        case .httpStateCorpus: HTTPStateCorpusTarget.run(input)
        case .resultsFiles: ResultsFilesTarget.run(input)
        case .updateExpectations: UpdateExpectationsTarget.run(input)
        }
    }
}
