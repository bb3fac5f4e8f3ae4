#!/usr/bin/python3
"""chromium driver: Debian's headless Chromium behind CookieHarness's driver protocol (PROTOCOL.md, this folder).

Speaks the same JSON lines as driver.py (the WebKitGTK driver), so the harness's WebKitGTKEngine drives either;
the subset a browser needs (no `decide`: a browser has no navigation delegate, so no decide-* event is ever queued,
and no user scripts). Debian's /usr/bin/python3, standard library only.

Why it is shaped like this:

- Chromium is driven over the DevTools protocol on `--remote-debugging-pipe`: commands on its fd 3, replies and
  events on its fd 4, NUL-separated JSON (no port, no WebSocket). A reader thread dispatches replies to their
  callers and turns events into the protocol's events; the main thread serves stdin.
- The network is proxy.py's proxy (shared with driver.py): `--proxy-server` for every scheme, loopback included
  (`<-loopback>`), certificate errors ignored in this browser only. Each request is an `http-request` event.
- A data store is a browser context: `Target.createBrowserContext` (its own cookie jar, thrown away at `reset`) for
  an ephemeral one; a persistent one is the default context of a second browser started on the store's folder as
  `--user-data-dir`, closed cleanly (cookies written) at `terminate-app` and started again on the same folder.
- A web view is a tab (`Target.createTarget` in the context), attached in flat mode; its HTTP cache is off, and
  the back-forward cache is off for the browser, so every load reaches the proxy.
- The clock: libfaketime preloaded into the browsers (their every process), an offset file that `set-clock`
  rewrites; `start` measures whether cookie expiry follows it and says `faketime: false` when it does not.
- The driver calls os.setpgrp(); the browsers are in its process group, so the harness ends all with one kill.
"""

import base64
import json
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
import traceback
import urllib.parse

import proxy  # this folder's: the proxy both browser drivers share

PROTOCOL = 1
NAME = "chromium"
LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"
INSTALL_HINT = "install the Debian package chromium (run .ci/install-deps)"
IDLE_QUIET = 0.02  # settle: idle means nothing happened for this long
EVENT_GRACE = 0.005  # settle: after the first event, wait this much more while the browser is still busy
EVENT_CAP = 0.02  # settle: never wait longer than this after the first event
STRAY_QUIET = 2.0  # settle: a tab's requests alone, with nothing heard for this long, are not waited for
PENDING_GRACE = 5.0  # a requested navigation counts as loading this long before its request is seen
DEBUG = os.environ.get("CHROMIUM_DRIVER_DEBUG")  # a file: every DevTools event and request is appended to it
CALL_TIMEOUT = 8.0  # one DevTools command
START_TIMEOUT = float(os.environ.get("CHROMIUM_DRIVER_START_TIMEOUT", "25"))  # a browser's first reply (tests shorten it)

# Chromium's flags: headless, no sandbox (root in CI), the proxy, and everything that would make the browser talk
# to the network by itself (each such request would reach the proxy as a request of the scenario) turned off.
# HTTPS-Upgrades are off too: Chromium would load http://host/ as https://host/ first (a navigation policy, not a
# cookie rule), so a scenario's http load would never be one.
FLAGS = [
    "--headless", "--no-sandbox", "--remote-debugging-pipe", "--ignore-certificate-errors",
    "--proxy-bypass-list=<-loopback>", "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-extensions", "--disable-default-apps",
    "--disable-client-side-phishing-detection", "--disable-domain-reliability", "--disable-breakpad",
    "--disable-field-trial-config", "--disable-gpu", "--mute-audio", "--password-store=basic", "--use-mock-keychain",
    "--no-service-autorun", "--metrics-recording-only", "--disable-dev-shm-usage", "--noerrdialogs",
    "--disable-features=BackForwardCache,Translate,OptimizationHints,MediaRouter,InterestFeedContentSuggestions,"
    "CertificateTransparencyComponentUpdater,AutofillServerCommunication,DialMediaRouteProvider,HttpsUpgrades,"
    "HttpsFirstBalancedModeAutoEnable",
    "about:blank",
]


# Hosts of the browser's own services (never a scenario's: scenarios use reserved names such as *.example).
BROWSER_SERVICES = ("google.com", "googleapis.com", "gstatic.com", "gvt1.com", "googleusercontent.com")
SERVICE_CLOSED = object()  # browsers_own: close the connection


def log(message):
    sys.stderr.write(f"chromium-driver: {message}\n")
    sys.stderr.flush()


def debug(line):
    with open(DEBUG, "a") as handle:
        handle.write(f"{time.monotonic():.3f} {line}\n")


class ProtocolError(Exception):
    """A request the driver cannot make sense of: replied to as `errored`."""


class Unavailable(Exception):
    """Something the driver needs is missing: `errored` with exactly this message."""


class Unsupported(Exception):
    """An operation the browser has no equivalent for: replied to as `skipped`."""


class DevToolsError(Exception):
    """A DevTools command answered with an error."""


