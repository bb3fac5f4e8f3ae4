"""What the browser drivers (chromium.py, firefox.py) share: the protocol loop, the proxy's owner, settle, the clock.

Both speak CookieHarness's driver protocol (PROTOCOL.md, this folder) for a real browser. A driver subclasses
`BrowserDriver` and provides the browser's part: `bring_up` (start the browser, set `version`), the store and view
operations named in `OPERATIONS` (`new-data-store` is the method `new_data_store`), `busy_views` (what still
loads), `browsers_alive`, `drop_scenario` and `close_browsers`, and `probe_clock` for the clock measurement.
Everything else (requests and replies, events, proxy exchanges, `settle`, `respond`, `set-clock`, `stop`, a killed
driver's leftover folder) is here, once. Standard library only.
"""

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

import proxy  # this folder's: the proxy the drivers share

PROTOCOL = 1
LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"
IDLE_QUIET = 0.02  # settle: idle means nothing happened for this long
EVENT_GRACE = 0.005  # settle: after the first event, wait this much more while the browser is still busy
EVENT_CAP = 0.02  # settle: never wait longer than this after the first event
STRAY_QUIET = 2.0  # settle: a tab's requests alone, with nothing heard for this long, are not waited for
PENDING_GRACE = 5.0  # a requested navigation counts as loading this long before its request is seen
SERVICE_CLOSED = object()  # browsers_own: close the connection

# Every op a browser driver answers besides `stop` (handled by the loop); each is the driver's method of that name.
OPERATIONS = (
    "start", "reset", "set-clock", "new-data-store", "terminate-app", "set-cookie", "delete-cookie", "get-cookies",
    "clear-data-store", "observe-cookies", "new-web-view", "load", "click-link", "submit-form", "go-back",
    "go-forward", "fetch", "evaluate", "respond", "settle",
)


class ProtocolError(Exception):
    """A request the driver cannot make sense of: replied to as `errored`."""


class Unavailable(Exception):
    """Something the driver needs is missing: `errored` with exactly this message."""


class Unsupported(Exception):
    """An operation the browser has no equivalent for: replied to as `skipped`."""


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


def log(name, message):
    sys.stderr.write(f"{name}-driver: {message}\n")
    sys.stderr.flush()


def find_executable(names):
    for directory in os.environ.get("PATH", "").split(os.pathsep):
        for name in names:
            path = os.path.join(directory or ".", name)
            if os.path.isfile(path) and os.access(path, os.X_OK):
                return path
    return None


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


