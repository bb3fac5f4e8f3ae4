import CookieModel
import CookieStores
import CurlCookieStore
import Foundation
import HarnessCore
import TestSupport
import Testing

/// Shared by the Foundation and libcurl tests: the two stores behind one switch, and store helpers.
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
