import CLibCurl
import CookieModel
import Locking
import Synchronization

// Every call into libcurl lives in this file (CONVENTIONS: one file per C library); a failing call becomes a
// ``CookieStoreError`` right here, carrying libcurl's own message.

/// Process-wide libcurl facts.
enum LibCurl {
    /// `curl_global_init`, once per process; libcurl 7.84+ built thread-safe (Debian's is) allows it anywhere.
    private static let initialized: Result<Void, CookieStoreError> = {
        let code = curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        guard code == CURLE_OK else { return .failure(failure("curl_global_init", code, detail: "")) }
        return .success(())
    }()

    static func initialize() throws {
        try initialized.get()
    }

    /// `7.88.1 (OpenSSL/3.0.19, libpsl)`: the library version, its TLS backend, and whether it knows public suffixes.
    static let version: String = {
        guard let info = cookieharness_curl_version_info() else { return "unknown" }
        var parts: [String] = []
        if let ssl = info.pointee.ssl_version { parts.append(String(cString: ssl)) }
        if info.pointee.features & CURL_VERSION_PSL != 0 { parts.append("libpsl") }
        let version = info.pointee.version.map { String(cString: $0) } ?? "unknown"
        return parts.isEmpty ? version : "\(version) (\(parts.joined(separator: ", ")))"
    }()

    /// A failed call, with libcurl's message for the code and, when there is one, the handle's detailed message.
    static func failure(_ call: String, _ code: CURLcode, detail: String) -> CookieStoreError {
        let message = String(cString: curl_easy_strerror(code))
        return .failed("libcurl: \(call) failed: \(message)\(detail.isEmpty ? "" : " (\(detail))")")
    }
}

/// One libcurl easy handle: a cookie engine plus the transfers that feed it.
///
/// The cookie engine belongs to the handle (no share handle), so two handles never see each other's cookies.
/// libcurl lets a handle move between threads but never be used by two at once: its owner serialises calls (the
/// store keeps it in a `Locked`), which is what the unchecked `Sendable` stands for.
final class CurlEasyHandle: @unchecked Sendable {
    /// Where the engine's cookies come from and go to.
    struct CookieFiles {
        /// `CURLOPT_COOKIEFILE`: read once, before the first transfer (or on ``CurlEasyHandle/reloadCookieFiles()``);
        /// "" turns the engine on without reading anything.
        var load: String
        /// `CURLOPT_COOKIEJAR`: written when the handle is cleaned up; nil keeps cookies in memory only.
        var jar: String?
        /// `CURLOPT_COOKIESESSION`: while loading, drop session cookies (those without an expiry) — a new session.
        var newSession: Bool
    }

    private let handle: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>

