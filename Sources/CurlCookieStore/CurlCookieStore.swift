import CookieModel
import CookieStores
import Foundation
import Locking

/// libcurl's cookie engine as a ``CookieStore``, fed and queried through real HTTP exchanges.
///
/// libcurl has no call that computes a `Cookie` header without a request, and no call that stores a `Set-Cookie`
/// line as if it came from a given URL (`CURLOPT_COOKIELIST "Set-Cookie: …"` skips the domain and path checks of a
/// real response). So every operation is a GET through one easy handle to the process's ``LoopbackListener``:
/// `receive(setCookie:from:context:)` requests the URL and the listener answers with that one `Set-Cookie` line;
/// `cookieHeader(for:context:)` requests the URL and returns the `Cookie` header the listener saw. libcurl believes
/// it talks to the URL's own host (`CURLOPT_CONNECT_TO`), over TLS for https, so its domain, path and Secure logic
/// run unchanged.
///
/// Persistence is libcurl's own: a Netscape cookie-jar file in a temporary directory, written by libcurl when the
/// handle is cleaned up (`CURLOPT_COOKIEJAR`, at restart) and read back by a new handle (`CURLOPT_COOKIEFILE`) with
/// `CURLOPT_COOKIESESSION` on, which is how libcurl starts "a new cookie session": it ignores the session cookies
/// the file holds. libcurl reads the clock itself (`time()`), so this store runs on the wall clock.
///
/// Each `Set-Cookie` line is its own exchange, as the harness delivers them one by one (so libcurl's limit of 50
/// `Set-Cookie` fields per response never applies). The request context is not passed on: libcurl 7.88 has no
/// notion of same-site requests or SameSite cookies. libcurl treats http://localhost and http://127.0.0.1 as secure
/// contexts by itself; for every other host only the TLS daemon makes a connection secure.
package final class CurlCookieStore: CookieStore {
    /// Where the cookies live between app launches.
    package enum Persistence: Sendable {
        /// The engine only (`CURLOPT_COOKIEFILE ""`): a restart starts empty, like a non-persistent data store.
        case inMemory
        /// A cookie-jar file in a fresh temporary directory, removed with the store.
        case cookieJarFile
    }

    private let listener: LoopbackListener
    private let jarDirectory: TemporaryDirectory?
    /// nil only inside `restart()`, between the old handle's cleanup and the new handle's start.
    private let handle: Locked<CurlEasyHandle?>

    /// A new, empty store.
    /// - Throws: ``CookieStoreError/failed(_:)`` when libcurl, the listener or the temporary directory fails.
    package init(persistence: Persistence) throws {
        listener = try LoopbackListener.shared()
        jarDirectory = persistence == .cookieJarFile ? try TemporaryDirectory(prefix: "cookie-harness-curl-") : nil
        handle = Locked(try CurlEasyHandle(cookies: Self.cookieFiles(jarDirectory, newSession: false)))
    }

    /// Cleans the handle up (libcurl writes the jar) before the temporary directory goes.
    deinit {
        handle.withLock { $0 = nil }
    }

    /// The jar file, when the store has one.
    package var cookieJarPath: String? { jarDirectory.map { $0.path + "/cookies.txt" } }

    private static func cookieFiles(_ directory: TemporaryDirectory?, newSession: Bool) -> CurlEasyHandle.CookieFiles {
        guard let directory else { return .init(load: "", jar: nil, newSession: newSession) }
        let jar = directory.path + "/cookies.txt"
        return .init(load: jar, jar: jar, newSession: newSession)
    }

    // MARK: CookieStore

    package func receive(setCookie: String, from url: CookieURL, context: CookieRequestContext) throws {
        // A header value cannot carry CR, LF or NUL: no server can send this line, so libcurl cannot receive it.
        if let bad = HTTPFieldValue.forbiddenCharacter(in: setCookie) {
            throw CookieStoreError.unsupported(
                "a Set-Cookie line containing \(HTTPFieldValue.codePoint(bad)) cannot travel in an HTTP/1.1 header to "
                    + "libcurl: \(setCookie.debugDescription)")
        }
        _ = try exchange(url, setCookies: [setCookie])
    }

    package func cookieHeader(for url: CookieURL, context: CookieRequestContext) throws -> String? {
        let cookies = try exchange(url, setCookies: []).values(of: "Cookie")
        return cookies.isEmpty ? nil : cookies.joined(separator: "; ")
    }

    package func documentCookie(for url: CookieURL, isSameSite: Bool) throws -> String {
        throw CookieStoreError.unsupported("libcurl has no non-HTTP (document.cookie) API")
    }

    package func writeDocumentCookie(_ value: String, documentURL url: CookieURL, isSameSite: Bool) throws {
        throw CookieStoreError.unsupported("libcurl has no non-HTTP (document.cookie) API")
    }

    /// `CURLINFO_COOKIELIST`, read back from libcurl's Netscape lines: libcurl keeps no creation time, so `creation`
    /// is the epoch and `creationSequence` the list order; SameSite is always `default` (libcurl ignores it).
    package func storedCookies() throws -> [Cookie] {
        let lines = try withHandle { try $0.cookieList() }
        return try lines.enumerated().map { index, line in
            guard let cookie = NetscapeCookieLine.cookie(from: line, sequence: UInt64(index)) else {
                throw CookieStoreError.failed("libcurl: CURLINFO_COOKIELIST gave a line this adapter cannot read: \(line.debugDescription)")
            }
            return cookie
        }
    }

    /// Every cookie goes, from memory (libcurl's `CURLOPT_COOKIELIST "ALL"`) and from the jar file, which libcurl
    /// would read again before the next transfer (and `"FLUSH"` leaves as it is when the engine is empty: 7.88,
    /// measured), so it is emptied here.
    package func removeAllCookies() throws {
        try withHandle { handle in
            try handle.eraseAllCookies()
            guard let path = cookieJarPath else { return }
            do {
                try Data("# Netscape HTTP Cookie File\n".utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw CookieStoreError.failed("emptying the cookie jar \(path): \(error)")
            }
        }
    }

    /// Ends the handle (its cleanup writes the jar) and starts a new one that reads the jar as a new cookie session.
    package func restart() throws {
        let files = Self.cookieFiles(jarDirectory, newSession: true)
        try handle.withLock { handle in
            handle = nil
            let relaunched = try CurlEasyHandle(cookies: files)
            try relaunched.reloadCookieFiles()
            handle = relaunched
        }
    }

    // MARK: Exchanges

    /// One GET of `url` through libcurl to the listener, whose response carries `setCookies`.
    /// - Returns: The request as the listener received it.
    private func exchange(_ url: CookieURL, setCookies: [String]) throws -> ReceivedRequest {
        let book = listener.book
        let id = book.open(setCookies: setCookies)
        var closed = false
        defer { if !closed { _ = book.close(id) } }
        let target = Self.requestURL(url)
        let connectTo = try listener.connectTo(scheme: url.scheme)
        let status = try withHandle { handle in
            try handle.get(target, connectTo: connectTo, headers: ["\(ExchangeBook.header): \(id)"])
        }
        closed = true
        let exchange = book.close(id)
        if let problem = exchange?.problem { throw CookieStoreError.failed(problem) }
        guard status == 200, let request = exchange?.received.first else {
            throw CookieStoreError.failed("the loopback listener did not receive libcurl's request for \(target) (status \(status))")
        }
        return request
    }

    private func withHandle<T>(_ body: (CurlEasyHandle) throws -> T) throws -> T {
        try handle.withLock { handle in
            guard let handle else { throw CookieStoreError.failed("libcurl: no easy handle (an earlier restart failed)") }
            return try body(handle)
        }
    }

    /// The URL libcurl requests: the scheme and host as given, the path percent-encoded only where a URL cannot
    /// carry it raw (libcurl sends the path as it is: `CURLOPT_PATH_AS_IS`). The port does not matter to cookies.
    static func requestURL(_ url: CookieURL) -> String {
        let host = url.isIPAddress && url.host.contains(":") ? "[\(url.host)]" : url.host
        let path = url.path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.union(["%"])) ?? url.path
        return "\(url.scheme)://\(host)\(path)"
    }
}
