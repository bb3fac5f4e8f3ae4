import Foundation
import WebKitModel

/// `URLSession.shared` as app code sees it: the native HTTP stack, whose cookies are `HTTPCookieStorage.shared`'s —
/// never the web view's. A plugin that proxies the page's requests through native code (Capacitor's
/// `CapacitorHttp`) sends what this session sends and keeps what it keeps.
public protocol NativeHTTPSession: AnyObject {
    /// `dataTask(with:completionHandler:)` then `resume()`. The request goes out when the app's run loop next
    /// turns; redirects are followed; every hop carries the native store's cookies (unless the request has a
    /// `Cookie` field of its own or `httpShouldHandleCookies` is false) and every hop's `Set-Cookie` lines are
    /// stored there, as `URLSession` does before its completion handler runs. `completion` gets the last response
    /// (`allHeaderFields` joins repeated fields with ", ", `Set-Cookie` included) and its body, or the error.
    func dataTask(with request: WebRequest, completion: @escaping (Result<NativeHTTPResponse, WebKitError>) -> Void)
}

/// What a native data task's completion handler gets: the `HTTPURLResponse` and the body as text.
public struct NativeHTTPResponse: Sendable {
    public var response: WebResponse
    public var body: String

    public init(response: WebResponse, body: String) {
        self.response = response
        self.body = body
    }
}

/// The session of a context made without one (a unit test's): every task fails, and says why.
final class NoNativeHTTPSession: NativeHTTPSession {
    func dataTask(with request: WebRequest, completion: @escaping (Result<NativeHTTPResponse, WebKitError>) -> Void) {
        completion(.failure(WebKitError(.cannotFindHost, "this app has no native HTTP stack (no NativeHTTPSession given)")))
    }
}
