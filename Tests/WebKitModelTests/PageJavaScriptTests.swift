import Foundation
import HTTPModel
import Testing
import WebKitModel

/// The simulated page's JavaScript in JavaScriptCore: one context per page, the host objects cookie code uses,
/// script message handlers and the prompt panel (issue 20).
@Suite("simulated WebKit: JavaScript in JavaScriptCore")
struct PageJavaScriptTests {
    static func page(_ scripts: [WKUserScript] = []) -> EngineFixture {
        let app = EngineFixture(scripts: scripts)
        app.route("https://app.example.com/home", setCookies: ["theme=dark; Path=/"])
        app.route("https://app.example.com/next")
        app.load("https://app.example.com/home")
        return app
    }

    @Test("a function a document-start script defines is callable by a later evaluateJavaScript of that page only")
    func functionsLiveWithThePage() {
        let script = WKUserScript(
            source: "function setLang(value) { document.cookie = 'lang=' + value + '; path=/'; return document.cookie; }",
            injectionTime: .atDocumentStart, forMainFrameOnly: true)
        let app = Self.page([script])
        #expect(app.evaluate("setLang('de')").value == "theme=dark; lang=de")
        app.load("https://app.example.com/next")
        #expect(app.evaluate("typeof setLang").value == "function", "the next page's user scripts define it again")
        app.webView.configuration.userContentController.removeAllUserScripts()
        app.load("https://app.example.com/home")
        #expect(app.evaluate("typeof setLang").value == "undefined", "a new page is a new context")
    }

    @Test("loops, functions, JSON and string methods run; the value of the last statement is the result")
    func realJavaScript() {
        let app = Self.page()
        let result = app.evaluate("""
            var names = [];
            for (const pair of document.cookie.split('; ')) names.push(pair.split('=')[0]);
            ['a', 'b'].forEach(function (n, i) { document.cookie = n + '=' + (i + 1) + '; path=/'; });
            JSON.stringify({ names: names, now: document.cookie })
            """)
        #expect(result.error == nil)
        #expect(result.value == #"{"names":["theme"],"now":"theme=dark; a=1; b=2"}"#)
    }

