import Foundation
import WebKitModel

/// The app's own scheme (`<open-web-view app-scheme=>`), as a hybrid app (Capacitor, Ionic, Cordova) answers it:
/// every URL is one of the app's files, an empty HTML page here.
///
/// A strategy that registered a handler for the same scheme (a library port's, e.g. Capacitor's
/// `WebViewAssetHandler`, which also serves the app's files) answers first; what it has no file for is the page.
final class AppPageSchemeHandler: WKURLSchemeHandler {
    private let library: (any WKURLSchemeHandler)?

    init(library: (any WKURLSchemeHandler)?) {
        self.library = library
    }

    func webView(_ webView: WKWebView, start urlSchemeTask: any WKURLSchemeTask) {
        guard let library else { return Self.answerWithPage(urlSchemeTask) }
        library.webView(webView, start: FallbackTask(urlSchemeTask))
    }

    static func answerWithPage(_ task: any WKURLSchemeTask) {
        task.didReceive(WebResponse(
            url: task.request.url, statusCode: 200,
            headerFields: [HTTPHeaderField(name: "Content-Type", value: "text/html; charset=utf-8")]))
        task.didReceive(Data())
        task.didFinish()
    }

    /// The library's answer, or the page where the library fails (it has no such file).
    private final class FallbackTask: WKURLSchemeTask {
        let task: any WKURLSchemeTask
        init(_ task: any WKURLSchemeTask) { self.task = task }
        var request: WebRequest { task.request }
        func didReceive(_ response: WebResponse) { task.didReceive(response) }
        func didReceive(_ data: Data) { task.didReceive(data) }
        func didFinish() { task.didFinish() }
        func didFailWithError(_ error: any Error) { AppPageSchemeHandler.answerWithPage(task) }
    }
}
