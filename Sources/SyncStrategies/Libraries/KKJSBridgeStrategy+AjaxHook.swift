import CookieModel
import Foundation
import WebKitModel

/// `enableAjaxHook` (off by default) and the native `document.cookie` getter it enables: the page's
/// `XMLHttpRequest` (1.3.x: and `fetch`, a polyfill over it) replaced by one that posts each request to the native
/// side, which sends it with an `NSURLSession` of the default configuration — the native store's cookies go, the
/// response's `Set-Cookie` are kept there and never reach the web view's store. With `enableCookieGetHook` (1.3.6+,
/// on by default) `document.cookie` then reads the native store by a synchronous bridge call (`prompt`).
///
/// The port is the `AjaxHook` subspec (`pod 'KKJSBridge/AjaxHook'`; in 1.0.x the only hook). 1.3.9's default
/// subspec, `AjaxProtocolHook`, is not modelled: it registers http and https with WebKit's private
/// `registerSchemeForCustomProtocol:`, which hands every http(s) load of the web view — navigations and images too,
/// not only the page's XHR and fetch — to the app's URL loading system; its `KKJSBridgeAjaxURLProtocol` takes the
/// tagged XHR/fetch requests (`syncRequestCookie`, a default-configuration session, as here), the rest go by the
/// app's default HTTP handling. What that does to the web view's own loads is unmeasured here.
///
/// | their code (1.0.9 / 1.3.9; `ah` = `KKJSBridgeAjaxHook.ts` 1.3.9, `index.ts` 1.0.9; `xr` = `KKJSBridgeXMLHttpRequest.m`) | port |
/// |---|---|
/// | `KKJSBridgeConfig.setEnableAjaxHook:` → a document-start script `window.KKJSBridgeConfig.enableAjaxHook(1)` (the bridge not ready yet) | ``ajaxHookScript(_:)``, after the bridge's script |
/// | index.ts 293–395 `hookAjaxProxy` (1.0.9) / ah `setupHook`: `window.XMLHttpRequest` replaced; `open`, `setRequestHeader`, `send` → `KKJSBridge.call('ajax', …)` | ``ajaxHookScript(_:)`` |
/// | lib/fetch.js `enableFetchHook(true)` (1.3.x): `self.fetch` a polyfill that makes its request with `XMLHttpRequest` (the hooked one) | ``ajaxHookScript(_:)`` |
/// | `KKJSBridgeModuleXMLHttpRequestDispatcher` `open`/`send` → `KKJSBridgeXMLHttpRequest`: url relative to the page, method, headers, body | ``ajaxSend(_:app:)`` |
/// | xr 187 (1.3.9): `[KKWebViewCookieManager syncRequestCookie:self.request]` | ``ajaxSend(_:app:)`` |
/// | xr 158–162 / 196–198: `NSURLSession` of `defaultSessionConfiguration` (the shared `NSHTTPCookieStorage`) | `app.urlSession` |
/// | xr 427–431 (1.3.9): the response's `cookiesWithResponseHeaderFields` set in `NSHTTPCookieStorage` again | no second effect: the session stored them already |
/// | the answer evaluated in the page (`window._KKJSBridgeXHR.setProperties`): status, URL, headers, text; error → `onerror` | ``ajaxSend(_:app:)`` |
/// | hook 23–31 (1.3.6+): the getter, with `ajaxHook && cookieGetHook`, is `KKJSBridge.syncCall('cookie', 'cookie', {url: location.href}).cookie` — `prompt('KKJSBridge', JSON)` | ``pageScript(_:config:)`` |
/// | `WKWebView+KKJSBridgeEngine` `handleSyncCallWithPrompt:` → mc 117–132 `cookie:`: `cookiesForURL:` as `requestHeaderFieldsWithCookies`'s `Cookie` (HttpOnly ones too), "" when none | ``webView(_:runJavaScriptTextInputPanelWithPrompt:defaultText:initiatedByFrame:completionHandler:)`` |
extension KKJSBridgeStrategy {
    /// The page side of `enableAjaxHook(true)`: an `XMLHttpRequest` whose `send` posts the request, and (1.3.x) a
    /// `fetch` made over it. Only what the harness's requests use is re-expressed: `open`, `setRequestHeader`,
    /// `withCredentials` (posted, unused natively — `NSURLSession` sends the native cookies whatever it says),
    /// `send`, the `load`/`error`/`loadend`/`readystatechange` events, `status`, `responseURL`, `responseText`.
    static func ajaxHookScript(_ version: Version) -> String {
        let fetchHook = """
                window.fetch = function (resource, init) {
                    init = init || {};
                    return new Promise(function (resolve, reject) {
                        var xhr = new window.XMLHttpRequest();
                        xhr.open(init.method || 'GET', String(resource && resource.url ? resource.url : resource));
                        xhr.withCredentials = init.credentials === 'include';
                        var headers = init.headers || [];
                        if (Array.isArray(headers)) headers.forEach(function (pair) { xhr.setRequestHeader(pair[0], pair[1]); });
                        else Object.keys(headers).forEach(function (name) { xhr.setRequestHeader(name, headers[name]); });
                        xhr.onload = function () {
                            resolve({ status: xhr.status, ok: xhr.status >= 200 && xhr.status < 300, url: xhr.responseURL,
                                      text: function () { return Promise.resolve(xhr.responseText); } });
                        };
                        xhr.onerror = function () { reject(new TypeError('Network request failed')); };
                        xhr.send(init.body === undefined ? null : init.body);
                    });
                };
            """
        return """
            (function () {
                var post = function (module, method, data) {
                    window.webkit.messageHandlers.\(messageName).postMessage({ module: module, method: method, data: data, callbackId: null });
                };
                var requests = {};
                var nextId = 0;
                var KKXMLHttpRequest = function () {
                    this.readyState = 0; this.status = 0; this.responseURL = ''; this.responseText = ''; this.withCredentials = false;
                    this._listeners = {}; this._headers = [];
                };
                KKXMLHttpRequest.prototype.addEventListener = function (type, listener) {
                    (this._listeners[type] = this._listeners[type] || []).push(listener);
                };
                KKXMLHttpRequest.prototype._fire = function (type) {
                    var self = this;
                    (this._listeners[type] || []).forEach(function (listener) { listener.call(self, { type: type, target: self }); });
                    if (typeof this['on' + type] === 'function') this['on' + type]({ type: type, target: this });
                };
                KKXMLHttpRequest.prototype.open = function (method, url) {
                    this._method = String(method).toUpperCase(); this._url = String(url); this.readyState = 1;
                    this._fire('readystatechange');
                };
                KKXMLHttpRequest.prototype.setRequestHeader = function (name, value) { this._headers.push([String(name), String(value)]); };
                KKXMLHttpRequest.prototype.getAllResponseHeaders = function () {
                    return (this._responseHeaders || []).map(function (pair) { return pair[0] + ': ' + pair[1] + '\\r\\n'; }).join('');
                };
                KKXMLHttpRequest.prototype.abort = function () {};
                KKXMLHttpRequest.prototype.send = function (body) {
                    var id = String(++nextId);
                    requests[id] = this;
                    post('ajax', 'send', { id: id, method: this._method, url: this._url, headers: this._headers,
                                           withCredentials: this.withCredentials, body: body === undefined || body === null ? null : String(body) });
                };
                window._KKJSBridgeXHR = {
                    setProperties: function (id, ok, status, url, headers, text) {
                        var xhr = requests[id];
                        if (!xhr) return;
                        delete requests[id];
                        xhr.readyState = 4; xhr.status = ok ? status : 0; xhr.responseURL = url; xhr._responseHeaders = headers;
                        xhr.responseText = text;
                        xhr._fire('readystatechange'); xhr._fire(ok ? 'load' : 'error'); xhr._fire('loadend');
                    }
                };
                window.XMLHttpRequest = KKXMLHttpRequest;
            \(version == .v1_0_9 ? "" : fetchHook)
            })();
            """
    }

