import CookieModel
import Foundation
import WebKitModel

/// `CapacitorHttp` on iOS (4.3.0–5.7.0; 5.7.1 routes GETs as 6.0.0 does): the page's patched `fetch` posts a plugin call; `HttpRequestHandler.request`
/// sends it with `URLSession.shared` (the native store's cookies go and the response's are kept there, as URLSession
/// does); 4.6.0 and later then store the response's `Set-Cookie` text again through `CapacitorCookieManager`
/// (`setCookiesFromResponse`) and copy every native cookie to the default web store; the answer goes back to the
/// page by `window.Capacitor.fromNative`.
///
/// | their code (`hrh` = `ios/Capacitor/Capacitor/Plugins/HttpRequestHandler.swift`, `cur` = `…/CapacitorUrlRequest.swift`, `cb` = `…/CapacitorBridge.swift`) | 4.3.0 | 4.6.0 | port |
/// |---|---|---|---|
/// | hrh `request`: `url`, `method` (default GET), `headers`, `data` from the call | 122–152 | 140–170 | `httpRequest` |
/// | hrh: a URL without percent-escapes is percent-encoded (`urlQueryAllowed`) | 130–133 | 148–151 | `httpRequest` |
/// | cur `setRequestHeaders` (string values), `setRequestBody` (text) | cur | cur | `httpRequest` |
/// | cur `getUrlSession`: `URLSession.shared` unless `disableRedirects` | 143–149 | 143–149 | `app.urlSession` (the page's fetch never sets `disableRedirects`) |
/// | hrh `dataTask` completion: error → `call.reject` | 162–167 | 180–185 | `httpRequest` → `toJs(error:)` |
/// | hrh `setCookiesFromResponse(response, config)` | — | 187 | `setCookiesFromResponse` |
/// | hrh `setCookiesFromResponse`: `allHeaderFields["Set-Cookie"]` split on ","; `domain=` of the lowercased piece, else "" → `CapacitorCookieManager.setCookie(domain, piece)`; then `syncCookiesToWebView()` | — | 100–116 | `setCookiesFromResponse` |
/// | hrh `buildResponse`: `status`, `headers`, `url`, `data` (JSON when the type says so, else text) | 73–98 | 118–143 | `buildResponse` |
/// | cb `toJs`/`toJsError`: main queue, `evaluateJavaScript("window.Capacitor.fromNative({…})")` | 548–580 | 548–580 | `toJs` |
/// | hrh `responseType`, `params`, timeouts, form data | | | not ported: the page's `fetch` gives none of them |
extension CapacitorCookies {
    /// The JavaScript call a plugin method answers (`CAPPluginCall`'s ids).
    struct PluginCall {
        var callbackID: String
        var pluginID: String
        var methodName: String
    }

    /// `HttpRequestHandler.request(call, nil, config)`.
    func httpRequest(_ options: [String: Any], call: PluginCall) {
        guard let app, var urlString = options["url"] as? String else {
            return toJs(call, success: false, payload: ["message": "Invalid URL"])
        }
        if urlString == urlString.removingPercentEncoding {
            urlString = urlString.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? urlString
        }
        guard let url = URL(string: urlString) else { return toJs(call, success: false, payload: ["message": "Invalid URL"]) }
        var request = WebRequest(url: url, httpMethod: options["method"] as? String ?? "GET")
        for (name, value) in (options["headers"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
            if let value = value as? String { request.setValue(value, forHTTPHeaderField: name) }
        }
        if let data = options["data"] as? String { request.httpBody = Data(data.utf8) }
        app.log("\(name): CapacitorHttp.request \(request.httpMethod) \(url) by URLSession.shared (the native store's cookies)")
        app.urlSession.dataTask(with: request) { [weak self] result in
            guard let self else { return }
            switch result {
            case .failure(let error):
                toJs(call, success: false, payload: ["message": error.message])
            case .success(let answer):
                if version >= .v4_6_0 { setCookiesFromResponse(answer.response) }
                toJs(call, success: true, payload: Self.buildResponse(answer))
            }
        }
    }

    /// `setCookiesFromResponse` (4.6.0+): the folded `Set-Cookie` value split on every comma — an `Expires` date's
    /// too — and each piece stored for the URL its `domain=` names, or for the server URL.
    func setCookiesFromResponse(_ response: WebResponse) {
        if let cookies = response.allHeaderFields["Set-Cookie"] {
            for cookie in cookies.components(separatedBy: ",") {
                let domainComponents = cookie.lowercased().components(separatedBy: "domain=")
                let domain = domainComponents.count > 1 ? domainComponents[1].components(separatedBy: ";")[0] : ""
                setCookie(domain: domain, action: cookie)
            }
        }
        syncCookiesToWebView()
    }

    /// `buildResponse`: what the page's `nativeResponse` holds.
    static func buildResponse(_ answer: NativeHTTPResponse) -> [String: Any] {
        let headers = Dictionary(answer.response.allHeaderFields.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
        let contentType = (answer.response.allHeaderFields.first { $0.key.lowercased() == "content-type" }?.value ?? "application/default").lowercased()
        var data: Any = answer.body
        if contentType.contains("application/json"),
           let json = try? JSONSerialization.jsonObject(with: Data(answer.body.utf8), options: .fragmentsAllowed)
        {
            data = json
        }
        return ["status": answer.response.statusCode, "headers": headers, "url": answer.response.url.absoluteString, "data": data]
    }

    /// `CapacitorBridge.toJs` / `toJsError`: the result evaluated in the page on the main queue.
    func toJs(_ call: PluginCall, success: Bool, payload: [String: Any]) {
        guard let app else { return }
        let json = (try? JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys, .fragmentsAllowed]))
            .map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        let script = """
            window.Capacitor.fromNative({ callbackId: '\(call.callbackID)', pluginId: '\(call.pluginID)', \
            methodName: '\(call.methodName)', save: false, success: \(success), \(success ? "data" : "error"): \(json) })
            """
        app.mainQueue.async { [weak self] in
            self?.webView?.evaluateJavaScript(script) { _, error in
                if let error { app.log("CapacitorHttp: toJs failed: \(error)") }
            }
        }
    }
}

