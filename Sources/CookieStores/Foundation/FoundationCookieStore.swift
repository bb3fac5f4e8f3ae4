import CookieModel
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking

/// Foundation's cookie handling on this platform (swift-corelibs-foundation on Linux) as a ``CookieStore``.
///
/// Every decision is Foundation's, made through the calls URLSession itself makes: a `Set-Cookie` line is parsed by
/// `HTTPCookie.cookies(withResponseHeaderFields:for:)` and stored with `HTTPCookieStorage.setCookies(_:for:
/// mainDocumentURL:)` under the storage's default accept policy (`.always` on Linux); the `Cookie` header is
/// `HTTPCookie.requestHeaderFields(with:)` of `HTTPCookieStorage.cookies(for:)` — what
/// `URLSession._Configuration.setCookies(on:)` sends. Nothing here filters, orders or repairs cookies.
///
/// Each line is handed to Foundation on its own, as the harness delivers them; a URLSession response with several
/// `Set-Cookie` fields would first fold them into one dictionary value joined by ", ".
///
/// Foundation has no non-HTTP API and no notion of same-site requests: the request context is not used. It reads
/// the wall clock itself (`Date()`), so this store does not follow the harness's virtual clock.
package final class FoundationCookieStore: CookieStore {
    /// Where the cookies live between app launches.
    package enum Persistence: Sendable {
        /// `URLSessionConfiguration.ephemeral.httpCookieStorage`: a fresh in-memory storage, nothing survives a
        /// restart — Foundation's counterpart of a non-persistent data store.
        case inMemory
        /// Foundation's persistent storage, with its file in a fresh temporary directory (see ``FoundationCookieFile``).
        case onDisk
    }

    private let file: FoundationCookieFile?
    private let storage: Locked<HTTPCookieStorage>

    /// A new, empty store, isolated from every other (never `HTTPCookieStorage.shared`).
    /// - Throws: ``CookieStoreError/failed(_:)`` when the on-disk storage cannot be set up.
    package init(persistence: Persistence) throws {
        switch persistence {
        case .inMemory:
            file = nil
            storage = Locked(try Self.ephemeralStorage())
        case .onDisk:
            let file = try FoundationCookieFile()
            self.file = file
            storage = Locked(try file.open())
        }
    }

    deinit {
        // An on-disk storage stays in Foundation's per-identifier cache for the life of the process: empty it.
        if file != nil { storage.withLock { $0.removeCookies(since: .distantPast) } }
    }

    /// The file Foundation persists this store to, once it has written one (on-disk stores only).
    package var persistentFilePath: String? { file?.currentFile }

    /// A fresh `URLSessionConfiguration.ephemeral.httpCookieStorage`.
    ///
    /// On Linux `ephemeral` copies `.default`, so the first call in a process also creates `HTTPCookieStorage.shared`
    /// and `URLCache.shared` (and their folders under `~/.local/share` and `~/.cache`); no cookie goes there.
    private static func ephemeralStorage() throws -> HTTPCookieStorage {
        let storage = FoundationCookieFile.outsideRedirection { URLSessionConfiguration.ephemeral.httpCookieStorage }
        guard let storage else {
            throw CookieStoreError.failed("URLSessionConfiguration.ephemeral has no httpCookieStorage")
        }
        return storage
    }

    // MARK: CookieStore

    package func receive(setCookie: String, from url: CookieURL, context: CookieRequestContext) throws {
        let url = try Self.foundationURL(url)
        storage.withLock { storage in
            let cookies = HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": setCookie], for: url)
            storage.setCookies(cookies, for: url, mainDocumentURL: nil)
        }
    }

    package func cookieHeader(for url: CookieURL, context: CookieRequestContext) throws -> String? {
        let url = try Self.foundationURL(url)
        return storage.withLock { storage in
            HTTPCookie.requestHeaderFields(with: storage.cookies(for: url) ?? [])["Cookie"]
        }
    }

    package func documentCookie(for url: CookieURL, isSameSite: Bool) throws -> String {
        throw CookieStoreError.unsupported("Foundation has no non-HTTP (document.cookie) API")
    }

    package func writeDocumentCookie(_ value: String, documentURL url: CookieURL, isSameSite: Bool) throws {
        throw CookieStoreError.unsupported("Foundation has no non-HTTP (document.cookie) API")
    }

    /// `HTTPCookieStorage.cookies`, in creation order (Foundation keeps them in a dictionary).
    package func storedCookies() throws -> [Cookie] {
        storage.withLock { storage in
            (storage.cookies ?? []).enumerated()
                .map { Cookie(foundation: $1, sequence: UInt64($0)) }
                .sorted { ($0.creation, $0.name, $0.domain, $0.path) < ($1.creation, $1.name, $1.domain, $1.path) }
        }
    }

    /// The app relaunches: an on-disk store becomes a new storage that reads Foundation's file; an in-memory one
    /// becomes a new, empty ephemeral storage.
    package func restart() throws {
        try storage.withLock { storage in
            let previous = storage
            storage = try file?.reopen() ?? Self.ephemeralStorage()
            if file != nil { previous.removeCookies(since: .distantPast) }
        }
    }

    /// `HTTPCookieStorage.removeCookies(since: .distantPast)`: Foundation's own call (on disk too).
    package func removeAllCookies() throws {
        storage.withLock { $0.removeCookies(since: .distantPast) }
    }

    // MARK: URLs

    /// The Foundation URL for a request to `url`; a path character a URL cannot carry raw is percent-encoded.
    static func foundationURL(_ url: CookieURL) throws -> URL {
        let host = url.isIPAddress && url.host.contains(":") ? "[\(url.host)]" : url.host
        if let parsed = URL(string: "\(url.scheme)://\(host)\(url.path)") { return parsed }
        let path = url.path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.union(["%"])) ?? url.path
        guard let encoded = URL(string: "\(url.scheme)://\(host)\(path)") else {
            throw CookieStoreError.unsupported("Foundation's URL cannot represent \(url)")
        }
        return encoded
    }
}
