import Foundation
import HarnessCore
import SyncStrategies
import EngineAppSupport
import WebKitModel

/// `URLSession.shared` of a ``WebViewApp``: a data task goes out on the app's next run-loop turn, through the
/// native store as the app's own native requests do (``WebViewApp/performNativeRequest(_:channel:handlesCookies:)``),
/// shown in the transcript on the `urlsession` channel.
final class NativeURLSession: NativeHTTPSession {
    private unowned let app: WebViewApp

    init(app: WebViewApp) {
        self.app = app
    }

    func dataTask(with request: WebRequest, completion: @escaping (Result<NativeHTTPResponse, WebKitError>) -> Void) {
        app.context.mainQueue.async { [app] in
            let harness: HTTPRequest
            do {
                harness = try HTTPRequest(webRequest: request)
            } catch {
                return completion(.failure(WebKitError(.cannotFindHost, "not an http(s) URL: \(request.url)")))
            }
            do {
                let (response, url) = try app.performNativeRequest(
                    harness, channel: "urlsession", handlesCookies: request.httpShouldHandleCookies)
                let final = WebResponse(url: URL(string: url.description) ?? request.url, statusCode: response.status, headerFields: response.headers)
                completion(.success(NativeHTTPResponse(response: final, body: response.body)))
            } catch {
                let code: WebKitError.Code = (error as? StepFailure)?.outcome == .redirectLoop ? .tooManyRedirects : .cannotFindHost
                completion(.failure(WebKitError(code, "\(error)")))
            }
        }
    }
}
