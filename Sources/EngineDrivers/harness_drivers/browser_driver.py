"""What the browser drivers (chromium.py, firefox.py) share: the browser's command channel, settle, the clock, and
the operations both do the same way.

Both speak CookieHarness's driver protocol (PROTOCOL.md, this folder) for a real browser, through
driver_protocol.py (requests and replies, the process; shared with webkit.py). A driver subclasses `BrowserDriver`
and provides the browser's part: `open_browser` (start the browser, set `version`), the store and view operations
named in `OPERATIONS` (`new-data-store` is the method `new_data_store`), `run_in_page`, `go_in_history`,
`evaluated` and `fetch_outcome` (what a page's script answered), `drop_scenario`, `restart_main`, and
`probe_clock` for the clock measurement, `browser_event`, `launch_on`, `persistent_store` and
`ephemeral_store`; its browser process is a `Connection` (BROWSER). Everything else (events, proxy
exchanges, `settle`, `respond`, `set-clock`, `reset`, `stop`) is here or in driver_protocol.py, once. Standard
library only.
"""

import json
import os
import shutil
import sys
import threading
import time
import urllib.parse

from . import driver_protocol  # the protocol and the process every driver shares
from .support import faketime  # libfaketime: the preload and the offset file
from . import page_requests  # the subresource request every driver makes
from . import proxy  # the proxy the drivers share
from .driver_protocol import ProtocolError, Unsupported, field

IDLE_QUIET = 0.02  # settle: idle means nothing happened for this long
EVENT_GRACE = 0.005  # settle: after the first event, wait this much more while the browser is still busy
EVENT_CAP = 0.02  # settle: never wait longer than this after the first event
STRAY_QUIET = 2.0  # settle: a tab's requests alone, with nothing heard for this long, are not waited for
PENDING_GRACE = 5.0  # a requested navigation counts as loading this long before its request is seen
NEW_TAB_GRACE = 5.0  # a target=_blank link's new tab counts as loading this long before its request is seen
CALL_TIMEOUT = 8.0  # one command to the browser
# browsers_own: a vendor service's request is refused with an answer. Closing its connection instead makes Firefox
# count the proxy as failed and go to the service directly, past the proxy (measured with Firefox 153 ESR: 24 direct
# connections and 20 DNS look-ups in one scenario, 241 proxy connections retried).
SERVICE_REFUSED = (503, [["Content-Type", "text/plain"], ["Cache-Control", "no-store"]], "")
# A page's `evaluate`: the source's value as a string, or null for undefined and null.
def same_url(url):
    """A URL as the proxy and a link both name it: scheme and host in lower case."""
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit((parts.scheme.lower(), parts.netloc.lower(), parts.path or "/", parts.query, ""))


EVALUATE = "(() => { const v = (0, eval)(%s); return v === undefined || v === null ? null : String(v); })()"


def find_executable(names):
    for directory in os.environ.get("PATH", "").split(os.pathsep):
        for name in names:
            path = os.path.join(directory or ".", name)
            if os.path.isfile(path) and os.access(path, os.X_OK):
                return path
    return None


def debug(path, line):
    """A line of a driver's debug file (CHROMIUM_DRIVER_DEBUG, FIREFOX_DRIVER_DEBUG)."""
    with open(path, "a") as handle:
        handle.write(f"{time.monotonic():.3f} {line}\n")


class Clock(faketime.OffsetFile):
    """libfaketime in the browsers' processes: an offset file that set-clock rewrites."""

    def __init__(self, directory):
        super().__init__(directory)
        self.write("+0")

    def environment(self, base):
        if not self.available:
            return base
        environment = dict(base)
        # Measured with Chromium 156: FAKETIME_DONT_FAKE_MONOTONIC=1 alone (what webkit.py uses) hangs the browser
        # before its first DevTools reply; with FAKETIME_FORCE_MONOTONIC_FIX=0 it starts. Faking the monotonic clock
        # instead is no way out: a move back (the next scenario's start) stalls the browser's timers.
        environment.update(faketime.preload(environment, self.path, FAKETIME_FORCE_MONOTONIC_FIX="0",
                                            FAKETIME_DISABLE_SHM="1"))
        return environment