    /// `KKJSBridgeXMLHttpRequest` `send`: the page's request by the native HTTP stack, its answer evaluated in the page.
    func ajaxSend(_ data: [String: Any], app: StrategyContext) {
        guard let id = data["id"] as? String, let text = data["url"] as? String,
              let url = URL(string: text, relativeTo: webView?.url)?.absoluteURL
        else { return app.log("\(name): ajax send without a request id or URL") }
        var request = WebRequest(url: url, httpMethod: data["method"] as? String ?? "GET")
        for pair in data["headers"] as? [[Any]] ?? [] {
            if pair.count == 2, let field = pair[0] as? String, let value = pair[1] as? String {
                request.setValue(value, forHTTPHeaderField: field)
            }
        }
        if let body = data["body"] as? String { request.httpBody = Data(body.utf8) }
        if version == .v1_3_9 { syncRequestCookie(&request, app: app) }
        app.log("\(name): ajax hook: \(request.httpMethod) \(url) by NSURLSession (the native store's cookies)")
        app.urlSession.dataTask(with: request) { [weak self] result in
            guard let self else { return }
            let arguments: [Any]
            switch result {
            case .success(let answer):
                let headers = answer.response.headerFields.map { [$0.name.lowercased(), $0.value] }
                arguments = [id, true, answer.response.statusCode, answer.response.url.absoluteString, headers, answer.body]
            case .failure(let error):
                app.log("\(name): ajax hook: \(url) failed: \(error.message)")
                arguments = [id, false, 0, url.absoluteString, [[String]](), ""]
            }
            let json = (try? JSONSerialization.data(withJSONObject: arguments, options: [.fragmentsAllowed]))
                .map { String(decoding: $0, as: UTF8.self) } ?? "[]"
            webView?.evaluateJavaScript("window._KKJSBridgeXHR.setProperties.apply(null, \(json))") { _, error in
                if let error { app.log("\(self.name): ajax hook: the answer did not reach the page: \(error)") }
            }
        }
    }

    /// `-[KKJSBridgeModuleCookie cookie:params:responseCallback:]`: the URL's native cookies as a `Cookie` header.
    func nativeCookie(for urlString: String?, app: StrategyContext) -> String {
        guard let urlString, let url = URL(string: urlString) else { return "" }
        let cookies = app.cookieStorage.cookies(for: url)
        return cookies.isEmpty ? "" : CookieHeaders.requestHeaderValue(with: cookies) ?? ""
    }
}