def field(request, name, kind, default=None, optional=False):
    if name not in request or (optional and request[name] is None):
        if optional:
            return default
        raise ProtocolError(f"missing field '{name}'")
    value = request[name]
    if kind is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ProtocolError(f"field '{name}' must be a number")
        return float(value)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ProtocolError(f"field '{name}' must be of type {kind.__name__}")
    return value


def find_chromium():
    for directory in os.environ.get("PATH", "").split(os.pathsep):
        for name in ("chromium", "chromium-browser"):
            path = os.path.join(directory or ".", name)
            if os.path.isfile(path) and os.access(path, os.X_OK):
                return path
    return None


# -- one browser process -----------------------------------------------------------------------------------------


class Browser:
    """A Chromium process on its own --user-data-dir, driven over its DevTools pipe."""

    def __init__(self, executable, profile, proxy_uri, environment, on_event):
        self.profile = profile
        self.on_event = on_event
        self.lock = threading.Lock()
        self.replies = {}  # id -> reply, or callback waiting for it
        self.callbacks = {}
        self.reply_ready = threading.Condition(self.lock)
        self.next_id = 0
        self.alive = True
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()
        devnull = os.open(os.devnull, os.O_RDONLY)
        actions = [
            (os.POSIX_SPAWN_DUP2, devnull, 0),
            (os.POSIX_SPAWN_DUP2, 2, 1),
            (os.POSIX_SPAWN_DUP2, to_browser_r, 3),
            (os.POSIX_SPAWN_DUP2, from_browser_w, 4),
        ]
        argv = [executable, f"--user-data-dir={profile}", f"--proxy-server={proxy_uri}"] + FLAGS
        try:
            self.pid = os.posix_spawn(executable, argv, environment, file_actions=actions)
        finally:
            for fd in (to_browser_r, from_browser_w, devnull):
                os.close(fd)
        threading.Thread(target=self.read_loop, name="devtools", daemon=True).start()

    def read_loop(self):
        buffer = b""
        while True:
            try:
                chunk = os.read(self.from_browser, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                break
            buffer += chunk
            while b"\0" in buffer:
                message, buffer = buffer.split(b"\0", 1)
                try:
                    self.dispatch(json.loads(message))
                except Exception:
                    log("bad DevTools message: " + traceback.format_exc())
        with self.lock:
            self.alive = False
            callbacks, self.callbacks = self.callbacks, {}
            self.reply_ready.notify_all()
        for callback in callbacks.values():
            callback({"error": {"message": "the browser closed its DevTools pipe"}})
        self.on_event(self, None)

    def dispatch(self, message):
        if "id" in message:
            with self.lock:
                callback = self.callbacks.pop(message["id"], None)
                if callback is None:
                    self.replies[message["id"]] = message
                    self.reply_ready.notify_all()
            if callback is not None:
                callback(message)
        else:
            self.on_event(self, message)

    def send(self, method, params=None, session=None, callback=None):
        """Sends a command; its reply goes to `callback` (on the reader thread), or is awaited by `wait`."""
        with self.lock:
            if not self.alive:
                raise DevToolsError("the browser is gone (its DevTools pipe is closed)")
            self.next_id += 1
            number = self.next_id
            if callback is not None:
                self.callbacks[number] = callback
        message = {"id": number, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        data = json.dumps(message).encode("utf-8") + b"\0"
        try:
            while data:
                data = data[os.write(self.to_browser, data):]
        except OSError as error:
            raise DevToolsError(f"the browser is gone ({error})")
        return number

    def wait(self, number, timeout=CALL_TIMEOUT, what=None):
        deadline = time.monotonic() + timeout
        with self.lock:
            while number not in self.replies:
                remaining = deadline - time.monotonic()
                if not self.alive:
                    raise DevToolsError("the browser is gone (its DevTools pipe is closed)")
                if remaining <= 0:
                    raise TimeoutError(f"{what or 'a DevTools command'} had no reply within {timeout:g} s")
                self.reply_ready.wait(remaining)
            reply = self.replies.pop(number)
        if "error" in reply:
            raise DevToolsError(f"{what}: {reply['error'].get('message')}")
        return reply.get("result", {})

    def call(self, method, params=None, session=None, timeout=CALL_TIMEOUT):
        return self.wait(self.send(method, params, session), timeout, what=method)

    def close(self, timeout=5.0):
        """Browser.close (cookies written to the profile), then the process is reaped; SIGKILL when it lingers."""
        try:
            if self.alive:
                self.send("Browser.close")
        except DevToolsError:
            pass
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                pid, _ = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:
                break
            if pid:
                break
            time.sleep(0.01)
        else:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except OSError:
                pass
        for fd in (self.to_browser, self.from_browser):
            try:
                os.close(fd)
            except OSError:
                pass


# -- stores and views ------------------------------------------------------------------------------------------


class Store:
    def __init__(self, number, browser, context, persistent, directory=None):
        self.number = number
        self.browser = browser
        self.context = context  # browserContextId, or None: the browser's default context (a persistent store)
        self.persistent = persistent
        self.directory = directory
        self.spare = []  # (targetId, sessionId) of tabs kept from an earlier scenario, blank, ready again

    def params(self, extra=None):
        params = dict(extra or {})
        if self.context is not None:
            params["browserContextId"] = self.context
        return params


class View:
    def __init__(self, number, store, target, session):
        self.number = number
        self.store = store
        self.target = target
        self.session = session
        self.pending = []  # (navigation number, since): navigations asked for, whose request is not seen yet
        self.loaders = {}  # loaderId -> navigation number
        self.active = set()  # navigation numbers started and not finished
        self.inflight = {}  # requestId -> loaderId (the document it belongs to) of this tab's requests not finished
        self.extra_headers = False
        self.override = None  # method and body for the next document request (a load that is not a plain GET)
        # The id of the history entry the tab was handed out on (a reused tab's blank page): it and the entries
        # before it are an earlier scenario's. An id, not an index: Chromium keeps 50 entries, and dropping the
        # oldest moves every index. None for a new tab; when no entry has the id any more (dropped, or an initial
        # blank entry replaced), nothing left is an earlier scenario's.
        self.history_floor = None

    def loading(self, quiet):
        """Whether the tab still loads. Requests alone, with nothing else pending and nothing heard for
        STRAY_QUIET, are not waited for: the browser waits for no answer (the proxy has no exchange open), so such a
        request is one whose end the browser never reported."""
        now = time.monotonic()
        self.pending = [(number, since) for number, since in self.pending if now - since < PENDING_GRACE]
        return bool(self.pending or self.active or (self.inflight and quiet < STRAY_QUIET))


class Clock:
    """libfaketime in the browsers' processes: an offset file that set-clock rewrites."""

    def __init__(self, directory):
        self.available = os.path.exists(LIBFAKETIME)
        self.path = os.path.join(directory, "faketime")
        self.write("+0")

    def environment(self, base):
        if not self.available:
            return base
        environment = dict(base)
        preload = environment.get("LD_PRELOAD")
        environment["LD_PRELOAD"] = LIBFAKETIME + (":" + preload if preload else "")
        environment["FAKETIME_TIMESTAMP_FILE"] = self.path
        environment["FAKETIME_NO_CACHE"] = "1"
        # Measured with Chromium 156: FAKETIME_DONT_FAKE_MONOTONIC=1 alone (what driver.py uses) hangs the browser
        # before its first DevTools reply; with FAKETIME_FORCE_MONOTONIC_FIX=0 it starts. Faking the monotonic clock
        # instead is no way out: a move back (the next scenario's start) stalls the browser's timers.
        environment["FAKETIME_DONT_FAKE_MONOTONIC"] = "1"
        environment["FAKETIME_FORCE_MONOTONIC_FIX"] = "0"
        environment["FAKETIME_DISABLE_SHM"] = "1"
        return environment

    def set(self, now):
        self.write(f"{now - time.time():+.3f}s")

    def write(self, text):
        temporary = self.path + ".new"
        with open(temporary, "w") as handle:
            handle.write(text + "\n")
        os.replace(temporary, self.path)


# -- the driver --------------------------------------------------------------------------------------------------


class Driver:
    def __init__(self):
        self.lock = threading.Lock()  # guards events, exchanges, views' state, last_activity
        self.changed = threading.Condition(self.lock)
        self.events = []
        self.exchanges = {}
        self.last_activity = time.monotonic()
        self.started = False
        self.stopping = False
        self.directory = tempfile.mkdtemp(prefix=f"chromium-driver-{os.getpid()}-")
        self.clock = Clock(self.directory)
        self.proxy = None
        self.executable = None
        self.main = None  # the browser of the ephemeral stores
        self.persistent = {}  # folder -> Browser on it
        self.stores = {}
        self.pool = []  # cleared ephemeral stores (context and tabs), ready to be handed out again
        self.views = {}
        self.sessions = {}  # sessionId -> View
        self.pending_calls = set()
        self.counters = {}
        self.generation = 0
        self.version = None
        self.faketime = False

    # -- events from the browsers ----------------------------------------------------------------------------------

    def queue_event(self, event):
        """Under self.lock."""
        self.events.append(event)
        self.last_activity = time.monotonic()
        self.changed.notify_all()

    def touch(self):
        with self.lock:
            self.last_activity = time.monotonic()
            self.changed.notify_all()

    def number(self, kind):
        self.counters[kind] = self.counters.get(kind, 0) + 1
        return self.counters[kind]

    def on_browser_event(self, browser, message):
        if message is None:
            if browser is self.main and not self.stopping:
                log("the browser's DevTools pipe closed")
            self.touch()
            return
        view = self.sessions.get(message.get("sessionId"))
        if DEBUG:
            debug(f"event {message.get('sessionId', '')[:6]} {message.get('method')} {json.dumps(message.get('params', {}))[:300]}")
        if view is None:
            return
        method = message.get("method")
        params = message.get("params", {})
        with self.lock:
            self.last_activity = time.monotonic()
            handler = self.EVENT_HANDLERS.get(method)
            if handler is not None:
                handler(self, view, params)
            self.changed.notify_all()

    def main_document(self, view, params):
        return params.get("type") == "Document" and params.get("frameId") == view.target

    def on_request(self, view, params):
        view.inflight[params["requestId"]] = params.get("loaderId")
        if not self.main_document(view, params):
            return
        loader = params.get("loaderId")
        url = params.get("request", {}).get("url", "")
        if params.get("redirectResponse") is not None and loader in view.loaders:
            self.queue_event({"type": "navigation", "view": view.number, "navigation": view.loaders[loader],
                              "state": "redirected", "url": url})
            return
        if loader in view.loaders:
            return
        number = view.pending.pop(0)[0] if view.pending else self.number("navigation")
        view.loaders[loader] = number
        view.active.add(number)
        self.queue_event({"type": "navigation", "view": view.number, "navigation": number, "state": "started",
                          "url": url})

    def on_request_done(self, view, params):
        view.inflight.pop(params["requestId"], None)

    def on_request_failed(self, view, params):
        view.inflight.pop(params["requestId"], None)
        if params.get("type") != "Document":
            return
        number = None
        for loader, candidate in view.loaders.items():
            if params["requestId"] == loader:
                number = candidate
        if number is None or number not in view.active:
            return
        view.active.discard(number)
        error = params.get("errorText", "")
        self.queue_event({"type": "navigation", "view": view.number, "navigation": number, "state": "failed",
                          "url": "", "message": error, "cancelled": bool(params.get("canceled")),
                          "too-many-redirects": error == "net::ERR_TOO_MANY_REDIRECTS"})
        self.queue_event({"type": "navigation", "view": view.number, "navigation": number, "state": "finished",
                          "url": ""})

    def on_frame_navigated(self, view, params):
        frame = params.get("frame", {})
        if frame.get("parentId") is not None or frame.get("id") != view.target:
            return
        loader = frame.get("loaderId")
        # The old document is gone: requests of it whose end Chromium never reports (a document replaced in
        # another renderer process) are not waited for.
        view.inflight = {request: owner for request, owner in view.inflight.items() if owner == loader}
        number = view.loaders.get(loader)
        if number is None or number not in view.active:
            return
        self.queue_event({"type": "navigation", "view": view.number, "navigation": number, "state": "committed",
                          "url": frame.get("url", "") + frame.get("urlFragment", "")})

    def on_frame_stopped(self, view, params):
        if params.get("frameId") != view.target:
            return
        for number in sorted(view.active):
            self.queue_event({"type": "navigation", "view": view.number, "navigation": number, "state": "finished",
                              "url": ""})
        view.active.clear()

    def on_request_paused(self, view, params):
        """Fetch.requestPaused (only while a load with a method or body is under way): the document request gets the
        load's method and body, once; everything else is continued unchanged."""
        override = view.override
        command = {"requestId": params["requestId"]}
        if override is not None and params.get("resourceType") == "Document" and params.get("redirectedRequestId") is None:
            command.update(override)
            view.override = None
            if override.get("postData"):
                headers = [{"name": name, "value": value} for name, value in params["request"].get("headers", {}).items()]
                if not any(header["name"].lower() == "content-type" for header in headers):
                    headers.append({"name": "Content-Type", "value": "application/x-www-form-urlencoded"})
                command["headers"] = headers
        view.store.browser.send("Fetch.continueRequest", command, session=view.session, callback=lambda _: None)
        if view.override is None:
            view.store.browser.send("Fetch.disable", {}, session=view.session, callback=lambda _: None)

    EVENT_HANDLERS = {
        "Fetch.requestPaused": on_request_paused,
        "Network.requestWillBeSent": on_request,
        "Network.loadingFinished": on_request_done,
        "Network.loadingFailed": on_request_failed,
        "Page.frameNavigated": on_frame_navigated,
        "Page.frameStoppedLoading": on_frame_stopped,
    }

    # -- the proxy's owner interface -------------------------------------------------------------------------------

    def open_exchange(self, method, url, headers, body):
        own = self.browsers_own(url)
        if own is not None:
            # Not the scenario's: the exchange is answered here and never becomes an event.
            exchange = proxy.Exchange(0)
            exchange.response = None if own is SERVICE_CLOSED else own
            exchange.ready.set()
            return exchange
        with self.lock:
            self.counters["exchange"] = self.counters.get("exchange", 0) + 1
            exchange = proxy.Exchange(self.counters["exchange"])
            self.exchanges[exchange.number] = exchange
            self.queue_event({"type": "http-request", "exchange": exchange.number, "method": method, "url": url,
                              "headers": headers, "body": body})
        return exchange

    @staticmethod
    def browsers_own(url):
        """The answer to a request the browser makes by itself, or None for the scenario's requests.

        Chromium asks Google's services (component updates, account checks) even with every switch that turns them
        off, and asks each page's origin for /favicon.ico. Those requests are not the scenario's: the services get
        no answer (the connection closes), a favicon a 404 without Set-Cookie.
        """
        parts = urllib.parse.urlsplit(url)
        host = (parts.hostname or "").lower()
        if any(host == domain or host.endswith("." + domain) for domain in BROWSER_SERVICES):
            return SERVICE_CLOSED
        if parts.path == "/favicon.ico":
            return (404, [["Content-Type", "image/x-icon"]], "")
        return None

    def close_exchange(self, exchange):
        with self.lock:
            if self.exchanges.get(exchange.number) is exchange:
                del self.exchanges[exchange.number]
            self.last_activity = time.monotonic()

    def note_redirect(self, url, location):
        pass  # driver.py classifies frames with it; a browser reports its main frame itself

    # -- the main loop ---------------------------------------------------------------------------------------------

    def run(self):
        for raw in sys.stdin.buffer:
            text = raw.decode("utf-8", "replace").strip()
            if not text:
                continue
            reply = self.handle(text)
            sys.stdout.write(json.dumps(reply, ensure_ascii=True) + "\n")
            sys.stdout.flush()
            if self.stopping:
                break
        self.shutdown()

    def handle(self, text):
        if DEBUG:
            debug("request " + text[:300])
        request_id = None
        try:
            request = json.loads(text)
            if not isinstance(request, dict):
                raise ProtocolError("a request must be a JSON object")
            request_id = request.get("id")
            field(request, "id", int)
            op = field(request, "op", str)
            if op == "stop":
                self.stopping = True
                return {"id": request_id, "status": "ok", "result": {}}
            operation = self.OPERATIONS.get(op)
            if operation is None:
                raise Unsupported(f"unknown op '{op}' (this driver speaks protocol {PROTOCOL})")
            if op != "start" and not self.started:
                raise ProtocolError(f"'{op}' before a successful 'start'")
            return {"id": request_id, "status": "ok", "result": operation(self, request)}
        except Unsupported as unsupported:
            return {"id": request_id, "status": "skipped", "reason": str(unsupported)}
        except Exception as error:
            return {
                "id": request_id if isinstance(request_id, int) and not isinstance(request_id, bool) else None,
                "status": "errored",
                "message": str(error) if isinstance(error, Unavailable) else f"{type(error).__name__}: {error}",
                "details": traceback.format_exc(),
            }

    # -- start -----------------------------------------------------------------------------------------------------

    def start(self, request):
        version = field(request, "protocol", int)
        if version != PROTOCOL:
            raise ProtocolError(f"this driver speaks protocol {PROTOCOL}, the harness asked for {version}")
        if not self.started:
            self.bring_up()
        return {"protocol": PROTOCOL, "name": NAME, "version": self.version, "capabilities": [],
                "faketime": self.faketime, "language": "python"}

    def bring_up(self):
        self.executable = find_chromium()
        if self.executable is None:
            raise Unavailable(f"Chromium is not installed (no chromium on PATH): {INSTALL_HINT}")
        try:
            cert, key = proxy.make_certificate(self.directory, "cookieharness-chromium-driver")
        except proxy.MissingTool as missing:
            raise Unavailable(f"{missing} not installed: run .ci/install-deps")
        self.proxy = proxy.Proxy(self, cert, key)
        self.main = self.launch(os.path.join(self.directory, "profile"))
        product = self.main.call("Browser.getVersion", timeout=START_TIMEOUT).get("product", "")
        self.version = product.split("/", 1)[-1] or product
        self.started = True
        self.faketime = self.clock.available and self.measure_clock()
        log(f"Chromium {self.version}, proxy {self.proxy.uri}, faketime {self.faketime}")

    def launch(self, profile):
        os.makedirs(os.path.join(profile, "Default"), exist_ok=True)
        preferences = os.path.join(profile, "Default", "Preferences")
        if not os.path.exists(preferences):
            # A regular Chromium profile's default lets third-party cookies through; only its Incognito windows
            # block them (cookie_controls_mode 1, "incognito only"), and every context DevTools creates is
            # off-the-record. Mode 0 gives those contexts the regular profile's behaviour.
            with open(preferences, "w") as handle:
                json.dump({"profile": {"cookie_controls_mode": 0}}, handle)
        environment = self.clock.environment(dict(os.environ))
        browser = Browser(self.executable, profile, self.proxy.uri, environment, self.on_browser_event)
        try:
            browser.call("Target.setDiscoverTargets", {"discover": False}, timeout=START_TIMEOUT)
        except Exception as error:
            browser.close(1)
            raise Unavailable(f"Chromium did not answer on its DevTools pipe: {error}")
        return browser

    def measure_clock(self):
        """Whether cookie expiry follows libfaketime: a Max-Age=60 cookie must be gone two minutes later."""
        context = self.main.call("Target.createBrowserContext")["browserContextId"]
        try:
            expires = time.time() + 60
            self.main.call("Storage.setCookies", {"browserContextId": context, "cookies": [
                {"name": "clock", "value": "1", "url": "http://clock.invalid/", "expires": expires}]})
            before = self.main.call("Storage.getCookies", {"browserContextId": context})["cookies"]
            self.clock.set(time.time() + 120)
            after = self.main.call("Storage.getCookies", {"browserContextId": context})["cookies"]
            self.clock.write("+0")
            followed = len(before) == 1 and len(after) == 0
            if not followed:
                log(f"libfaketime: expiry does not follow the clock ({len(before)} then {len(after)} cookies)")
            return followed
        finally:
            self.clock.write("+0")
            self.main.call("Target.disposeBrowserContext", {"browserContextId": context})

    # -- data stores -----------------------------------------------------------------------------------------------

    def new_data_store(self, request):
        persistent = field(request, "persistent", bool, False, optional=True)
        number = self.number("store")
        if persistent:
            directory = field(request, "directory", str)
            browser = self.persistent.get(directory)
            if browser is None or not browser.alive:
                browser = self.launch(directory)
                self.persistent[directory] = browser
            self.stores[number] = Store(number, browser, None, True, directory)
        elif self.pool:
            store = self.pool.pop()
            store.number = number
            self.stores[number] = store
        else:
            context = self.main.call("Target.createBrowserContext")["browserContextId"]
            self.stores[number] = Store(number, self.main, context, False)
        return {"store": number}

    def store_of(self, request):
        number = field(request, "store", int)
        store = self.stores.get(number)
        if store is None:
            raise ProtocolError(f"no data store {number}")
        return store

    @staticmethod
    def cookie_param(record):
        name = field(record, "name", str)
        domain = field(record, "domain", str)
        path = field(record, "path", str, "/", optional=True)
        secure = field(record, "secure", bool, False, optional=True)
        param = {"name": name, "value": field(record, "value", str, "", optional=True), "path": path,
                 "secure": secure, "httpOnly": field(record, "http-only", bool, False, optional=True)}
        if domain.startswith("."):
            param["domain"] = domain
        else:  # a host-only cookie: given by URL, without a domain
            param["url"] = ("https://" if secure else "http://") + domain + path
        expires = record.get("expires")
        if expires is not None:
            param["expires"] = float(expires)
        same_site = record.get("same-site")
        if same_site is not None:
            param["sameSite"] = {"strict": "Strict", "lax": "Lax", "none": "None"}[same_site]
        return param

    @staticmethod
    def cookie_record(cookie):
        same_site = {"Strict": "strict", "Lax": "lax", "None": "none"}.get(cookie.get("sameSite"))
        session = cookie.get("session", False) or cookie.get("expires", -1) < 0
        return {"name": cookie["name"], "value": cookie["value"], "domain": cookie["domain"], "path": cookie["path"],
                "secure": cookie.get("secure", False), "http-only": cookie.get("httpOnly", False),
                "expires": None if session else int(cookie["expires"]), "same-site": same_site}

    def set_cookie(self, request):
        store = self.store_of(request)
        store.browser.call("Storage.setCookies", store.params({"cookies": [self.cookie_param(request["cookie"])]}))
        return {}

    def delete_cookie(self, request):
        store = self.store_of(request)
        record = request["cookie"]
        view = next((view for view in self.views.values() if view.store is store), None)
        if view is None:
            raise Unsupported("Chromium deletes one cookie through a tab (Network.deleteCookies); the store has none")
        domain = field(record, "domain", str)
        view.store.browser.call("Network.deleteCookies", {
            "name": field(record, "name", str), "domain": domain,
            "path": field(record, "path", str, "/", optional=True)}, session=view.session)
        return {}

    def clear_data_store(self, request):
        store = self.store_of(request)
        store.browser.call("Storage.clearCookies", store.params())
        return {}

    def get_cookies(self, request):
        store = self.store_of(request)
        cookies = store.browser.call("Storage.getCookies", store.params())["cookies"]
        return {"cookies": [self.cookie_record(cookie) for cookie in cookies]}

    def observe_cookies(self, request):
        raise Unsupported("Chromium's DevTools protocol has no cookie-change notification")

    # -- web views -------------------------------------------------------------------------------------------------

    def new_web_view(self, request):
        store = self.store_of(request)
        if field(request, "scripts", list, [], optional=True):
            raise Unsupported("user scripts are a WKWebView feature; a browser tab has none")
        browser = store.browser
        reused = bool(store.spare)
        if reused:
            target, session = store.spare.pop()
        else:
            target = browser.call("Target.createTarget", store.params({"url": "about:blank"}))["targetId"]
            session = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        number = self.number("view")
        view = View(number, store, target, session)
        with self.lock:
            self.sessions[session] = view
            self.views[number] = view
        if reused:
            # Page.resetNavigationHistory answers "Not attached to an active page" here: the earlier entries stay
            # and go-back stops at the blank page the tab was handed out on.
            history = self.history(view)
            view.history_floor = history["entries"][history["currentIndex"]]["id"]
        else:
            for method, params in (("Page.enable", {}), ("Network.enable", {}),
                                   ("Network.setCacheDisabled", {"cacheDisabled": True})):
                browser.call(method, params, session=session)
        return {"view": number}

    def view_of(self, request):
        number = field(request, "view", int)
        view = self.views.get(number)
        if view is None:
            raise ProtocolError(f"no web view {number}")
        return view

    def expect_navigation(self, view):
        with self.lock:
            number = self.number("navigation")
            view.pending.append((number, time.monotonic()))
            self.last_activity = time.monotonic()
        return number

    def send_async(self, view, method, params, what):
        """A command whose reply comes after the proxy's exchanges were answered (Page.navigate waits for the
        response): its failure is logged, not awaited."""
        generation = self.generation

        def done(reply):
            if "error" in reply and generation == self.generation:
                log(f"{what}: {reply['error'].get('message')}")
            self.touch()

        view.store.browser.send(method, params, session=view.session, callback=done)

    def load(self, request):
        view = self.view_of(request)
        method = field(request, "method", str, "GET", optional=True)
        body = request.get("body")
        headers = {name: value for name, value in request.get("headers") or []}
        if method.upper() != "GET" or body:
            # Page.navigate loads with GET only: its request is paused (Fetch, request stage, before the network
            # stack adds cookies) and continued with the method and the body; every other request goes on as is.
            view.override = {"method": method.upper(), "postData": base64.b64encode((body or "").encode()).decode()}
            view.store.browser.call("Fetch.enable", {"patterns": [{"urlPattern": "*", "requestStage": "Request"}]},
                                    session=view.session)
        if headers or view.extra_headers:
            view.store.browser.call("Network.setExtraHTTPHeaders", {"headers": headers}, session=view.session)
            view.extra_headers = bool(headers)
        number = self.expect_navigation(view)
        self.send_async(view, "Page.navigate", {"url": field(request, "url", str), "transitionType": "typed"},
                        "Page.navigate")
        return {"navigation": number}

    def run_in_page(self, view, source, await_promise=False, callback=None):
        params = {"expression": source, "awaitPromise": await_promise, "returnByValue": True, "userGesture": True}
        if callback is None:
            return view.store.browser.call("Runtime.evaluate", params, session=view.session)
        return view.store.browser.send("Runtime.evaluate", params, session=view.session, callback=callback)

    def click_link(self, request):
        view = self.view_of(request)
        url = field(request, "url", str)
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

    def go_in_history(self, request, step):
        view = self.view_of(request)
        history = self.history(view)
        index = history["currentIndex"] + step
        entries = history["entries"]
        ids = [entry["id"] for entry in entries]
        floor = ids.index(view.history_floor) if view.history_floor in ids else -1
        if not floor < index < len(entries) or entries[index].get("url") == "about:blank":
            return {"navigation": None}
        number = self.expect_navigation(view)
        self.send_async(view, "Page.navigateToHistoryEntry", {"entryId": entries[index]["id"]},
                        "Page.navigateToHistoryEntry")
        return {"navigation": number}

    @staticmethod
    def history(view):
        """Page.getNavigationHistory; right after a cross-site navigation (a new renderer) the tab answers "Not
        attached to an active page" for a moment, so it is asked again."""
        deadline = time.monotonic() + 2.0
        while True:
            try:
                return view.store.browser.call("Page.getNavigationHistory", session=view.session)
            except DevToolsError as error:
                if "Not attached" not in str(error) or time.monotonic() > deadline:
                    raise
                time.sleep(0.01)

    def go_back(self, request):
        return self.go_in_history(request, -1)

    def go_forward(self, request):
        return self.go_in_history(request, 1)

    def evaluate(self, request):
        view = self.view_of(request)
        source = field(request, "source", str)
        wrapped = "(() => { const v = (0, eval)(%s); return v === undefined || v === null ? null : String(v); })()" % (
            json.dumps(source))
        result = self.run_in_page(view, wrapped)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            message = details.get("exception", {}).get("description") or details.get("text", "exception")
            raise RuntimeError(message.split("\n")[0])
        return {"value": result.get("result", {}).get("value")}

    def fetch(self, request):
        view = self.view_of(request)
        method = field(request, "method", str, "GET", optional=True)
        options = {"method": method, "headers": request.get("headers") or [], "credentials": "include",
                   "mode": "no-cors"}
        if method.upper() not in ("GET", "HEAD") and request.get("body") is not None:
            options["body"] = request["body"]
        with self.lock:
            number = self.number("fetch")
            self.pending_calls.add(("fetch", number))
        generation = self.generation
        source = ("fetch(%s, %s).then(() => ({ok: true}), (e) => ({ok: false, message: String(e)}))"
                  % (json.dumps(field(request, "url", str)), json.dumps(options)))

        def done(reply):
            with self.lock:
                if generation != self.generation:
                    return
                self.pending_calls.discard(("fetch", number))
                value = reply.get("result", {}).get("result", {}).get("value") or {}
                event = {"type": "fetch-done", "request": number, "ok": value.get("ok") is True}
                if not event["ok"]:
                    event["message"] = value.get("message") or reply.get("error", {}).get("message", "failed")
                self.queue_event(event)

        self.run_in_page(view, source, await_promise=True, callback=done)
        return {"request": number}

    def respond(self, request):
        number = field(request, "exchange", int)
        with self.lock:
            exchange = self.exchanges.get(number)
        if exchange is None or exchange.ready.is_set():
            raise ProtocolError(f"no pending exchange {number}")
        if request.get("no-server") is True:
            exchange.response = None
        else:
            exchange.response = (field(request, "status", int), request.get("headers") or [],
                                 field(request, "body", str, "", optional=True))
        exchange.ready.set()
        self.touch()
        return {}

    # -- settle, reset, clock, stop --------------------------------------------------------------------------------

    def busy(self):
        """Under self.lock."""
        quiet = time.monotonic() - self.last_activity
        return bool(self.exchanges or self.pending_calls or any(view.loading(quiet) for view in self.views.values()))

    def browsers_alive(self):
        return self.main.alive and all(browser.alive for browser in self.persistent.values())

    def settle(self, request):
        wait = max(0.0, field(request, "wait", float))
        start = time.monotonic()
        deadline = start + wait
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

    def drop_scenario(self):
        """Every tab and context of the scenario goes. A new tab costs about a second (a renderer process), so an
        ephemeral context is kept with its tabs: its cookies and site data cleared, each tab blank with an empty
        history, ready for the next new-data-store. A persistent store's browser is closed (cookies written)."""
        with self.lock:
            self.generation += 1
            exchanges, self.exchanges = list(self.exchanges.values()), {}
            views, self.views, self.sessions = list(self.views.values()), {}, {}
            self.pending_calls = set()
        for exchange in exchanges:
            exchange.response = None
            exchange.ready.set()
        for store in self.stores.values():
            if store.persistent:
                continue
            try:
                self.recycle(store, [view for view in views if view.store is store])
            except Exception as error:
                log(f"a context could not be recycled ({error}); disposing of it")
                try:
                    self.main.call("Target.disposeBrowserContext", {"browserContextId": store.context})
                except Exception:
                    pass
        self.stores = {}
        for browser in self.persistent.values():
            browser.close()
        self.persistent = {}

    def recycle(self, store, views):
        browser = store.browser
        for view in views:
            if view.extra_headers:
                browser.call("Network.setExtraHTTPHeaders", {"headers": {}}, session=view.session)
            browser.call("Page.navigate", {"url": "about:blank"}, session=view.session)
            store.spare.append((view.target, view.session))
        browser.call("Storage.clearCookies", store.params())
        self.pool.append(store)

    def reset(self, request):
        self.drop_scenario()
        if not self.main.alive:
            # The browser crashed or was killed in the last scenario (that scenario is an error): a new one.
            log("the browser is gone; starting another")
            self.main.close(1)
            self.pool = []
            shutil.rmtree(os.path.join(self.directory, "profile"), ignore_errors=True)
            self.main = self.launch(os.path.join(self.directory, "profile"))
        with self.lock:
            self.events = []
            self.counters = {}
        self.clock.write("+0")
        return {}

    def terminate_app(self, request):
        # The app is killed: every tab and context goes, and a persistent store's browser is closed (its cookies
        # written to its folder); the next new-data-store on that folder starts a new browser on it.
        self.drop_scenario()
        return {}

    def set_clock(self, request):
        now = field(request, "now", float)
        if not self.faketime:
            raise Unsupported("Chromium's clock cannot be moved here (libfaketime missing, or expiry did not follow it)")
        self.clock.set(now)
        return {}

    def shutdown(self):
        try:
            self.drop_scenario()
        except Exception as error:
            log(f"shutdown: {error}")
        if self.main is not None:
            self.main.close()
        if self.proxy is not None:
            self.proxy.close()
        shutil.rmtree(self.directory, ignore_errors=True)
        if os.getpgrp() == os.getpid():
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            try:
                os.killpg(os.getpgrp(), signal.SIGTERM)
            except OSError:
                pass

    OPERATIONS = {
        "start": start,
        "reset": reset,
        "set-clock": set_clock,
        "new-data-store": new_data_store,
        "terminate-app": terminate_app,
        "set-cookie": set_cookie,
        "delete-cookie": delete_cookie,
        "get-cookies": get_cookies,
        "clear-data-store": clear_data_store,
        "observe-cookies": observe_cookies,
        "new-web-view": new_web_view,
        "load": load,
        "click-link": click_link,
        "submit-form": submit_form,
        "go-back": go_back,
        "go-forward": go_forward,
        "fetch": fetch,
        "evaluate": evaluate,
        "respond": respond,
        "settle": settle,
    }


def remove_stale_directories():
    """The temporary folders of drivers that were killed (SIGKILL leaves no chance to clean up)."""
    root = tempfile.gettempdir()
    try:
        names = os.listdir(root)
    except OSError:
        return
    for name in names:
        parts = name.split("-")
        if len(parts) < 4 or parts[:2] != ["chromium", "driver"] or not parts[2].isdigit():
            continue
        try:
            os.kill(int(parts[2]), 0)
        except ProcessLookupError:
            shutil.rmtree(os.path.join(root, name), ignore_errors=True)
        except OSError:
            pass


def main():
    try:
        os.setpgrp()
    except OSError:
        pass
    # Replies go to a private copy of stdout; fd 1 becomes stderr, so nothing the browser prints reaches the
    # protocol, and no browser process holds the reply pipe open after the driver is gone.
    replies = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = os.fdopen(replies, "w", encoding="utf-8", buffering=1)
    remove_stale_directories()
    driver = Driver()
    signal.signal(signal.SIGTERM, lambda *_: (driver.shutdown(), os._exit(0)))
    try:
        driver.run()
    except (BrokenPipeError, KeyboardInterrupt):
        driver.shutdown()
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
