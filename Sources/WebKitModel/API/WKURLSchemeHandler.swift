import Foundation

/// `WKURLSchemeHandler`: the app answers every load of a scheme of its own (a page, a `fetch`, an image) that a page
/// of the web view makes. Set with ``WKWebViewConfiguration/setURLSchemeHandler(_:forURLScheme:)`` before the web view
/// is created. The scheme is not HTTP: WebKit sends no cookie with such a request and keeps none from its answer.
public protocol WKURLSchemeHandler: AnyObject {
    func webView(_ webView: WKWebView, start urlSchemeTask: any WKURLSchemeTask)
    func webView(_ webView: WKWebView, stop urlSchemeTask: any WKURLSchemeTask)
}

extension WKURLSchemeHandler {
    public func webView(_ webView: WKWebView, stop urlSchemeTask: any WKURLSchemeTask) {}
}

/// `WKURLSchemeTask`: one request for the handler to answer — a response, its data, then `didFinish()`; or an error.
public protocol WKURLSchemeTask: AnyObject {
    var request: WebRequest { get }
    func didReceive(_ response: WebResponse)
    func didReceive(_ data: Data)
    func didFinish()
    func didFailWithError(_ error: any Error)
}

/// The task WebKit hands the handler: its answer goes to the engine once (a second answer is ignored, where WebKit
/// raises).
final class URLSchemeTask: WKURLSchemeTask {
    let request: WebRequest
    private var response: WebResponse?
    private var body = Data()
    private var completion: ((Result<(WebResponse, Data), WebKitError>) -> Void)?

    init(request: WebRequest, completion: @escaping (Result<(WebResponse, Data), WebKitError>) -> Void) {
        self.request = request
        self.completion = completion
    }

    func didReceive(_ response: WebResponse) { self.response = response }

    func didReceive(_ data: Data) { body.append(data) }

    func didFinish() {
        let response = response ?? WebResponse(url: request.url, statusCode: 200, headerFields: [])
        completion?(.success((response, body)))
        completion = nil
    }

    func didFailWithError(_ error: any Error) {
        completion?(.failure(error as? WebKitError ?? WebKitError(.cannotFindHost, "the scheme handler failed: \(error)")))
        completion = nil
    }
}
