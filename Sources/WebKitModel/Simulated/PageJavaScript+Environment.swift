extension PageJavaScript {
    /// The page's environment, installed once per context: a function of the host object (``PageJavaScript/Host``)
    /// that defines the browser globals cookie code uses, shaped as in a browser so that code which patches them
    /// works — `cookie` is an accessor of `Document.prototype` (Capacitor redefines it on `document` with
    /// `Object.defineProperty`), `window` is the global object, `Date()` and `Date.now()` read the virtual clock.
    /// Browser APIs the simulated page does not implement (`fetch`, XHR, timers, navigating by `location`) mark
    /// the script unsupported rather than doing nothing.
    static let environment = #"""
        (function (host) {
            'use strict';
            const global = globalThis;
            const hidden = (object, name, value) =>
                Object.defineProperty(object, name, { value, writable: true, configurable: true, enumerable: false });

            const url = host.url();
            const parsed = /^([a-z][a-z0-9+.-]*:)(?:\/\/([^\/?#:]*)(?::(\d+))?)?([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(url) || [];
            const unsupported = (what) => function () { host.unsupported(what); throw new Error(what + ' is not implemented by the simulated engine'); };

            function Location() {}
            const location = new Location();
            const parts = {
                href: url, protocol: parsed[1] || '', hostname: parsed[2] || '', port: parsed[3] || '',
                host: (parsed[2] || '') + (parsed[3] ? ':' + parsed[3] : ''),
                pathname: parsed[4] || (parsed[2] !== undefined ? '/' : url.replace(/^[^:]*:/, '')),
                search: parsed[5] || '', hash: parsed[6] || '',
            };
            parts.origin = parts.hostname ? parts.protocol + '//' + parts.host : 'null';
            for (const name of Object.keys(parts)) {
                Object.defineProperty(location, name, {
                    get: () => parts[name], set: unsupported('navigating by assigning location.' + name), enumerable: true,
                });
            }
            hidden(Location.prototype, 'toString', function () { return parts.href; });
            hidden(Location.prototype, 'assign', unsupported('location.assign'));
            hidden(Location.prototype, 'replace', unsupported('location.replace'));
            hidden(Location.prototype, 'reload', unsupported('location.reload'));

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
            Object.defineProperty(Document.prototype, 'location', { get() { return location; }, enumerable: true, configurable: true });
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
                get: () => location, set: unsupported('navigating by assigning window.location'), configurable: true,
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
            for (const name of ['fetch', 'XMLHttpRequest', 'setTimeout', 'setInterval', 'requestAnimationFrame', 'alert', 'confirm', 'open']) {
                hidden(global, name, unsupported(name));
            }
        })
        """#
}
