import Foundation
import HarnessCore
import WebKitModel

// A scenario's URLs and requests (HarnessCore) as the WebKit-shaped API takes them, for every app that drives an
// engine through that API: the web-view apps and the browser app. (The network side needs no conversion: the engines
// send HTTPModel's requests to HarnessCore's ``TranscribedNetwork``.)

extension URL {
    /// `url` as Foundation's URL; a URL Foundation cannot hold is a step the app cannot perform.
    package init(harness url: HTTPURL) throws {
        guard let converted = URL(string: url.description) else { throw AppError.unsupported("URL '\(url)'") }
        self = converted
    }
}

extension WebRequest {
    /// `request` with its method, header fields and body.
    package init(harness request: HTTPRequest) throws {
        self.init(
            url: try URL(harness: request.url), httpMethod: request.method,
            headerFields: request.headers,
            httpBody: request.body.map { Data($0.utf8) })
    }
}

extension HTTPRequest {
    /// An app's `URLRequest` as the harness's network sends it; a URL that is not http(s) cannot be sent.
    package init(webRequest request: WebRequest) throws {
        guard let url = HTTPURL(request.url.absoluteString) else { throw AppError.unsupported("URL '\(request.url)'") }
        self.init(url: url, method: request.httpMethod, headers: request.headerFields, body: request.bodyText)
    }
}
