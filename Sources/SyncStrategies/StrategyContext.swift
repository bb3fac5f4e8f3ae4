import CookieModel
import Foundation
import WebKitModel

/// What app code can reach besides the web view: WebKit's globals, `HTTPCookieStorage.shared`, `URLSession.shared`,
/// `UserDefaults.standard`, the main queue and the clock. One per app launch.
public final class StrategyContext {
    /// `WKWebsiteDataStore.default()`, the main queue, `Date()`.
    public let webKit: WKContext
    /// `HTTPCookieStorage.shared`.
    public let cookieStorage: any NativeCookieStorage
    /// `UserDefaults.standard`: survives a kill.
    public let defaults: any KeyValueStore
    /// `URLSession.shared`: native requests with ``cookieStorage``'s cookies.
    public let urlSession: any NativeHTTPSession
    /// Whose parser `HTTPCookie`'s class methods use on this platform (Apple's on the iOS profiles).
    public let httpCookieParsing: HTTPCookieParsing
    private let logger: (String) -> Void

    public init(
        webKit: WKContext, cookieStorage: any NativeCookieStorage, defaults: any KeyValueStore,
        urlSession: (any NativeHTTPSession)? = nil, httpCookieParsing: HTTPCookieParsing = .reference, log: @escaping (String) -> Void = { _ in }
    ) {
        self.webKit = webKit
        self.cookieStorage = cookieStorage
        self.defaults = defaults
        self.urlSession = urlSession ?? NoNativeHTTPSession()
        self.httpCookieParsing = httpCookieParsing
        self.logger = log
    }

    /// `DispatchQueue.main`.
    public var mainQueue: MainQueue { webKit.mainQueue }

    /// `Date()`.
    public var now: Date { webKit.now }

    /// `HTTPCookie.cookies(withResponseHeaderFields:for:)` on this platform, at ``now``.
    public func cookies(withResponseHeaderFields fields: [String: String], for url: URL) -> [Cookie] {
        CookieHeaders.cookies(withResponseHeaderFields: fields, for: url, now: now, parsing: httpCookieParsing)
    }

    /// A line in the transcript: what the strategy decided and why (`print` / `os_log` in an app).
    public func log(_ line: String) { logger(line) }
}