extension CapacitorCookies {
    /// `InstanceDescriptorDefaults.scheme` and `hostname`: the app's local URL (`config.localURL`).
    static let localScheme = "capacitor"
    static let localURL = "capacitor://localhost"

    /// `WebViewAssetHandler` (6.0.0+), the `WKURLSchemeHandler` of the local scheme: a request whose path starts with
    /// `/_capacitor_http_interceptor_` or `/_capacitor_https_interceptor_` is sent with `URLSession.shared` to the URL
    /// it names (`handleCapacitorHttpRequest`: the response's cookies kept natively by URLSession, no
    /// `setCookiesFromResponse`), with CORS headers for the server URL when `server.url` is not the local scheme
    /// (live reload). Any other path would be a file of the app's bundle, which this app (`server.url` set) has none of.
    ///
    /// | `WebViewAssetHandler.swift` at 6.0.0 | line | port |
    /// |---|---|---|
    /// | `webView(_:start:)`: the two interceptor prefixes → `handleCapacitorHttpRequest` | 27–41 | `webView(_:start:)` |
    /// | the target URL: the prefix removed, the first `capacitor` → `http(s)`, the first `localhost/` removed, percent-decoded | 138–154 | `targetURL` |
    /// | `URLSession.shared.dataTask(with: urlRequest)` (the scheme request's method and headers) | 156–157 | `app.urlSession` |
    /// | error → `didFailWithError`; else the response's headers with `Access-Control-Allow-Origin: serverUrl` and `-Methods` when live reload, `didReceive(response)`, `didReceive(data)`, `didFinish()` | 158–193 | `webView(_:start:)` |
    final class AssetHandler: WKURLSchemeHandler {
        private weak var port: CapacitorCookies?

        init(port: CapacitorCookies) {
            self.port = port
        }

        func webView(_ webView: WKWebView, start urlSchemeTask: any WKURLSchemeTask) {
            guard let port, let app = port.app else { return urlSchemeTask.didFailWithError(WebKitError(.cannotFindHost, "no app")) }
            let url = urlSchemeTask.request.url
            let isHttps: Bool
            if url.path.hasPrefix("/_capacitor_http_interceptor_") {
                isHttps = false
            } else if url.path.hasPrefix("/_capacitor_https_interceptor_") {
                isHttps = true
            } else {
                app.log("\(port.name): WebViewAssetHandler: \(url) is no file of this app")
                return urlSchemeTask.didFailWithError(WebKitError(.cannotFindHost, "no file \(url.path)"))
            }
            guard let target = Self.targetURL(url, isHttps: isHttps) else {
                return urlSchemeTask.didFailWithError(WebKitError(.cannotFindHost, "invalid interceptor URL \(url)"))
            }
            var request = urlSchemeTask.request
            request.url = target
            app.log("\(port.name): WebViewAssetHandler.handleCapacitorHttpRequest \(request.httpMethod) \(target) by URLSession.shared")
            let serverURL = port.serverURL
            app.urlSession.dataTask(with: request) { result in
                switch result {
                case .failure(let error):
                    urlSchemeTask.didFailWithError(error)
                case .success(let answer):
                    var fields = answer.response.headerFields
                    if let serverURL, serverURL.scheme != CapacitorCookies.localScheme {
                        fields = fields.filter { !["access-control-allow-origin", "access-control-allow-methods"].contains($0.name.lowercased()) }
                        fields.append(HTTPHeaderField(name: "Access-Control-Allow-Origin", value: serverURL.absoluteString))
                        fields.append(HTTPHeaderField(name: "Access-Control-Allow-Methods", value: "GET, HEAD, OPTIONS, TRACE"))
                    }
                    urlSchemeTask.didReceive(WebResponse(url: answer.response.url, statusCode: answer.response.statusCode, headerFields: fields))
                    urlSchemeTask.didReceive(Data(answer.body.utf8))
                    urlSchemeTask.didFinish()
                }
            }
        }

        /// `capacitor://localhost/_capacitor_https_interceptor_/HOST/PATH` → `https://HOST/PATH`, as 6.0.0 rewrites it.
        static func targetURL(_ url: URL, isHttps: Bool) -> URL? {
            var target = url.absoluteString
                .replacingOccurrences(of: "/_capacitor_http_interceptor_", with: "")
                .replacingOccurrences(of: "/_capacitor_https_interceptor_", with: "")
            if let range = target.range(of: CapacitorCookies.localScheme) {
                target.replaceSubrange(range, with: isHttps ? "https" : "http")
            }
            if let range = target.range(of: "localhost/") { target.replaceSubrange(range, with: "") }
            return URL(string: target.removingPercentEncoding ?? target)
        }
    }
}
