extension PageJavaScript {
    /// The page's environment, installed once per context: a function of the host object (``PageJavaScript/Host``)
    /// that defines the browser globals cookie code uses, shaped as in a browser so that code which patches them
    /// works — `cookie` is an accessor of `Document.prototype` (Capacitor redefines it on `document` with
    /// `Object.defineProperty`), `window` is the global object, `Date()` and `Date.now()` read the virtual clock.
    /// `fetch` is the engine's (``PageJavaScript/Host/fetch``), with the parts of `Headers`, `Request` and
    /// `Response` a bridge that replaces `window.fetch` uses; its response has no body. `XMLHttpRequest` (with the
    /// `Event` and `EventTarget` it dispatches) goes through the same engine fetch, mode cors, credentials by
    /// `withCredentials`, so a bridge that patches its prototype or replaces the class works as in a browser;
    /// `setTimeout` runs on the virtual clock. `location` navigates (assign, replace, reload),
    /// `history.pushState`/`replaceState` change the page's URL and `window.open` asks the app for a window, each
    /// through the engine. Browser APIs the simulated page does not implement (intervals, history traversal) mark
    /// the script unsupported rather than doing nothing. The function returns what only the engine calls (see
    /// ``PageJavaScript/callRequest(kind:url:initJSON:completion:)``).
    static let environment = #"""
        (function (host) {
            'use strict';
            const global = globalThis;
            const hidden = (object, name, value) =>
                Object.defineProperty(object, name, { value, writable: true, configurable: true, enumerable: false });

            const url = host.url();
            const unsupported = (what) => function () { host.unsupported(what); throw new Error(what + ' is not implemented by the simulated engine'); };

            // A URL as the page resolves it against its current URL (which pushState and replaceState change).
            const resolveURL = (value) => {
                const text = String(value);
                if (/^[a-z][a-z0-9+.-]*:/i.test(text)) return text;
                if (text.startsWith('//')) return parts.protocol + text;
                if (text.startsWith('/')) return parts.origin + text;
                if (text.startsWith('?')) return parts.origin + parts.pathname + text;
                if (text.startsWith('#')) return parts.origin + parts.pathname + parts.search + text;
                return parts.origin + parts.pathname.replace(/[^\/]*$/, '') + text;
            };
            const parse = (href) => {
                const match = /^([a-z][a-z0-9+.-]*:)(?:\/\/([^\/?#:]*)(?::(\d+))?)?([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(href) || [];
                const fields = {
                    href, protocol: match[1] || '', hostname: match[2] || '', port: match[3] || '',
                    host: (match[2] || '') + (match[3] ? ':' + match[3] : ''),
                    pathname: match[4] || (match[2] !== undefined ? '/' : href.replace(/^[^:]*:/, '')),
                    search: match[5] || '', hash: match[6] || '',
                };
                fields.origin = fields.hostname ? fields.protocol + '//' + fields.host : 'null';
                return fields;
            };
            const parts = parse(url);

            // Navigating by script (HTML's navigate): the engine starts the navigation after the script's turn;
            // `replace` and `reload` replace the current history entry instead of adding one.
            const navigate = (how) => (target) => {
                const href = how === 'reload' ? parts.href : resolveURL(target);
                if (how !== 'reload' && href.includes('#') && href.split('#')[0] === parts.href.split('#')[0]) {
                    return unsupported('a fragment navigation')();
                }
                host.navigate(href, how);
            };
            // The page's one location object, made at its first use (`location`, `document.location` are its only
            // ways in): most pages never touch it, and its accessors cost every page (docs/performance.md).
            let location = null;
            const pageLocation = () => {
                if (location) return location;
                function Location() {}
                location = new Location();
                for (const name of Object.keys(parts)) {
                    Object.defineProperty(location, name, {
                        get: () => parts[name],
                        set: name === 'href' ? navigate('assign') : unsupported('navigating by assigning location.' + name),
                        enumerable: true,
                    });
                }
                hidden(Location.prototype, 'toString', function () { return parts.href; });
                hidden(Location.prototype, 'assign', function assign(target) { navigate('assign')(target); });
                hidden(Location.prototype, 'replace', function replace(target) { navigate('replace')(target); });
                hidden(Location.prototype, 'reload', function reload() { navigate('reload')(); });
                return location;
            };

            // pushState and replaceState: no request; the page's URL (location, the base for relative URLs, the
            // history entry) changes, its cookie URL (the document's creation URL) does not (measured: engines.md).
            function History() {}
            const history = new History();
            let historyState = null;
            const changeURL = (replace) => function (state, title, target) {
                const href = target === undefined || target === null ? parts.href : resolveURL(target);
                const next = parse(href);
                if (next.origin !== parts.origin) {
                    throw new Error('SecurityError: ' + (replace ? 'replaceState' : 'pushState') + ' to another origin: ' + href);
                }
                historyState = state === undefined ? null : state;
                Object.assign(parts, next);
                host.changeURL(href, replace ? 'replace' : 'push');
            };
            hidden(History.prototype, 'pushState', changeURL(false));
            hidden(History.prototype, 'replaceState', changeURL(true));
            Object.defineProperty(History.prototype, 'state', { get: () => historyState, enumerable: true, configurable: true });
            for (const name of ['back', 'forward', 'go']) hidden(History.prototype, name, unsupported('history.' + name));

            function Document() {}
            Object.defineProperty(Document.prototype, 'cookie', {
                get() { return host.readCookie(); },
                set(value) { host.writeCookie(String(value)); },
                enumerable: true, configurable: true,
            });
            Object.defineProperty(Document.prototype, 'domain', {
                get() { return parts.hostname; }, set() {}, enumerable: true, configurable: true,
            });
            Object.defineProperty(Document.prototype, 'URL', { get() { return parts.href; }, enumerable: true, configurable: true });
            Object.defineProperty(Document.prototype, 'location', { get() { return pageLocation(); }, enumerable: true, configurable: true });
            const document = new Document();

            const RealDate = Date;
            const VirtualDate = function Date(...args) {
                if (!new.target) return new RealDate(host.now()).toString();
                return Reflect.construct(RealDate, args.length ? args : [host.now()], new.target);
            };
            VirtualDate.prototype = RealDate.prototype;
            hidden(RealDate.prototype, 'constructor', VirtualDate);
            hidden(VirtualDate, 'now', function now() { return host.now(); });
            hidden(VirtualDate, 'parse', RealDate.parse);
            hidden(VirtualDate, 'UTC', RealDate.UTC);

            const messageHandlers = {};
            const handlers = new Proxy(messageHandlers, {
                get(target, name) {
                    if (typeof name !== 'string' || !host.messageHandlerNames().split('\n').includes(name)) return undefined;
                    return {
                        postMessage(body) {
                            let json;
                            try { json = JSON.stringify(body === undefined ? null : body); } catch (e) { json = undefined; }
                            host.postMessage(name, json);
                        },
                    };
                },
                has(target, name) { return host.messageHandlerNames().split('\n').includes(name); },
            });

            hidden(global, 'window', global);
            hidden(global, 'self', global);
            hidden(global, 'document', document);
            hidden(global, 'Document', Document);
            hidden(global, 'Date', VirtualDate);
            Object.defineProperty(global, 'location', {
                get: () => pageLocation(), set: navigate('assign'), configurable: true,
            });
            hidden(global, 'history', history);
            hidden(global, 'History', History);
            // window.open: the app's WKUIDelegate is asked for a web view (none: nothing opens); the page gets null.
            hidden(global, 'open', function open(target) {
                host.openWindow(resolveURL(target === undefined ? 'about:blank' : target));
                return null;
            });
            hidden(global, 'webkit', { messageHandlers: handlers });
            hidden(global, 'console', {
                log: (...values) => host.log(values.map(String).join(' ')),
                info: (...values) => host.log(values.map(String).join(' ')),
                warn: (...values) => host.log(values.map(String).join(' ')),
                error: (...values) => host.log(values.map(String).join(' ')),
            });
            hidden(global, 'prompt', function prompt(message, defaultText) {
                return host.prompt(message === undefined ? '' : String(message),
                                   defaultText === undefined ? undefined : String(defaultText));
            });
            for (const name of ['setInterval', 'requestAnimationFrame', 'alert', 'confirm']) {
                hidden(global, name, unsupported(name));
            }
            // One-shot timers on the virtual clock (bridges defer their XHR events with setTimeout).
            const timers = new Map();
            let nextTimer = 0;
            hidden(global, 'setTimeout', function setTimeout(callback, delay, ...args) {
                const id = ++nextTimer;
                if (typeof callback !== 'function') { host.unsupported('setTimeout with a string'); throw new Error('setTimeout with a string is not implemented by the simulated engine'); }
                timers.set(id, () => callback(...args));
                host.setTimer(String(id), String(Number(delay) || 0));
                return id;
            });
            hidden(global, 'clearTimeout', function clearTimeout(id) { timers.delete(id); });

            // The network classes are made at a script's first use of one of them (most pages never touch them, and
            // they are a quarter of a new page's environment): until then each name is an accessor on the global
            // that makes them all and puts them in its place, so reading, replacing or patching them behaves as on
            // a page where they were there from the start.
            const networkNames = ['Headers', 'Request', 'Response', 'fetch', 'Event', 'EventTarget', 'XMLHttpRequest'];
            let networkMade = null;
            const engineFetches = new Map();
            let nextEngineFetch = 0;
            function network() {
                if (networkMade) return networkMade;
                // fetch and the classes around it, to the extent a bridge that replaces window.fetch uses them.
                class Headers {
                    constructor(init) {
                        hidden(this, '_pairs', []);
                        const pairs = init instanceof Headers ? init._pairs
                            : Array.isArray(init) ? init : Object.entries(init || {});
                        for (const [name, value] of pairs) this.append(name, value);
                    }
                    append(name, value) { this._pairs.push([String(name).toLowerCase(), String(value)]); }
                    set(name, value) { this.delete(name); this.append(name, value); }
                    delete(name) { const key = String(name).toLowerCase(); this._pairs = this._pairs.filter(([n]) => n !== key); }
                    get(name) {
                        const key = String(name).toLowerCase();
                        const values = this._pairs.filter(([n]) => n === key).map(([, v]) => v);
                        return values.length ? values.join(', ') : null;
                    }
                    has(name) { return this.get(name) !== null; }
                    entries() { return this._pairs.map((pair) => pair.slice())[Symbol.iterator](); }
                    forEach(callback) { for (const [name, value] of this._pairs) callback(value, name, this); }
                    [Symbol.iterator]() { return this.entries(); }
                }
                class Request {
                    constructor(resource, init) {
                        const base = resource instanceof Request ? resource : null;
                        init = init || {};
                        this.url = resolveURL(base ? base.url : resource);
                        this.method = String(init.method || (base ? base.method : 'GET')).toUpperCase();
                        this.headers = new Headers(init.headers || (base ? base.headers : undefined));
                        this.credentials = init.credentials || (base ? base.credentials : 'same-origin');
                        this.mode = init.mode || (base ? base.mode : 'cors');
                        hidden(this, '_body', init.body !== undefined && init.body !== null ? String(init.body) : (base ? base._body : null));
                    }
                    get body() { return this._body; }
                }
                class Response {
                    constructor(body, init) {
                        init = init || {};
                        this.status = init.status === undefined ? 200 : init.status;
                        this.ok = this.status >= 200 && this.status < 300;
                        this.headers = new Headers(init.headers);
                        this.url = '';
                        hidden(this, '_body', body === undefined || body === null ? '' : String(body));
                    }
                    text() { return Promise.resolve(this._body); }
                    json() { return Promise.resolve(JSON.parse(this._body)); }
                }
                function fetch(resource, init) {
                    let request;
                    try { request = new Request(resource, init); } catch (error) { return Promise.reject(error); }
                    return new Promise((resolve, reject) => {
                        const id = String(++nextEngineFetch);
                        engineFetches.set(id, { resolve, reject });
                        host.fetch(id, JSON.stringify({
                            url: request.url, method: request.method, headers: request.headers._pairs,
                            body: request._body, credentials: request.credentials, mode: request.mode,
                        }));
                    });
                }

                // XMLHttpRequest and the events it dispatches, to the extent a bridge that patches it uses them.
                class Event {
                    constructor(type) { this.type = String(type); this.target = null; }
                }
                class EventTarget {
                    addEventListener(type, listener) {
                        if (!this._listeners) hidden(this, '_listeners', {});
                        (this._listeners[type] = this._listeners[type] || []).push(listener);
                    }
                    removeEventListener(type, listener) {
                        const list = this._listeners && this._listeners[type];
                        if (list) this._listeners[type] = list.filter((l) => l !== listener);
                    }
                    dispatchEvent(event) {
                        event.target = this;
                        for (const listener of ((this._listeners && this._listeners[event.type]) || []).slice()) listener.call(this, event);
                        const handler = this['on' + event.type];
                        if (typeof handler === 'function') handler.call(this, event);
                        return true;
                    }
                }
                class XMLHttpRequest extends EventTarget {
                    constructor() {
                        super();
                        Object.assign(this, { readyState: 0, status: 0, statusText: '', response: '', responseText: '', responseURL: '', withCredentials: false });
                        hidden(this, '_request', null);
                        hidden(this, '_responseHeaders', []);
                    }
                    open(method, url) {
                        this._request = { method: String(method).toUpperCase(), url: resolveURL(url), headers: [] };
                        this.readyState = 1;
                        this.dispatchEvent(new Event('readystatechange'));
                    }
                    setRequestHeader(name, value) { this._request.headers.push([String(name), String(value)]); }
                    send(body) {
                        const request = this._request;
                        const finish = (type) => {
                            this.readyState = 4;
                            this.dispatchEvent(new Event('readystatechange'));
                            this.dispatchEvent(new Event(type));
                            this.dispatchEvent(new Event('loadend'));
                        };
                        new Promise((resolve, reject) => {
                            const id = String(++nextEngineFetch);
                            engineFetches.set(id, { resolve, reject });
                            host.fetch(id, JSON.stringify({
                                url: request.url, method: request.method, headers: request.headers,
                                body: body === undefined || body === null ? null : String(body),
                                credentials: this.withCredentials ? 'include' : 'same-origin', mode: 'cors',
                            }));
                        }).then((response) => {
                            this.status = response.status;
                            this.responseURL = response.url;
                            this._responseHeaders = response.headers._pairs;
                            finish('load');
                        }, () => { this.status = 0; finish('error'); });
                    }
                    abort() { this.readyState = 0; this.dispatchEvent(new Event('abort')); }
                    getAllResponseHeaders() { return this._responseHeaders.map(([n, v]) => n + ': ' + v + '\r\n').join(''); }
                    getResponseHeader(name) {
                        const values = this._responseHeaders.filter(([n]) => n === String(name).toLowerCase()).map(([, v]) => v);
                        return values.length ? values.join(', ') : null;
                    }
                }
                const xhrMethods = ['open', 'send', 'setRequestHeader'].map((name) => XMLHttpRequest.prototype[name]);
                networkMade = { Headers, Request, Response, fetch, Event, EventTarget, XMLHttpRequest, xhrMethods };
                // Only a name still holding its first-use accessor: one the page redefined or deleted first stays
                // as the page left it.
                for (const name of networkNames) {
                    const now = Object.getOwnPropertyDescriptor(global, name);
                    if (now && now.get === networkAccessors.get(name)) hidden(global, name, networkMade[name]);
                }
                return networkMade;
            }
            const networkAccessors = new Map();
            for (const name of networkNames) {
                const get = function () { return network()[name]; };
                networkAccessors.set(name, get);
                Object.defineProperty(global, name, {
                    get, set(value) { network(); global[name] = value; },
                    enumerable: false, configurable: true,
                });
            }

            // The harness's XHR, made the way a page script would: through whatever XMLHttpRequest is now.
            const xhrRequest = (url, init) => new Promise((resolve, reject) => {
                const xhr = new global.XMLHttpRequest();
                xhr.open(init.method || 'GET', url);
                xhr.withCredentials = init.credentials === 'include';
                for (const [name, value] of init.headers || []) xhr.setRequestHeader(name, value);
                xhr.onload = () => resolve({ status: xhr.status, url: xhr.responseURL || url });
                xhr.onerror = () => reject(new TypeError('Load failed'));
                xhr.send(init.body === undefined ? null : init.body);
            });

            return {
                traversed(href) {
                    Object.assign(parts, parse(href));
                    historyState = null;
                    if (typeof global.onpopstate === 'function') global.onpopstate({ type: 'popstate', state: null });
                },
                fireTimer(id) {
                    const callback = timers.get(Number(id));
                    if (!callback) return;
                    timers.delete(Number(id));
                    callback();
                },
                // Nothing is patched on a page whose script never touched the network classes.
                fetchIsPatched() { return networkMade !== null && global.fetch !== networkMade.fetch; },
                xhrIsPatched() {
                    if (!networkMade) return false;
                    const { XMLHttpRequest, xhrMethods } = networkMade;
                    return global.XMLHttpRequest !== XMLHttpRequest
                        || ['open', 'send', 'setRequestHeader'].some((name, i) => XMLHttpRequest.prototype[name] !== xhrMethods[i]);
                },
                settleFetch(id, ok, status, url, headers) {
                    const call = engineFetches.get(id);
                    if (!call) return;
                    engineFetches.delete(id);
                    if (!ok) return call.reject(new TypeError(String(status)));
                    const response = new (network().Response)('', { status, headers: JSON.parse(headers) });
                    Object.defineProperty(response, 'url', { value: url });
                    call.resolve(response);
                },
                callRequest(id, kind, url, init) {
                    Promise.resolve()
                        .then(() => kind === 'xhr' ? xhrRequest(url, JSON.parse(init)) : global.fetch(url, JSON.parse(init)))
                        .then((response) => host.fetchSettled(id, 'ok', String(response && response.status), String(response && response.url || url)),
                              (error) => host.fetchSettled(id, 'error', String(error), url));
                },
            };
        })
        """#
}