class BrowserDriver:
    NAME = "browser"  # what `start` says, and the prefix of the driver's temporary folder and log lines
    ENGINE = "the browser"  # in messages
    SERVICE_DOMAINS = ()  # hosts of the browser's own services (never a scenario's: scenarios use *.example)
    # Whether libfaketime goes into the browser's processes; a driver whose browser cannot run with it says why.
    FAKETIME_BREAKS_BROWSER = None

    def __init__(self):
        self.lock = threading.Lock()  # guards events, exchanges, views' state, last_activity
        self.changed = threading.Condition(self.lock)
        self.events = []
        self.exchanges = {}
        self.last_activity = time.monotonic()
        self.started = False
        self.stopping = False
        self.directory = tempfile.mkdtemp(prefix=f"{self.NAME}-driver-{os.getpid()}-")
        self.clock = Clock(self.directory)
        self.proxy = None
        self.stores = {}
        self.views = {}
        self.pending_calls = set()
        self.counters = {}
        self.generation = 0
        self.version = None
        self.faketime = False

    def log(self, message):
        log(self.NAME, message)

    # -- events ----------------------------------------------------------------------------------------------------

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

    # -- what every browser driver does the same way on top of its own protocol -------------------------------------

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

    def go_back(self, request):
        return self.go_in_history(request, -1)

    def go_forward(self, request):
        return self.go_in_history(request, 1)

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
            number = self.number("navigation")
            view.pending.append((number, time.monotonic()))
            self.last_activity = time.monotonic()
        return number

    # -- the proxy's owner interface -------------------------------------------------------------------------------

    def start_proxy(self):
        try:
            cert, key = proxy.make_certificate(self.directory, f"cookieharness-{self.NAME}-driver")
        except proxy.MissingTool as missing:
            raise Unavailable(f"{missing} not installed: run .ci/install-deps")
        self.proxy = proxy.Proxy(self, cert, key)

    def open_exchange(self, method, url, headers, body):
        own = self.browsers_own(url)
        if own is not None:
            # Not the scenario's: the exchange is answered here and never becomes an event.
            exchange = proxy.Exchange(0)
            exchange.response = None if own is SERVICE_CLOSED else own
            exchange.ready.set()
            return exchange
        with self.lock:
            exchange = proxy.Exchange(self.number("exchange"))
            self.exchanges[exchange.number] = exchange
            self.queue_event({"type": "http-request", "exchange": exchange.number, "method": method, "url": url,
                              "headers": headers, "body": body})
        return exchange

    def browsers_own(self, url):
        """The answer to a request the browser makes by itself, or None for the scenario's requests.

        Browsers ask their vendor's services (updates, settings, safe browsing) even with every switch that turns
        them off, and ask each page's origin for /favicon.ico. Those requests are not the scenario's: the services
        get no answer (the connection closes), a favicon a 404 without Set-Cookie.
        """
        parts = urllib.parse.urlsplit(url)
        host = (parts.hostname or "").lower()
        if any(host == domain or host.endswith("." + domain) for domain in self.SERVICE_DOMAINS):
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

    def drop_exchanges(self):
        """The scenario is over: its open exchanges are closed, its views and calls forgotten."""
        with self.lock:
            self.generation += 1
            exchanges, self.exchanges = list(self.exchanges.values()), {}
            views, self.views = list(self.views.values()), {}
            self.pending_calls = set()
        for exchange in exchanges:
            exchange.response = None
            exchange.ready.set()
        return views

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
            if op not in OPERATIONS:
                raise Unsupported(f"unknown op '{op}' (this driver speaks protocol {PROTOCOL})")
            if op != "start" and not self.started:
                raise ProtocolError(f"'{op}' before a successful 'start'")
            return {"id": request_id, "status": "ok", "result": getattr(self, op.replace("-", "_"))(request)}
        except Unsupported as unsupported:
            return {"id": request_id, "status": "skipped", "reason": str(unsupported)}
        except Exception as error:
            return {
                "id": request_id if isinstance(request_id, int) and not isinstance(request_id, bool) else None,
                "status": "errored",
                "message": str(error) if isinstance(error, Unavailable) else f"{type(error).__name__}: {error}",
                "details": traceback.format_exc(),
            }

    def start(self, request):
        version = field(request, "protocol", int)
        if version != PROTOCOL:
            raise ProtocolError(f"this driver speaks protocol {PROTOCOL}, the harness asked for {version}")
        if not self.started:
            self.bring_up()
            self.started = True
            self.faketime = self.FAKETIME_BREAKS_BROWSER is None and self.clock.available and self.measure_clock()
            self.log(f"{self.ENGINE} {self.version}, proxy {self.proxy.uri}, faketime {self.faketime}")
        return {"protocol": PROTOCOL, "name": self.NAME, "version": self.version, "capabilities": [],
                "faketime": self.faketime, "language": "python"}

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
        quiet = time.monotonic() - self.last_activity
        return bool(self.exchanges or self.pending_calls or any(view.loading(quiet) for view in self.views.values()))

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

    def reset_numbering(self):
        with self.lock:
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
        if os.getpgrp() == os.getpid():
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            try:
                os.killpg(os.getpgrp(), signal.SIGTERM)
            except OSError:
                pass


def remove_stale_directories(name):
    """The temporary folders of `name` drivers that were killed (SIGKILL leaves no chance to clean up)."""
    root = tempfile.gettempdir()
    try:
        entries = os.listdir(root)
    except OSError:
        return
    for entry in entries:
        parts = entry.split("-")
        if len(parts) < 4 or parts[:2] != [name, "driver"] or not parts[2].isdigit():
            continue
        try:
            os.kill(int(parts[2]), 0)
        except ProcessLookupError:
            shutil.rmtree(os.path.join(root, entry), ignore_errors=True)
        except OSError:
            pass


def main(driver_class):
    """Runs a driver on stdin/stdout in its own process group, until `stop`, end-of-file or SIGTERM."""
    try:
        os.setpgrp()
    except OSError:
        pass
    # Replies go to a private copy of stdout; fd 1 becomes stderr, so nothing the browser prints reaches the
    # protocol, and no browser process holds the reply pipe open after the driver is gone.
    replies = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = os.fdopen(replies, "w", encoding="utf-8", buffering=1)
    remove_stale_directories(driver_class.NAME)
    driver = driver_class()
    signal.signal(signal.SIGTERM, lambda *_: (driver.shutdown(), os._exit(0)))
    try:
        driver.run()
    except (BrokenPipeError, KeyboardInterrupt):
        driver.shutdown()
    sys.stdout.flush()
    os._exit(0)
