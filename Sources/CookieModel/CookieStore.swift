import Foundation

/// A cookie jar the harness can drive: the plug point every store adapter implements (DESIGN §3).
///
/// **Implementation requirements**
/// - Each instance is independent: two stores never share cookies (one per scenario, no process-wide singleton).
/// - Calls come from one scenario at a time, in order; an implementation need not be re-entrant, but must be
///   `Sendable` because scenarios run on worker threads.
/// - `receive(setCookie:from:context:)` receives one `Set-Cookie` field value exactly as the server sent it; the store parses it its own
///   way (that is what is being compared).
/// - `cookieHeader` returns exactly the value the store would put in a `Cookie` header, or nil for none.
/// - `documentCookie`/`writeDocumentCookie` are the non-HTTP API: a store without one throws
///   ``CookieStoreError/unsupported(_:)``.
/// - `restart()` simulates the process ending and a new one starting: what the store persists survives, the rest
///   (session cookies, at least) is gone.
/// - Failures of the store's machinery (a crashed helper process) throw; a cookie the store refuses is not an error.
///
/// The conformance check: run the built-in suites against the adapter and compare with the `reference` adapter.
public protocol CookieStore: AnyObject, Sendable {
    /// Stores one `Set-Cookie` field value received in a response from `url`.
    func receive(setCookie: String, from url: CookieURL, context: CookieRequestContext) throws
    /// The `Cookie` header for a request to `url`, or nil when the store sends none.
    func cookieHeader(for url: CookieURL, context: CookieRequestContext) throws -> String?
    /// `document.cookie` for a page at `url`.
    func documentCookie(for url: CookieURL, isSameSite: Bool) throws -> String
    /// `document.cookie = value` for a page at `url`.
    func writeDocumentCookie(_ value: String, documentURL url: CookieURL, isSameSite: Bool) throws
    /// Every cookie the store holds, with attributes as well as the store can tell them.
    func storedCookies() throws -> [Cookie]
    /// The app was killed and relaunched: keep only what this store persists.
    func restart() throws
    /// Every cookie goes, persistent ones too (an app's logout, or a deleted app's data): what the store persists
    /// is emptied as well.
    func removeAllCookies() throws
    /// The cookies stored after `date` go (`HTTPCookieStorage.removeCookies(since:)`: "stored after", strictly), the
    /// others stay; `date` is on the store's clock.
    func removeCookies(since date: Date) throws
}

extension CookieStore {
    /// An engine jar deletes every cookie; other stores written before the app-lifecycle steps have no way to empty
    /// themselves. (A check here, not a second default on ``EngineCookieJar``: Swift would pick this one for them.)
    public func removeAllCookies() throws {
        guard let jar = self as? any EngineCookieJar else { throw CookieStoreError.unsupported("removing every cookie") }
        _ = jar.delete { _ in true }
    }

    /// An engine jar deletes by its cookies' creation time (a replaced cookie keeps its first one, RFC 6265bis §5.7
    /// step 23, where the jar does); other stores have no creation time of the harness's clock to go by.
    public func removeCookies(since date: Date) throws {
        guard let jar = self as? any EngineCookieJar else { throw CookieStoreError.unsupported("removing cookies by when they were stored") }
        _ = jar.delete { $0.creation > date }
    }
}

public enum CookieStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The store has no such operation (e.g. no non-HTTP API).
    case unsupported(String)
    /// The store's machinery failed (a helper process died, a file could not be read).
    case failed(String)

    public var description: String {
        switch self {
        case .unsupported(let what): "unsupported by this store: \(what)"
        case .failed(let what): what
        }
    }
}

/// An engine jar as a store the harness drives (the reference adapter, a web-view app's native store, the
/// `libsoup-model` adapter): a received line is the jar's `setCookie`, a script's write its `setDocumentCookie`, the
/// store's cookies its `allCookies`, and a restart ends the session (session cookies go; persistent ones stay, an
/// in-memory jar "persisting" itself). A jar whose store differs says so in its own conformance.
extension EngineCookieJar {
    public func receive(setCookie line: String, from url: CookieURL, context: CookieRequestContext) {
        _ = setCookie(line, from: url, context: context)
    }

    public func writeDocumentCookie(_ value: String, documentURL url: CookieURL, isSameSite: Bool) {
        _ = setDocumentCookie(value, documentURL: url, isSameSite: isSameSite)
    }

    public func storedCookies() -> [Cookie] { allCookies }

    public func restart() { endSession() }
}

extension CookieJar: CookieStore {}