    /// A handle whose cookie engine is on; proxies are off, certificates are not checked (the listener's is
    /// self-signed), and every transfer gives up after `timeoutMilliseconds`.
    init(cookies: CookieFiles, timeoutMilliseconds: Int = 10_000) throws {
        try LibCurl.initialize()
        guard let handle = curl_easy_init() else { throw CookieStoreError.failed("libcurl: curl_easy_init failed") }
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        try set(CURLOPT_ERRORBUFFER, pointer: UnsafeRawPointer(errorBuffer))
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_PROXY, "")
        try set(CURLOPT_NOPROXY, "*")
        try set(CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_1_1)
        try set(CURLOPT_PATH_AS_IS, 1)
        try set(CURLOPT_FOLLOWLOCATION, 0)
        try set(CURLOPT_SSL_VERIFYPEER, 0)
        try set(CURLOPT_SSL_VERIFYHOST, 0)
        try set(CURLOPT_TIMEOUT_MS, timeoutMilliseconds)
        try set(CURLOPT_CONNECTTIMEOUT_MS, timeoutMilliseconds)
        try set(CURLOPT_USERAGENT, "cookie-harness (libcurl \(LibCurl.version))")
        try check("curl_easy_setopt(CURLOPT_WRITEFUNCTION)", cookieharness_curl_setopt_write_function(handle) { _, size, count, _ in
            size * count  // the body does not matter; every response is consumed and dropped
        })
        try set(CURLOPT_COOKIESESSION, cookies.newSession ? 1 : 0)
        try set(CURLOPT_COOKIEFILE, cookies.load)
        if let jar = cookies.jar { try set(CURLOPT_COOKIEJAR, jar) }
    }

    /// Cleans the handle up, which is when libcurl writes `CURLOPT_COOKIEJAR`.
    deinit {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    /// GETs `url`, connecting to `connectTo` (`HOST:PORT:CONNECT-TO-HOST:CONNECT-TO-PORT`) while libcurl keeps the
    /// URL's own host for everything else (Host header, TLS server name, cookie domain and path matching).
    /// - Returns: The response status.
    /// - Throws: ``CookieStoreError/failed(_:)`` with libcurl's message when the transfer fails.
    func get(_ url: String, connectTo: String, headers: [String]) throws -> Int {
        var headerList: UnsafeMutablePointer<curl_slist>?
        var connectList: UnsafeMutablePointer<curl_slist>?
        defer {
            _ = cookieharness_curl_setopt_pointer(handle, CURLOPT_HTTPHEADER, nil)
            _ = cookieharness_curl_setopt_pointer(handle, CURLOPT_CONNECT_TO, nil)
            curl_slist_free_all(headerList)
            curl_slist_free_all(connectList)
        }
        for header in headers { headerList = try append(header, to: headerList) }
        connectList = try append(connectTo, to: connectList)
        try set(CURLOPT_URL, url)
        try set(CURLOPT_HTTPGET, 1)
        try set(CURLOPT_HTTPHEADER, pointer: UnsafeRawPointer(headerList))
        try set(CURLOPT_CONNECT_TO, pointer: UnsafeRawPointer(connectList))
        errorBuffer[0] = 0
        let code = curl_easy_perform(handle)
        guard code == CURLE_OK else {
            throw LibCurl.failure("curl_easy_perform(\(url))", code, detail: String(cString: errorBuffer))
        }
        var status = 0
        try check("curl_easy_getinfo(CURLINFO_RESPONSE_CODE)", cookieharness_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status))
        return status
    }

    /// `CURLINFO_COOKIELIST`: every cookie the engine holds, one Netscape cookie-file line each.
    func cookieList() throws -> [String] {
        var list: UnsafeMutablePointer<curl_slist>?
        try check("curl_easy_getinfo(CURLINFO_COOKIELIST)", cookieharness_curl_getinfo_slist(handle, CURLINFO_COOKIELIST, &list))
        defer { curl_slist_free_all(list) }
        var lines: [String] = []
        var node = list
        while let current = node {
            if let data = current.pointee.data { lines.append(String(cString: data)) }
            node = current.pointee.next
        }
        return lines
    }

    /// `CURLOPT_COOKIELIST "RELOAD"`: reads the `CURLOPT_COOKIEFILE` files now rather than at the first transfer.
    func reloadCookieFiles() throws {
        try set(CURLOPT_COOKIELIST, "RELOAD")
    }

    /// `CURLOPT_COOKIELIST "ALL"`: erases every cookie the engine holds now. libcurl reads its `CURLOPT_COOKIEFILE`
    /// files again before every transfer (7.88: measured, the list is kept), so the caller empties those too.
    func eraseAllCookies() throws {
        try set(CURLOPT_COOKIELIST, "ALL")
    }

    // MARK: Options

    private func set(_ option: CURLoption, _ value: Int) throws {
        try check("curl_easy_setopt(\(option.rawValue))", cookieharness_curl_setopt_long(handle, option, value))
    }

    private func set(_ option: CURLoption, _ value: String) throws {
        // libcurl copies string options, so the temporary C string may go away after the call.
        try check("curl_easy_setopt(\(option.rawValue))", value.withCString { cookieharness_curl_setopt_pointer(handle, option, $0) })
    }

    private func set(_ option: CURLoption, pointer: UnsafeRawPointer?) throws {
        try check("curl_easy_setopt(\(option.rawValue))", cookieharness_curl_setopt_pointer(handle, option, pointer))
    }

    private func append(_ line: String, to list: UnsafeMutablePointer<curl_slist>?) throws -> UnsafeMutablePointer<curl_slist> {
        guard let appended = curl_slist_append(list, line) else {
            throw CookieStoreError.failed("libcurl: curl_slist_append failed (out of memory)")
        }
        return appended
    }

    private func check(_ call: String, _ code: CURLcode) throws {
        guard code == CURLE_OK else { throw LibCurl.failure(call, code, detail: String(cString: errorBuffer)) }
    }
}
