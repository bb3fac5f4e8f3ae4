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
    private let logger: (String) -> Void

    public init(
        webKit: WKContext, cookieStorage: any NativeCookieStorage, defaults: any KeyValueStore,
        urlSession: (any NativeHTTPSession)? = nil, log: @escaping (String) -> Void = { _ in }
    ) {
        self.webKit = webKit
        self.cookieStorage = cookieStorage
        self.defaults = defaults
        self.urlSession = urlSession ?? NoNativeHTTPSession()
        self.logger = log
    }

    /// `DispatchQueue.main`.
    public var mainQueue: MainQueue { webKit.mainQueue }

    /// `Date()`.
    public var now: Date { webKit.now }

    /// A line in the transcript: what the strategy decided and why (`print` / `os_log` in an app).
    public func log(_ line: String) { logger(line) }
}
