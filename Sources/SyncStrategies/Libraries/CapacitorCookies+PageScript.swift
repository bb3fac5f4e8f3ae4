extension CapacitorCookies {
    /// The page side: `native-bridge.ts`'s platform check and `document.cookie` patch for `version`, re-expressed
    /// (the Android branches and the rest of the bridge left out), run at document start in the main frame.
    ///
    /// As in the original, the accessor is defined on `document` itself, over `Document.prototype`'s, only when the
    /// app answers the `CapacitorCookies.isEnabled` prompt with `'true'`; the getter returns the prompt's answer as
    /// is (`null` when nobody answers).
    public static func pageScript(_ version: Version) -> String {
        """
        (function () {
            'use strict';
            var win = window;
            var platform = win.webkit && win.webkit.messageHandlers && win.webkit.messageHandlers.bridge ? 'ios' : 'web';
            if (platform !== 'ios') return;
        \(bridge)
            win.CapacitorCookiesDescriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
            if (prompt(JSON.stringify({ type: 'CapacitorCookies.isEnabled' })) === 'true') {
                \(helpers(version))
                Object.defineProperty(document, 'cookie', {
                    get: function () {
                        return prompt(JSON.stringify({ type: '\(version == .v4_3_0 ? "CapacitorCookies" : "CapacitorCookies.get")' }));
                    },
                    set: function (val) {
        \(setter(version))
                    },
                });
            }
            win.CapacitorWebFetch = window.fetch;
            if (prompt(JSON.stringify({ type: 'CapacitorHttp' })) === 'true') {
        \(fetchPatch(version))
            }
        })();
        """
    }

    /// `cap.nativePromise` / `cap.fromNative`: a plugin call posted to the `bridge` handler with a callback id, its
    /// promise settled when the app evaluates `window.Capacitor.fromNative(result)`.
    private static let bridge = """
            var cap = win.Capacitor = win.Capacitor || {};
            var callbacks = {};
            var callbackIdCount = 0;
            cap.nativePromise = function (pluginId, methodName, options) {
                return new Promise(function (resolve, reject) {
                    var callbackId = String(++callbackIdCount);
                    callbacks[callbackId] = { resolve: resolve, reject: reject };
                    win.webkit.messageHandlers.bridge.postMessage({
                        callbackId: callbackId, pluginId: pluginId, methodName: methodName, options: options || {}, type: 'message',
                    });
                });
            };
            cap.fromNative = function (result) {
                var stored = callbacks[result.callbackId];
                if (!stored) return;
                delete callbacks[result.callbackId];
                if (result.success) stored.resolve(result.data); else stored.reject(result.error);
            };
        """

    /// The `fetch` patch (4.3.0–5.7.8): every request to a URL the version does not leave to the web view (4.3.0:
    /// `data:` and `blob:`; 4.6.0: anything not `http:`/`https:`) goes to the `CapacitorHttp` plugin's `request`,
    /// and its answer becomes a `Response`.
    private static func fetchPatch(_ version: Version) -> String {
        if version >= .v6_0_0 { return fetchPatch6 }
        let skip =
            version < .v4_6_0
            ? "resource.toString().startsWith('data:') || resource.toString().startsWith('blob:')"
            : "!(resource.toString().startsWith('http:') || resource.toString().startsWith('https:'))"
        return """
                    window.fetch = async function (resource, options) {
                        if (\(skip)) return win.CapacitorWebFetch(resource, options);
                        var nativeResponse = await cap.nativePromise('CapacitorHttp', 'request', {
                            url: resource,
                            method: options && options.method ? options.method : undefined,
                            data: options && options.body ? options.body : undefined,
                            headers: options && options.headers ? options.headers : undefined,
                        });
                        var data = typeof nativeResponse.data === 'string' ? nativeResponse.data : JSON.stringify(nativeResponse.data);
                        return new Response(data, { headers: nativeResponse.headers, status: nativeResponse.status });
                    };
        """
    }

    /// 6.0.0's patch: a request to the server URL goes to the web view's fetch as is; GET/HEAD/OPTIONS/TRACE go to it
    /// at `createProxyUrl` (the app's local scheme, `/_capacitor_http(s)_interceptor_/HOST/PATH?QUERY`); any other
    /// method to the plugin, as before. `cap.getServerUrl()` is `window.WEBVIEW_SERVER_URL`.
    private static let fetchPatch6 = """
                    cap.getServerUrl = function () { return typeof win.WEBVIEW_SERVER_URL === 'string' ? win.WEBVIEW_SERVER_URL : ''; };
                    var createProxyUrl = function (url) {
                        if (!url || !(url.startsWith('http:') || url.startsWith('https:')) || url.indexOf('/_capacitor_http') > -1) return url;
                        var target = /^(https?):\\/\\/([^\\/?#]*)([^?#]*)(\\?[^#]*)?(#.*)?$/.exec(url);
                        var isHttps = target[1] === 'https';
                        return cap.getServerUrl().replace(/\\/$/, '')
                            + (isHttps ? '/_capacitor_https_interceptor_' : '/_capacitor_http_interceptor_')
                            + '/' + encodeURIComponent(target[2]) + (target[3] || '/') + (target[4] || '') + (target[5] || '');
                    };
                    window.fetch = async function (resource, options) {
                        var request = new Request(resource, options);
                        if (request.url.startsWith(cap.getServerUrl() + '/')) return win.CapacitorWebFetch(resource, options);
                        var method = request.method.toLocaleUpperCase();
                        if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || method === 'TRACE') {
                            return await win.CapacitorWebFetch(createProxyUrl(request.url), options);
                        }
                        var nativeResponse = await cap.nativePromise('CapacitorHttp', 'request', {
                            url: request.url, method: method, data: (options && options.body) || request.body || undefined,
                            dataType: 'text', headers: Object.fromEntries(request.headers.entries()),
                        });
                        var data = typeof nativeResponse.data === 'string' ? nativeResponse.data : JSON.stringify(nativeResponse.data);
                        if (nativeResponse.status === 204) data = null;
                        return new Response(data, { headers: nativeResponse.headers, status: nativeResponse.status });
                    };
        """

    /// 4.3.0's `decode` and `cap.toNative` (a `type: 'message'` post to the `bridge` handler); nothing later.
    private static func helpers(_ version: Version) -> String {
        guard version == .v4_3_0 else { return "" }
        return """
            var decode = function (str) { return str.replace(/(%[\\dA-F]{2})+/gi, decodeURIComponent); };
                var callbackId = 0;
                var toNative = function (pluginId, methodName, options) {
                    win.webkit.messageHandlers.bridge.postMessage({
                        callbackId: String(++callbackId), pluginId: pluginId, methodName: methodName, options: options, type: 'message',
                    });
                };
            """
    }

    private static func setter(_ version: Version) -> String {
        switch version {
        case .v4_3_0:
            """
                        var cookiePairs = val.split(';');
                        for (var i = 0; i < cookiePairs.length; i++) {
                            var cookieKey = cookiePairs[i].split('=')[0];
                            var cookieValue = cookiePairs[i].split('=')[1];
                            if (null == cookieValue) continue;
                            toNative('CapacitorCookies', 'setCookie', { key: cookieKey, value: decode(cookieValue) });
                        }
            """
        case .v4_4_0:
            """
                        var cookiePairs = val.split(';');
                        for (var i = 0; i < cookiePairs.length; i++) {
                            var cookieKey = cookiePairs[i].split('=')[0];
                            var cookieValue = cookiePairs[i].split('=')[1];
                            if (null == cookieValue) continue;
                            prompt(JSON.stringify({ type: 'CapacitorCookies.set', key: cookieKey, value: cookieValue }));
                        }
            """
        case .v4_6_0, .v5_0_0, .v5_2_3, .v6_0_0:
            """
                        var cookiePairs = val.split(';');
                        var domainSection = val.toLowerCase().split('domain=')[1];
                        var domain = cookiePairs.length > 1 && domainSection != null && domainSection.length > 0
                            ? domainSection.split(';')[0].trim() : '';
                        prompt(JSON.stringify({ type: 'CapacitorCookies.set', action: val, domain: domain }));
            """
        }
    }
}
