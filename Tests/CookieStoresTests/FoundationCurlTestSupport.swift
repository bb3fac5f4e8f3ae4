import CookieModel
import CookieStores
import Foundation
import HarnessCore
import Testing

/// Shared by the Foundation and libcurl tests: URLs, the two stores behind one switch, and the built-in suites.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case foundation
    case curl

    var testDescription: String { rawValue }

    /// A fresh store of this library, persisting the way the adapter's app store does.
    func makeStore() throws -> any CookieStore {
        switch self {
        case .foundation: try FoundationCookieStore(persistence: .onDisk)
        case .curl: try CurlCookieStore(persistence: .cookieJarFile)
        }
    }

    /// A fresh in-memory store of this library (the adapter's non-persistent data store).
    func makeInMemoryStore() throws -> any CookieStore {
        switch self {
        case .foundation: try FoundationCookieStore(persistence: .inMemory)
        case .curl: try CurlCookieStore(persistence: .inMemory)
        }
    }

    var adapter: Adapter {
        switch self {
        case .foundation: StoreAdapters.foundation
        case .curl: StoreAdapters.curl
        }
    }
}

/// `CookieURL(string:)` that fails the test instead of crashing it.
func url(_ string: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CookieURL {
    try #require(CookieURL(string: string), "not a URL: \(string)", sourceLocation: sourceLocation)
}

extension CookieStore {
    /// Stores each line as if `from` had answered with it.
    func receive(_ lines: String..., from address: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let origin = try url(address, sourceLocation: sourceLocation)
        for line in lines { try receive(setCookie: line, from: origin, context: .sameSiteNavigation) }
    }

    /// The Cookie header for a same-site navigation to `address`.
    func header(_ address: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
        try cookieHeader(for: try url(address, sourceLocation: sourceLocation), context: .sameSiteNavigation)
    }

    /// The stored cookie called `name`, if exactly one.
    func stored(_ name: String) throws -> Cookie? {
        let matching = try storedCookies().filter { $0.name == name }
        return matching.count == 1 ? matching[0] : nil
    }
}

/// The `name=value` pairs of a Cookie header, as a set (libraries differ in order where the RFC leaves it open).
func pairs(_ header: String?) -> Set<String> {
    Set((header ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
}

/// The repository's built-in suites (`Suites/`), loaded once.
enum BuiltInSuites {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static let loaded: Result<[Suite], any Error> = Result {
        let schema = try SuiteSchema.load(from: packageRoot + "/" + SuiteSchema.relativePath)
        return try SuiteLoader(schema: schema).load([packageRoot + "/Suites"]).suites
    }

    /// The scenario with `id` and its suite.
    static func scenario(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (Scenario, Suite) {
        let suites = try loaded.get()
        for suite in suites {
            if let scenario = suite.scenarios.first(where: { $0.id == id }) { return (scenario, suite) }
        }
        Issue.record("no built-in scenario \(id)", sourceLocation: sourceLocation)
        throw CancellationError()
    }
}
