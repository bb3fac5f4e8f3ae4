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
            var xhrPrototype = window.XMLHttpRequest.prototype;
            win.CapacitorWebXMLHttpRequest = {
                abort: xhrPrototype.abort, constructor: xhrPrototype.constructor, fullObject: window.XMLHttpRequest,
                getAllResponseHeaders: xhrPrototype.getAllResponseHeaders, getResponseHeader: xhrPrototype.getResponseHeader,
                open: xhrPrototype.open, prototype: xhrPrototype, send: xhrPrototype.send, setRequestHeader: xhrPrototype.setRequestHeader,
            };
            if (prompt(JSON.stringify({ type: 'CapacitorHttp' })) === 'true') {
        \(fetchPatch(version))
        \(version >= .v6_0_0 ? xhrPatch6 : xhrPatch(version))
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

    /// The `fetch` patch (4.3.0–5.7.0, as of 4.6.0 for 4.6.0–5.7.0: the later changes, listed in `CapacitorCookies`, move no cookie of a fetch of a URL string): every request to a URL the version does not leave to the web view (4.3.0:
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

    /// The `XMLHttpRequest` patch (4.3.0–5.7.0, as of 4.6.0 for 4.6.0–5.7.0), on the class's prototype: `open` makes the instance's state its own
    /// (`readyState` an accessor that dispatches `readystatechange`), `send` posts `CapacitorHttp.request` with the
    /// URL, method, body and the headers set, and dispatches `load` (or `error`) with the plugin's answer.
    /// `withCredentials` is never read: the request is URLSession's, with the native store's cookies. From 4.6.0 a
    /// URL that is not `http:`/`https:` (a relative one included) is left to the web view's own XHR.
    private static func xhrPatch(_ version: Version) -> String {
        let leftToWebView =
            version < .v4_6_0 ? "false" : "!(url != null && (String(url).startsWith('http:') || String(url).startsWith('https:')))"
        return """
                    var web = win.CapacitorWebXMLHttpRequest;
                    var leftToWebView = function (url) { return \(leftToWebView); };
                    var addEventListeners = function () {
                        var xhr = this;
                        ['abort', 'error', 'load', 'loadend', 'loadstart', 'readystatechange', 'timeout'].forEach(function (type) {
                            xhr.addEventListener(type, function () { if (typeof this['on' + type] === 'function') this['on' + type](); });
                        });
                    };
                    var finish = function (xhr, type, status, headers, data, url) {
                        xhr.dispatchEvent(new Event('loadstart'));
                        xhr._headers = headers;
                        xhr.status = status;
                        xhr.response = data;
                        xhr.responseText = typeof data === 'string' ? data : JSON.stringify(data);
                        xhr.responseURL = url;
                        xhr.readyState = 4;
                        xhr.dispatchEvent(new Event(type));
                        xhr.dispatchEvent(new Event('loadend'));
                    };
                    window.XMLHttpRequest.prototype.abort = function () {
                        if (leftToWebView(this._url)) return web.abort.call(this);
                        this.readyState = 0;
                        this.dispatchEvent(new Event('abort'));
                        this.dispatchEvent(new Event('loadend'));
                    };
                    window.XMLHttpRequest.prototype.open = function (method, url) {
                        this._url = url;
                        if (leftToWebView(url)) return web.open.call(this, method, url);
                        Object.defineProperties(this, {
                            _headers: { value: {}, writable: true },
                            readyState: {
                                get: function () { return this._readyState ?? 0; },
                                set: function (value) { this._readyState = value; this.dispatchEvent(new Event('readystatechange')); },
                            },
                            response: { value: '', writable: true }, responseText: { value: '', writable: true },
                            responseURL: { value: '', writable: true }, status: { value: 0, writable: true },
                        });
                        addEventListeners.call(this);
                        this._method = method;
                        this.readyState = 1;
                    };
                    window.XMLHttpRequest.prototype.setRequestHeader = function (header, value) {
                        if (leftToWebView(this._url)) return web.setRequestHeader.call(this, header, value);
                        this._headers[header] = value;
                    };
                    window.XMLHttpRequest.prototype.send = function (body) {
                        if (leftToWebView(this._url)) return web.send.call(this, body);
                        var xhr = this;
                        try {
                            this.readyState = 2;
                            cap.nativePromise('CapacitorHttp', 'request', {
                                url: this._url, method: this._method, data: body !== null ? body : undefined, headers: this._headers,
                            }).then(function (answer) {
                                if (xhr.readyState == 2) finish(xhr, 'load', answer.status, answer.headers, answer.data, answer.url);
                            }).catch(function (error) {
                                finish(xhr, 'error', error && error.status, error && error.headers, error && error.data, error && error.url);
                            });
                        } catch (error) {
                            finish(xhr, 'error', 500, {}, error, this._url);
                        }
                    };
                    window.XMLHttpRequest.prototype.getAllResponseHeaders = function () {
                        var text = '';
                        for (var key in this._headers) if (key != 'Set-Cookie') text += key + ': ' + this._headers[key] + '\\r\\n';
                        return text;
                    };
                    window.XMLHttpRequest.prototype.getResponseHeader = function (name) { return this._headers[name]; };
        """
    }

    /// 6.0.0's patch: `window.XMLHttpRequest` becomes a function that makes the web view's own XHR and (again, at
    /// every construction) patches its prototype. GET/HEAD/OPTIONS/TRACE open the web view's XHR at `createProxyUrl`
    /// (the app's scheme, as the fetch patch does); other methods go to the plugin, their events deferred with
    /// `setTimeout`. A URL already relative or proxied stays with the web view's XHR. `withCredentials` is not read.
    private static let xhrPatch6 = """
                    var web = win.CapacitorWebXMLHttpRequest;
                    var isRelativeOrProxyUrl = function (url) {
                        return !url || !(url.startsWith('http:') || url.startsWith('https:'))
                            || url.indexOf('/_capacitor_http_interceptor_') > -1 || url.indexOf('/_capacitor_https_interceptor_') > -1;
                    };
                    var later = function (xhr, types) {
                        setTimeout(function () { types.forEach(function (type) { xhr.dispatchEvent(new Event(type)); }); });
                    };
                    var answered = function (xhr, type, status, headers, data, url) {
                        xhr.status = status;
                        xhr._headers = headers;
                        xhr.response = type === 'load' && typeof data !== 'string' ? JSON.stringify(data) : data;
                        xhr.responseText = type === 'load' ? data : JSON.stringify(data);
                        xhr.responseURL = url;
                        xhr.readyState = 4;
                        later(xhr, [type, 'loadend']);
                    };
                    window.XMLHttpRequest = function () {
                        var xhr = new web.constructor();
                        Object.defineProperties(xhr, {
                            _headers: { value: {}, writable: true },
                            _method: { value: xhr.method, writable: true },
                            readyState: {
                                get: function () { return this._readyState ?? 0; },
                                set: function (value) {
                                    this._readyState = value;
                                    var self = this;
                                    setTimeout(function () { self.dispatchEvent(new Event('readystatechange')); });
                                },
                            },
                        });
                        xhr.readyState = 0;
                        var prototype = web.prototype;
                        prototype.abort = function () {
                            if (isRelativeOrProxyUrl(this._url)) return web.abort.call(this);
                            this.readyState = 0;
                            later(this, ['abort', 'loadend']);
                        };
                        prototype.open = function (method, url) {
                            this._method = method.toLocaleUpperCase();
                            this._url = url;
                            if (!this._method || ['GET', 'HEAD', 'OPTIONS', 'TRACE'].indexOf(this._method) > -1) {
                                if (isRelativeOrProxyUrl(url)) return web.open.call(this, method, url);
                                this._url = createProxyUrl(this._url);
                                return web.open.call(this, method, this._url);
                            }
                            later(this, ['loadstart']);
                            this.readyState = 1;
                        };
                        prototype.setRequestHeader = function (header, value) {
                            if (isRelativeOrProxyUrl(this._url)) return web.setRequestHeader.call(this, header, value);
                            this._headers[header] = value;
                        };
                        prototype.send = function (body) {
                            if (isRelativeOrProxyUrl(this._url)) return web.send.call(this, body);
                            var self = this;
                            try {
                                this.readyState = 2;
                                Object.defineProperties(this, {
                                    response: { value: '', writable: true }, responseText: { value: '', writable: true },
                                    responseURL: { value: '', writable: true }, status: { value: 0, writable: true },
                                });
                                var headers = this._headers != null && Object.keys(this._headers).length > 0 ? this._headers : undefined;
                                cap.nativePromise('CapacitorHttp', 'request', {
                                    url: this._url, method: this._method, data: body !== null && body !== undefined ? String(body) : undefined,
                                    headers: headers || {}, dataType: 'text',
                                }).then(function (answer) {
                                    if (self.readyState == 2) answered(self, 'load', answer.status, answer.headers, answer.data, answer.url);
                                }).catch(function (error) {
                                    answered(self, 'error', error && error.status, error && error.headers, error && error.data, error && error.url);
                                });
                            } catch (error) {
                                answered(this, 'error', 500, {}, String(error), this._url);
                            }
                        };
                        prototype.getAllResponseHeaders = function () {
                            if (isRelativeOrProxyUrl(this._url)) return web.getAllResponseHeaders.call(this);
                            var text = '';
                            for (var key in this._headers) if (key != 'Set-Cookie') text += key + ': ' + this._headers[key] + '\\r\\n';
                            return text;
                        };
                        prototype.getResponseHeader = function (name) {
                            if (isRelativeOrProxyUrl(this._url)) return web.getResponseHeader.call(this, name);
                            return this._headers[name];
                        };
                        return xhr;
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