class Connection:
    """One browser process's command channel (Chromium's DevTools pipe, Firefox's BiDi WebSocket): numbered
    commands whose replies go to a waiting caller (`call`) or to a callback on the reader thread (`send`).

    A subclass starts the browser and opens the channel (`open`), reads its messages on the reader thread
    (`read_loop`: replies to `deliver`, events to `on_event`, `closed` at the end), and provides `transmit` and
    `failure`.
    """

    CHANNEL = "connection"  # in messages: "the browser is gone (its … is closed)"
    Gone = RuntimeError  # what a command to a browser that is gone raises
    DEBUG = None  # a file every command is appended to

    def __init__(self, executable, profile, proxy_uri, environment, on_event):
        self.profile = profile
        self.on_event = on_event
        self.lock = threading.Lock()
        self.replies = {}  # id -> reply not yet taken by its caller
        self.callbacks = {}  # id -> callback waiting for its reply
        self.reply_ready = threading.Condition(self.lock)
        self.next_id = 0
        self.alive = False
        self.open(executable, proxy_uri, environment)
        self.alive = True
        threading.Thread(target=self.read_loop, name=self.CHANNEL, daemon=True).start()

    def open(self, executable, proxy_uri, environment):
        """Starts the browser on `self.profile` and opens the channel."""
        raise NotImplementedError

    def read_loop(self):
        raise NotImplementedError

    def transmit(self, text):
        """Sends one command's JSON text; raises Gone when the channel is closed."""
        raise NotImplementedError

    def failure(self, reply, what):
        """The exception an error reply to `what` is, or None for a result."""
        raise NotImplementedError

    def deliver(self, number, message):
        """A reply from the browser: to its callback, or kept for `wait`."""
        with self.lock:
            callback = self.callbacks.pop(number, None)
            if callback is None:
                self.replies[number] = message
                self.reply_ready.notify_all()
        if callback is not None:
            callback(message)

    def closed(self, reply):
        """The channel has ended: waiting callers fail, callbacks get `reply`, the driver hears of it."""
        with self.lock:
            self.alive = False
            callbacks, self.callbacks = self.callbacks, {}
            self.reply_ready.notify_all()
        for callback in callbacks.values():
            callback(reply)
        self.on_event(self, None)

    def gone(self):
        return self.Gone(f"the browser is gone (its {self.CHANNEL} is closed)")

    def send(self, method, params=None, session=None, callback=None):
        """Sends a command; its reply goes to `callback` (on the reader thread), or is awaited by `wait`."""
        with self.lock:
            if not self.alive:
                raise self.gone()
            self.next_id += 1
            number = self.next_id
            if callback is not None:
                self.callbacks[number] = callback
        if self.DEBUG:
            debug(self.DEBUG, f"command {number} {method} {json.dumps(params or {})[:300]}")
        message = {"id": number, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        self.transmit(json.dumps(message))
        return number

    def wait(self, number, timeout=CALL_TIMEOUT, what=None):
        deadline = time.monotonic() + timeout
        with self.lock:
            while number not in self.replies:
                remaining = deadline - time.monotonic()
                if not self.alive:
                    raise self.gone()
                if remaining <= 0:
                    raise TimeoutError(f"{what or 'a command'} had no reply within {timeout:g} s")
                self.reply_ready.wait(remaining)
            reply = self.replies.pop(number)
        failure = self.failure(reply, what)
        if failure is not None:
            raise failure
        return reply.get("result", {})

    def call(self, method, params=None, session=None, timeout=CALL_TIMEOUT):
        return self.wait(self.send(method, params, session), timeout, what=method)


class View:
    """A tab's navigation bookkeeping, as settle needs it; each driver adds the browser's handles."""

    def __init__(self, number, store):
        self.number = number
        self.store = store
        self.pending = []  # (navigation number, since): navigations asked for, whose start is not seen yet
        self.active = set()  # navigation numbers started and not finished
        self.inflight = {}  # the browser's request id -> the document it belongs to, for requests not finished

    def loading(self, quiet):
        """Whether the tab still loads. Requests alone, with nothing else pending and nothing heard for
        STRAY_QUIET, are not waited for: the browser waits for no answer (the proxy has no exchange open), so such a
        request is one whose end the browser never reported."""
        now = time.monotonic()
        self.pending = [(number, since) for number, since in self.pending if now - since < PENDING_GRACE]
        return bool(self.pending or self.active or (self.inflight and quiet < STRAY_QUIET))



class BrowserDriver(driver_protocol.Requests, driver_protocol.ProxyOwner):
    ENGINE = "the browser"  # in messages
    SERVICE_DOMAINS = ()  # hosts of the browser's own services (never a scenario's: scenarios use *.example)
    # Whether libfaketime goes into the browser's processes; a driver whose browser cannot run with it says why.
    FAKETIME_BREAKS_BROWSER = None
    BROWSER = Connection  # the driver's browser process class
    DEBUG = None  # a file every request (and the browser's every event and command) is appended to
    # Every op a browser driver answers besides `stop`; each is the driver's method of that name.
    OPERATIONS = (
        "start", "reset", "set-clock", "new-data-store", "terminate-app", "set-cookie", "delete-cookie", "get-cookies",
        "clear-data-store", "observe-cookies", "new-web-view", "load", "load-html", "click-link", "submit-form", "go-back",
        "go-forward", "fetch", "evaluate", "respond", "settle",
    )

    def __init__(self):
        super().__init__()
        self.lock = threading.Lock()  # guards events, exchanges, views' state, last_activity
        self.changed = threading.Condition(self.lock)
        self.events = []
        self.exchanges = {}
        self.waiting_since = {}
        self.awaited_requests = page_requests.AwaitedRequests()  # a target=_blank link's new tab, a beacon: not come yet
        self.last_activity = time.monotonic()
        self.directory = driver_protocol.temporary_directory(self.NAME)
        self.clock = Clock(self.directory)
        self.proxy = None
        self.stores = {}
        self.views = {}
        self.pending_calls = set()
        self.generation = 0
        self.executable = None
        self.main = None  # the browser of the ephemeral stores
        self.persistent = {}  # folder -> the browser on it
        self.documents = {}  # a load-html's base URL (same_url) -> the app's HTML, answered by the proxy once

    def handle(self, text):
        if self.DEBUG:
            debug(self.DEBUG, "request " + text[:300])
        return super().handle(text)

    def run(self):
        self.serve(sys.stdin.buffer)
        self.shutdown()

    def bring_up(self):
        self.open_browser()
        self.started = True
        self.faketime = self.FAKETIME_BREAKS_BROWSER is None and self.clock.available and self.measure_clock()
        self.log(f"{self.ENGINE} {self.version}, proxy {self.proxy.uri}, faketime {self.faketime}, network {self.network}")

    # -- events ----------------------------------------------------------------------------------------------------

    def queue_event(self, event):
        """Under self.lock."""
        self.events.append(event)
        self.last_activity = time.monotonic()
        self.changed.notify_all()

    def note_activity(self):
        with self.lock:
            self.last_activity = time.monotonic()
            self.changed.notify_all()

    def on_browser_event(self, browser, message):
        """A message from a browser (its reader thread), or None when its command channel has ended (it exited,
        crashed or was closed)."""
        if message is not None:
            self.browser_event(browser, message)
            return
        if browser is self.main and not self.stopping:
            self.log(f"the browser's {self.BROWSER.CHANNEL} closed")
        self.note_activity()

    # -- what every browser driver does the same way on top of its own protocol -------------------------------------

    def new_data_store(self, request):
        """A persistent store is its folder's browser (started on it when none is running); an ephemeral one a
        context of the main browser (`ephemeral_store`)."""
        persistent = field(request, "persistent", bool, False, optional=True)
        number = self.next_number("store")
        if persistent:
            directory = field(request, "directory", str)
            browser = self.persistent.get(directory)
            if browser is None or not browser.alive:
                browser = self.launch_on(directory)
                self.persistent[directory] = browser
            self.stores[number] = self.persistent_store(number, browser, directory)
        else:
            self.stores[number] = self.ephemeral_store(number)
        return {"store": number}

    def store_for_tab(self, request):
        """The store of a `new-web-view`, which must ask for no user scripts."""
        store = self.store_of(request)
        if field(request, "scripts", list, [], optional=True):
            raise Unsupported("user scripts are a WKWebView feature; a browser tab has none")
        return store

    def store_of(self, request):
        number = field(request, "store", int)
        store = self.stores.get(number)
        if store is None:
            raise ProtocolError(f"no data store {number}")
        return store

    def view_of(self, request):
        number = field(request, "view", int)
        view = self.views.get(number)
        if view is None:
            raise ProtocolError(f"no web view {number}")
        return view

    def load_html(self, request):
        """The app's HTML as the page (`loadHTMLString(_:baseURL:)`, issue 37).

        With a base URL the tab navigates to it and the driver's own proxy answers that one request with the HTML
        (open_exchange), as it answers the browser's service requests: no request reaches the scenario's server
        (no http-request event, so no transcript line and no cookie seen by it), and the page is the base URL's
        document, its origin the base URL's, which is what the browser gives a page it fetched from there. Chosen
        over the browsers' interception calls (Chromium's Fetch.fulfillRequest, Firefox's network.provideResponse)
        because it is one path for both browsers, and the proxy is the one place every request of the browser goes
        through. (The browser still attaches its cookies to that request, unseen: nothing answers with Set-Cookie.)
        Without a base URL: about:blank (a navigation no request makes; an opaque origin), then
        document.open/write/close of the HTML, so its inline scripts run as the page's."""
        view = self.view_of(request)
        html = field(request, "html", str, "", optional=True)
        base = request.get("base-url")
        if base:
            with self.lock:
                self.documents[same_url(base)] = html
            return self.load({"view": view.number, "url": base})
        number = self.expect_navigation(view)
        self.navigate_now(view, "about:blank")
        self.run_in_page(view, "(() => { document.open(); document.write(%s); document.close(); })()" % json.dumps(html))
        return {"navigation": number}

    def navigate_now(self, view, url):
        """A navigation that makes no request (about:blank), waited for until its document is there."""
        raise NotImplementedError

    def click_link(self, request):
        view = self.view_of(request)
        url = field(request, "url", str)
        if field(request, "target", str, "", optional=True) == "_blank":
            # The browser opens a tab of its own (the click has the user's activation, so no popup blocker stops
            # it); the driver knows no such tab, so it waits for the tab's first request instead.
            with self.lock:
                self.awaited_requests.expect(same_url(url), time.monotonic() + NEW_TAB_GRACE)
                self.last_activity = time.monotonic()
            self.run_in_page(view, "(() => { const a = document.createElement('a'); a.href = %s; a.target = '_blank'; "
                                   "document.body.appendChild(a); a.click(); })()" % json.dumps(url))
            return {}
        number = self.expect_navigation(view)
        self.run_in_page(view, "(() => { const a = document.createElement('a'); a.href = %s; "
                               "document.body.appendChild(a); a.click(); })()" % json.dumps(url))
        return {"navigation": number}

    def submit_form(self, request):
        view = self.view_of(request)
        url = field(request, "url", str)
        method = field(request, "method", str, "POST", optional=True)
        fields = urllib.parse.parse_qsl(field(request, "body", str, "", optional=True), keep_blank_values=True)
        number = self.expect_navigation(view)
        self.run_in_page(view, """(() => {
            const form = document.createElement('form');
            form.method = %s; form.action = %s;
            for (const [name, value] of %s) {
                const input = document.createElement('input');
                input.type = 'hidden'; input.name = name; input.value = value; form.appendChild(input);
            }
            document.body.appendChild(form); form.submit(); })()""" % (
            json.dumps(method), json.dumps(url), json.dumps(fields)))
        return {"navigation": number}

    def go_back(self, request):
        return self.go_in_history(request, -1)

    def go_forward(self, request):
        return self.go_in_history(request, 1)

    def evaluate(self, request):
        view = self.view_of(request)
        value = self.evaluated(self.run_in_page(view, EVALUATE % json.dumps(field(request, "source", str))))
        self.let_scheduled_navigation_start(view)
        return {"value": value}

    def let_scheduled_navigation_start(self, view):
        """As on WebKitGTK (webkit_page_calls.py): a navigation the script scheduled (`location.reload()`) starts
        on a page task; waiting for a later page timer lets the browser report it before `settle` looks."""
        try:
            self.run_in_page(view, "new Promise((done) => setTimeout(done, 0))", await_promise=True)
        except Exception:  # the page is gone (the navigation committed): nothing left to wait for
            pass

    def fetch(self, request):
        """The page asks for a subresource the way `kind` says (page_requests.py); a `fetch-done` event says how it
        ended."""
        view = self.view_of(request)
        url, kind, _ = page_requests.subresource(request)
        with self.lock:
            number = self.next_number("fetch")
            self.pending_calls.add(("fetch", number))
            if kind in page_requests.QUEUED_KINDS:
                self.awaited_requests.expect(
                    same_url(url), time.monotonic() + page_requests.QUEUED_REQUEST_GRACE, follow_redirects=True)
        generation = self.generation
        source = self.FETCH % page_requests.expression(request)

        def done(reply):
            with self.lock:
                if generation != self.generation:
                    return
                self.pending_calls.discard(("fetch", number))
                message = self.fetch_outcome(reply)
                if message is not None:
                    self.awaited_requests.forget(same_url(url))  # refused: it never leaves
                event = {"type": "fetch-done", "request": number, "ok": message is None}
                if message is not None:
                    event["message"] = message
                self.queue_event(event)

        self.run_in_page(view, source, await_promise=True, callback=done)
        return {"request": number}

    def browsers_alive(self):
        return self.main.alive and all(browser.alive for browser in self.persistent.values())

    def terminate_app(self, request):
        # The app is killed: every tab and context goes, and a persistent store's browser is closed (its cookies
        # written to its folder); the next new-data-store on that folder starts a new browser on it.
        self.drop_scenario()
        return {}

    def close_browsers(self):
        if self.main is not None:
            self.main.close()

    def expect_navigation(self, view):
        with self.lock:
            number = self.next_number("navigation")
            view.pending.append((number, time.monotonic()))
            self.last_activity = time.monotonic()
        return number

    def close_persistent(self):
        """The scenario's persistent stores go; their browsers are closed (cookies written to their folders)."""
        self.stores = {}
        for browser in self.persistent.values():
            browser.close()
        self.persistent = {}

    def reset(self, request):
        self.drop_scenario()
        if not self.main.alive:
            # The browser crashed or was killed in the last scenario (that scenario is an error): a new one.
            self.log("the browser is gone; starting another")
            self.restart_main(os.path.join(self.directory, "profile"))
        self.reset_numbering()
        return {}

    # -- the proxy's owner interface -------------------------------------------------------------------------------

    def start_proxy(self):
        self.proxy = proxy.Proxy(self, *driver_protocol.proxy_certificate(self.directory, self.NAME))

    def open_exchange(self, method, url, headers, body):
        own = self.browsers_own(url)
        if own is None and method.upper() == "GET":
            with self.lock:
                html = self.documents.pop(same_url(url), None)
            if html is not None:
                own = (200, [["Content-Type", "text/html; charset=utf-8"], ["Cache-Control", "no-store"]], html)
        if own is not None:
            # Not the scenario's: the exchange is answered here and never becomes an event.
            return proxy.answered(own)
        with self.lock:
            self.awaited_requests.arrived(same_url(url))
            exchange = proxy.Exchange(self.next_number("exchange"))
            self.exchanges[exchange.number] = exchange
            self.queue_event({"type": "http-request", "exchange": exchange.number, "method": method, "url": url,
                              "headers": headers, "body": body})
        return exchange

    def browsers_own(self, url):
        """The answer to a request the browser makes by itself, or None for the scenario's requests.

        Browsers ask their vendor's services (updates, settings, safe browsing) even with every switch that turns
        them off, and ask each page's origin for /favicon.ico. Those requests are not the scenario's: the services
        get a 503 (SERVICE_REFUSED), a favicon a 404 without Set-Cookie.
        """
        parts = urllib.parse.urlsplit(url)
        host = (parts.hostname or "").lower()
        if any(host == domain or host.endswith("." + domain) for domain in self.SERVICE_DOMAINS):
            return SERVICE_REFUSED
        if parts.path == "/favicon.ico":
            return (404, [["Content-Type", "image/x-icon"]], "")
        return None

    def note_redirect(self, url, location):
        # A browser reports its main frame itself; only an awaited request's next hop (a beacon's) is of interest.
        with self.lock:
            self.awaited_requests.redirected(
                same_url(url), same_url(urllib.parse.urljoin(url, location)), time.monotonic() + page_requests.QUEUED_REQUEST_GRACE)

    def drop_exchanges(self):
        """The scenario is over: its open exchanges are closed, its views and calls forgotten."""
        with self.lock:
            self.generation += 1
            self.documents = {}
            exchanges, self.exchanges = list(self.exchanges.values()), {}
            views, self.views = list(self.views.values()), {}
            self.pending_calls = set()
        proxy.close_unanswered(exchanges)
        return views

    # -- the clock -------------------------------------------------------------------------------------------------

    def measure_clock(self):
        """Whether cookie expiry follows libfaketime: a cookie that expires in 60 s must be gone two minutes later.
        `probe_clock(phase)` plants it ("plant"), counts it ("count") and cleans up ("done")."""
        try:
            self.probe_clock("plant", time.time() + 60)
            before = self.probe_clock("count")
            self.clock.set(time.time() + 120)
            after = self.probe_clock("count")
            followed = before == 1 and after == 0
            if not followed:
                self.log(f"libfaketime: expiry does not follow the clock ({before} then {after} cookies)")
            return followed
        finally:
            self.clock.write("+0")
            self.probe_clock("done")

    def set_clock(self, request):
        now = field(request, "now", float)
        if not self.faketime:
            why = self.FAKETIME_BREAKS_BROWSER or "libfaketime missing, or expiry did not follow it"
            raise Unsupported(f"{self.ENGINE}'s clock cannot be moved here ({why})")
        self.clock.set(now)
        return {}

    # -- settle ----------------------------------------------------------------------------------------------------

    def busy(self):
        """Under self.lock."""
        now = time.monotonic()
        quiet = now - self.last_activity
        return bool(self.exchanges or self.pending_calls or self.awaited_requests.pending(now)
                    or any(view.loading(quiet) for view in self.views.values()))

    def settle(self, request):
        start, deadline = driver_protocol.settle_window(request)
        first_event = None
        idle = False
        with self.lock:
            while True:
                now = time.monotonic()
                busy = self.busy()
                quiet = now - self.last_activity
                if not busy and quiet >= IDLE_QUIET:
                    idle = True
                    break
                if any(event["type"] == "http-request" for event in self.events):
                    break  # the browser waits for the harness's answer
                if self.events:
                    first_event = first_event or now
                    since = now - first_event
                    if since >= EVENT_CAP or (busy and since >= EVENT_GRACE):
                        break
                    timeout = (EVENT_GRACE if busy else EVENT_CAP) - since
                elif busy:
                    timeout = 0.05
                else:
                    timeout = IDLE_QUIET - quiet
                if now >= deadline or self.stopping or not self.browsers_alive():
                    break
                self.changed.wait(max(0.001, min(timeout, deadline - now)))
            events, self.events = self.events, []
        if not self.browsers_alive():
            raise RuntimeError("the browser exited (crashed or killed)")
        reply = {"events": events, "idle": idle}
        if not idle and not events:
            reply["busy"] = self.busy_reason()
        return reply

    def busy_reason(self):
        """What keeps the driver from idle, for the harness's error message."""
        with self.lock:
            reasons = [f"exchanges {sorted(self.exchanges)}"] if self.exchanges else []
            if self.pending_calls:
                reasons.append(f"calls {sorted(self.pending_calls)}")
            for view in self.views.values():
                if view.pending or view.active or view.inflight:
                    reasons.append(f"tab {view.number}: navigations asked {[n for n, _ in view.pending]}, "
                                   f"started {sorted(view.active)}, requests {len(view.inflight)}")
        return "; ".join(reasons)

    def reset_numbering(self):
        with self.lock:
            self.awaited_requests.clear()
            self.events = []
            self.counters = {}
        self.clock.write("+0")

    # -- stop ------------------------------------------------------------------------------------------------------

    def shutdown(self):
        try:
            self.drop_scenario()
        except Exception as error:
            self.log(f"shutdown: {error}")
        self.close_browsers()
        if self.proxy is not None:
            self.proxy.close()
        shutil.rmtree(self.directory, ignore_errors=True)
        driver_protocol.end_process_group()