    @Test("document.domain and location describe the page; about:blank before any load")
    func locationAndDomain() {
        let app = Self.page()
        #expect(app.evaluate("[document.domain, location.href, location.hostname, location.protocol, location.host, location.pathname].join(' ')").value
            == "app.example.com https://app.example.com/home app.example.com https: app.example.com /home")
        #expect(app.evaluate("window === this && window.document === document").value == "true")
        #expect(EngineFixture().evaluate("location.href + '|' + document.domain").value == "about:blank|")
    }

    /// The location object is made at the page's first use of it (docs/performance.md): one object whichever way
    /// in, with the same fields and methods as when it was made with the page, following pushState after.
    @Test("location, made at first use, is one object with its fields and methods, and follows pushState")
    func locationMadeAtFirstUse() {
        let app = Self.page()
        #expect(app.evaluate("document.location === location && window.location === location").value == "true")
        #expect(app.evaluate("Object.keys(location).join(',')").value
            == "href,protocol,hostname,port,host,pathname,search,hash,origin")
        #expect(app.evaluate("[String(location), typeof location.assign, typeof location.replace, typeof location.reload].join(' ')").value
            == "https://app.example.com/home function function function")
        #expect(app.evaluate("history.pushState(null, '', '/next?x=1'); location.pathname + location.search").value == "/next?x=1")
        let fresh = Self.page()
        #expect(fresh.evaluate("history.pushState(null, '', '/later'); location.href").value == "https://app.example.com/later")
    }

    /// The network classes are made at a script's first use of one of them; a name the page redefined or deleted
    /// before that first use stays as the page left it (the making once put all seven back over the page's own).
    @Test("fetch or XMLHttpRequest redefined or deleted before the network's first use stays the page's")
    func networkMadeAtFirstUseKeepsThePagesOwn() {
        let app = Self.page()
        #expect(app.evaluate("""
            Object.defineProperty(window, 'fetch', { value: function mine() { return 'mine'; }, configurable: true, writable: true });
            delete window.EventTarget;
            [typeof XMLHttpRequest, fetch(), typeof EventTarget, typeof Headers].join(' ')
            """).value == "function mine undefined function")
        let assigned = Self.page()
        #expect(assigned.evaluate("window.XMLHttpRequest = 7; [XMLHttpRequest, typeof fetch].join(' ')").value == "7 function")
    }

    @Test("Date reads the scenario's virtual clock, not the host's")
    func virtualDate() {
        let app = Self.page()
        let start = Int(EngineFixture.start.timeIntervalSince1970 * 1000)
        #expect(app.evaluate("Date.now()").value == "\(start)")
        #expect(app.evaluate("new Date().getTime()").value == "\(start)")
        #expect(app.evaluate("new Date().toUTCString()").value == "Thu, 01 Jan 2026 00:00:00 GMT")
        #expect(app.evaluate("new Date(0).getTime() + ' ' + (new Date() instanceof Date) + ' ' + typeof Date()").value == "0 true string")
        app.clock.advance(by: 86_400)
        #expect(app.evaluate("Date.now()").value == "\(start + 86_400_000)")
    }

    @Test("a patched document.cookie (Capacitor's defineProperty) is what every later script of the page reads")
    func patchedCookieAccessor() {
        let app = Self.page()
        let patch = app.evaluate("""
            const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
            Object.defineProperty(document, 'cookie', {
                get: function () { return 'patched; ' + native.get.call(document); },
                set: function (value) { native.set.call(document, value.toUpperCase()); },
                configurable: true,
            });
            """)
        #expect(patch.error == nil)
        _ = app.evaluate("document.cookie = 'x=y'")
        #expect(app.evaluate("document.cookie").value == "patched; theme=dark; X=Y")
    }

    @Test("a script error or a throw becomes WKErrorJavaScriptExceptionOccurred, not a crash", arguments: [
        "throw new Error('boom')", "notDefined()", "document.cookie = foo", "document.cookie = 'a=1' + ", "'unterminated",
        "window.webkit.messageHandlers.nobody.postMessage('x')",
    ])
    func exceptions(source: String) {
        let app = Self.page()
        let result = app.evaluate(source)
        #expect(result.error?.code == .javaScriptExceptionOccurred)
        #expect(result.value == nil)
    }

    @Test("browser APIs the simulated page lacks are unsupported, even when the script catches the error", arguments: [
        "history.back()", "location.href = '#top'", "try { requestAnimationFrame(function () {}) } catch (e) {} 1", "setInterval(function () {}, 10)",
    ])
    func unsupported(source: String) {
        let app = Self.page()
        #expect(app.evaluate(source).error?.code == .unsupportedJavaScript)
    }

    @Test("the name-guard idiom's names, bound by the fast path, are globals of the page for later scripts")
    func fastPathBindings() {
        let app = Self.page()
        _ = app.evaluate("var names = document.cookie.split('; ').map(function(c) { return c.split('=')[0] } )")
        #expect(app.evaluate("names.join(',') + ' ' + Array.isArray(names)").value == "theme true")
    }

    // MARK: Script message handlers

    final class Recorder: WKScriptMessageHandler {
        var messages: [(name: String, body: Any)] = []
        var onMessage: () -> Void = {}
        func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
            messages.append((message.name, message.body))
            onMessage()
        }
    }

    @Test("postMessage reaches the handler on the main queue after the script returned, body converted")
    func postMessage() throws {
        let app = Self.page()
        let handler = Recorder()
        app.webView.configuration.userContentController.add(handler, name: "bridge")
        var order: [String] = []
        handler.onMessage = { order.append("message, log so far: \(app.log.filter { $0.contains("document.cookie = 'after") }.count)") }
        app.webView.evaluateJavaScript("""
            const bridge = window.webkit.messageHandlers.bridge;
            bridge.postMessage('text'); bridge.postMessage(42); bridge.postMessage({ a: [1, 'b', null], t: true });
            bridge.postMessage([]); bridge.postMessage(null);
            document.cookie = 'after=1';
            'done'
            """) { value, _ in order.append("completion \(value as? String ?? "nil")") }
        #expect(handler.messages.isEmpty, "nothing is delivered before the run loop turns")
        app.settle()
        #expect(order.prefix(1) == ["message, log so far: 1"], "the script had finished when the first message arrived")
        #expect(order.last == "completion done")
        try #require(handler.messages.count == 5)
        #expect(handler.messages.allSatisfy { $0.name == "bridge" })
        #expect(handler.messages[0].body as? String == "text")
        #expect((handler.messages[1].body as? NSNumber)?.intValue == 42)
        let dictionary = try #require(handler.messages[2].body as? [String: Any])
        let array = try #require(dictionary["a"] as? [Any])
        #expect(array.count == 3 && array[1] as? String == "b" && array[2] is NSNull)
        #expect((handler.messages[3].body as? [Any])?.isEmpty == true)
        #expect(handler.messages[4].body is NSNull)
    }

    @Test("a removed handler is gone from the page: posting to it throws")
    func removedHandler() {
        let app = Self.page()
        let handler = Recorder()
        let controller = app.webView.configuration.userContentController
        controller.add(handler, name: "bridge")
        #expect(app.evaluate("'bridge' in window.webkit.messageHandlers").value == "true")
        controller.removeScriptMessageHandler(forName: "bridge")
        #expect(app.evaluate("window.webkit.messageHandlers.bridge.postMessage('x')").error?.code == .javaScriptExceptionOccurred)
        #expect(handler.messages.isEmpty)
    }

    // MARK: fetch

    @Test("a script's fetch is the engine's: cookies by its credentials, the promise settles with the status")
    func scriptFetch() {
        let app = Self.page()
        app.route("https://app.example.com/api", setCookies: ["api=1; Path=/"])
        app.route("https://other.example/api")
        _ = app.evaluate("""
            var seen = [];
            fetch('/api', { method: 'post', body: 'q=1', headers: { 'X-Trace': 't' } })
                .then(function (r) { seen.push(r.status + ' ' + r.ok + ' ' + r.url); });
            fetch('https://other.example/api').then(function (r) { seen.push('other ' + r.status); }, function (e) { seen.push('other ' + e.name); });
            fetch('https://other.example/api', { credentials: 'include' }).then(function (r) { seen.push('include ' + r.status); }, function (e) { seen.push('include ' + e.name); });
            fetch('https://other.example/api', { mode: 'no-cors' }).then(function (r) { seen.push('no-cors ' + r.status); });
            """)
        // Mode cors (the default): the answer has no Access-Control-Allow-Origin, so the page may not read it.
        #expect(app.evaluate("seen.join('|')").value == "200 true https://app.example.com/api|other TypeError|include TypeError|no-cors 200")
        let api = app.network.requests(to: "https://app.example.com/api")
        #expect(api.first?.method == "POST" && api.first?.body == "q=1" && api.first?.cookieHeader == "theme=dark")
        #expect(api.first?.headers.contains { $0.name.lowercased() == "x-trace" && $0.value == "t" } == true)
        let other = app.network.requests(to: "https://other.example/api")
        #expect(other.count == 3, "every request went; CORS decides what the page reads")
        #expect(app.evaluate("document.cookie").value == "theme=dark; api=1", "the response's cookie is stored")
        #expect(app.evaluate("""
            var failed = '';
            fetch('https://nowhere.example/').catch(function (e) { failed = e.name; }); 0
            """).error == nil)
        #expect(app.evaluate("failed").value == "TypeError", "no server: the promise rejects with a TypeError")
    }

    @Test("a page whose script replaced window.fetch (a bridge) gets the app's subresource requests through it")
    func patchedFetchGetsSubresources() {
        let app = Self.page()
        app.route("https://app.example.com/api")
        app.route("https://app.example.com/rewritten")
        _ = app.evaluate("""
            var calls = [];
            var original = window.fetch;
            window.fetch = async function (resource, options) {
                var request = new Request(resource, options);
                calls.push(request.method + ' ' + request.url + ' ' + request.credentials + ' ' + request.headers.get('x-a'));
                var response = await original('/rewritten', options);
                return new Response('', { status: response.status + 1 });
            };
            """)
        var request = WebRequest(url: URL(string: "https://app.example.com/api")!, httpMethod: "GET")
        request.setValue("1", forHTTPHeaderField: "X-A")
        var outcome: Result<WebResponse, WebKitError>?
        app.webView.performSubresourceRequest(request) { outcome = $0 }
        app.settle()
        #expect(app.evaluate("calls.join('|')").value == "GET https://app.example.com/api include 1")
        #expect(app.network.requests(to: "https://app.example.com/api").isEmpty)
        #expect(app.network.requests(to: "https://app.example.com/rewritten").count == 1)
        #expect((try? outcome?.get())?.statusCode == 201, "the step's outcome is the patched fetch's response")

        _ = app.evaluate("window.fetch = function () { return Promise.reject(new Error('refused')); }")
        outcome = nil
        app.webView.performSubresourceRequest(request) { outcome = $0 }
        app.settle()
        if case .failure(let error)? = outcome {
            #expect(error.message.contains("refused"))
        } else {
            Issue.record("a rejected page fetch is a failed request, got \(String(describing: outcome))")
        }
    }

    @Test("an image or an XMLHttpRequest does not go through a window.fetch a script put in place: the engine loads it")
    func patchedFetchMissesOtherKinds() {
        let app = Self.page()
        app.route("https://app.example.com/pixel.gif")
        app.route("https://app.example.com/api")
        _ = app.evaluate("var calls = 0; window.fetch = function () { calls += 1; return Promise.reject(new Error('bridge')); };")
        for (url, kind) in [("https://app.example.com/pixel.gif", SubresourceKind.image), ("https://app.example.com/api", .xhr(withCredentials: false))] {
            var outcome: Result<WebResponse, WebKitError>?
            app.webView.performSubresourceRequest(WebRequest(url: URL(string: url)!), kind: kind) { outcome = $0 }
            app.settle()
            #expect((try? outcome?.get())?.statusCode == 200, "\(kind.name): \(String(describing: outcome))")
            #expect(app.network.requests(to: url).count == 1)
        }
        #expect(app.evaluate("calls").value == "0")
    }

    @Test("a page's XMLHttpRequest goes through the engine: same-origin with the page's cookies; cross-origin, CORS refuses an answer without Access-Control-Allow-Origin")
    func pageXHR() {
        let app = Self.page()
        app.route("https://app.example.com/api")
        app.route("https://api.example.com/x")
        #expect(app.evaluate("""
            var seen = [];
            function send(url, credentials) {
                var xhr = new XMLHttpRequest();
                xhr.open('get', url);
                xhr.withCredentials = credentials;
                xhr.addEventListener('loadend', function () { seen.push('loadend'); });
                xhr.onload = function () { seen.push('load ' + xhr.status + ' ' + xhr.readyState); };
                xhr.onerror = function () { seen.push('error ' + xhr.status + ' ' + xhr.readyState); };
                xhr.send();
            }
            send('/api', false); 0
            """).error == nil)
        #expect(app.evaluate("seen.join('|')").value == "load 200 4|loadend")
        #expect(app.network.requests(to: "https://app.example.com/api").first?.cookieHeader == "theme=dark")
        _ = app.evaluate("seen = []; send('https://api.example.com/x', true); 0")
        #expect(app.evaluate("seen.join('|')").value == "error 0 4|loadend")
        #expect(app.network.requests(to: "https://api.example.com/x").count == 1, "the request went; the page may not read the answer")
    }

    @Test("setTimeout runs its callback after the script, on the app's run loop; a delay waits for the virtual clock; clearTimeout cancels; a left page fires nothing")
    func timers() {
        let app = Self.page()
        #expect(app.evaluate("""
            var fired = [];
            setTimeout(function (a, b) { fired.push(a + b); }, 0, 'x', 'y');
            clearTimeout(setTimeout(function () { fired.push('cleared'); }, 0));
            fired.push('first'); 0
            """).error == nil)
        #expect(app.evaluate("fired.join('|')").value == "first|xy")
        _ = app.evaluate("setTimeout(function () { fired.push('later'); }, 5000); 0")
        #expect(app.evaluate("fired.join('|')").value == "first|xy", "a delayed timer does not move the clock")
        app.clock.advance(by: 5)
        app.settle()
        #expect(app.evaluate("fired.join('|')").value == "first|xy|later")
        _ = app.evaluate("setTimeout(function () { document.cookie = 'late=1'; }, 5000); 0")
        app.load("https://app.example.com/next")
        app.clock.advance(by: 5)
        app.settle()
        #expect(app.evaluate("document.cookie").value?.contains("late") == false, "the timer belonged to the page that was left")
    }

    @Test("a page whose script patched XMLHttpRequest (a bridge) gets the app's XHRs through it, withCredentials set")
    func patchedXHRGetsRequests() {
        let app = Self.page()
        app.route("https://app.example.com/api")
        _ = app.evaluate("""
            var calls = [];
            XMLHttpRequest.prototype.open = function (method, url) { this._call = method + ' ' + url; };
            XMLHttpRequest.prototype.send = function () {
                calls.push(this._call + ' ' + this.withCredentials);
                this.status = 299;
                this.dispatchEvent(new Event('load'));
            };
            """)
        var outcome: Result<WebResponse, WebKitError>?
        app.webView.performSubresourceRequest(
            WebRequest(url: URL(string: "https://app.example.com/api")!), kind: .xhr(withCredentials: true)) { outcome = $0 }
        app.settle()
        #expect(app.evaluate("calls.join('|')").value == "GET https://app.example.com/api true")
        #expect(app.network.requests(to: "https://app.example.com/api").isEmpty)
        #expect((try? outcome?.get())?.statusCode == 299, "the step's outcome is the patched XHR's")
    }

    @Test("Headers, Request and Response hold what a bridge reads of them")
    func fetchClasses() {
        let app = Self.page()
        #expect(app.evaluate("""
            var h = new Headers({ 'Content-Type': 'a' }); h.append('x', '1'); h.append('X', '2');
            var r = new Request('next?q', { method: 'put', headers: h, body: 'b' });
            var copy = new Request(r);
            var s = new Response('{"k":3}', { status: 404, headers: [['a', 'b']] });
            [h.get('content-type'), h.get('x'), h.has('y'), r.url, r.method, r.body, copy.url, copy.headers.get('x'),
             s.ok, s.status, s.headers.get('A'), JSON.stringify(Object.fromEntries(h.entries()))].join(' ')
            """).value == #"a 1, 2 false https://app.example.com/next?q PUT b https://app.example.com/next?q 1, 2 false 404 b {"content-type":"a","x":"2"}"#)
    }

    // MARK: The prompt panel

    final class PromptAnswerer: WKUIDelegate {
        var prompts: [(String, String?)] = []
        var answer: (String, String?, @escaping (String?) -> Void) -> Void = { _, _, done in done(nil) }
        func webView(
            _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
            initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping (String?) -> Void
        ) {
            prompts.append((prompt, defaultText))
            answer(prompt, defaultText, completionHandler)
        }
    }

    @Test("prompt() returns the UI delegate's answer, synchronously to the script (Capacitor's bridge)")
    func promptAnswered() {
        let app = Self.page()
        let delegate = PromptAnswerer()
        delegate.answer = { prompt, _, done in done(prompt == #"{"type":"CapacitorCookies.get"}"# ? "answered" : nil) }
        app.webView.uiDelegate = delegate
        #expect(app.evaluate(#"prompt(JSON.stringify({ type: 'CapacitorCookies.get' }), 'd') + '!'"#).value == "answered!")
        #expect(delegate.prompts.first?.1 == "d")
    }

    @Test("prompt() waits while the app answers later on the main queue; the clock moves meanwhile")
    func promptAnsweredLater() {
        let app = Self.page()
        let delegate = PromptAnswerer()
        delegate.answer = { _, _, done in app.context.mainQueue.asyncAfter(seconds: 2) { done("late") } }
        app.webView.uiDelegate = delegate
        #expect(app.evaluate("prompt('q') + ' ' + (Date.now() - \(Int(EngineFixture.start.timeIntervalSince1970 * 1000)))").value == "late 2000")
    }

    @Test("without a UI delegate prompt() returns null")
    func promptWithoutDelegate() {
        let app = Self.page()
        #expect(app.evaluate("prompt('q') === null").value == "true")
    }
}
