#!/usr/bin/python3
"""webkitgtk driver: the real WebKitGTK engine (API 4.1) behind CookieHarness's WebKitEngine seam.

Speaks the driver protocol of PROTOCOL.md (this folder), version 1, in the envelope of the out-of-process store
protocol (Sources/CookieStores/OutOfProcess/PROTOCOL.md): one JSON request per line on stdin, one reply per line on
stdout, logs on stderr. Debian's /usr/bin/python3 with PyGObject (python3-gi) and gir1.2-webkit2-4.1; standard
library otherwise.

Why it is shaped like this:

- WebKit is asynchronous and calls back; the harness sends one request at a time. Everything WebKit (or the proxy)
  does between two requests is queued as an *event*, and `settle` hands the queue over. The driver never writes
  anything unasked.
- All GTK/WebKit calls happen on the main thread, which runs GLib's default main context. stdin is read by a
  thread that queues lines and wakes the context; the proxy's threads queue `http-request` events and wait for the
  harness's `respond` on a threading.Event. Python's automatic garbage collection is off (a GObject wrapper
  finalised on another thread aborts the process); `reset` collects on the main thread.
- The network is a proxy inside the driver (127.0.0.1, ephemeral port, TCP_NODELAY, HTTP/1.1 keep-alive, CONNECT
  terminated with a certificate made by openssl for the run). It never answers by itself: each request is an event
  and the harness answers with `respond`.
- A fresh ephemeral WebContext costs 150-210 ms, so ephemeral data stores (context + data manager) are kept across
  `reset`, cleared, and handed out again. Persistent stores always get a new context.
- The display: without DISPLAY the driver starts its own Xvfb (-displayfd) in its process group and stops it.
- The clock: libfaketime is preloaded into WebKit's processes only (LD_PRELOAD set just before the first WebContext
  is made; the driver's own interpreter keeps the real clock), with an offset file that `set-clock` rewrites.

Nothing from `gi` is imported before `start`, so that a missing package becomes an `errored` reply, not a traceback.
"""

import collections
import ctypes
import faulthandler
import gc
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.parse

import proxy  # this folder's: the proxy both browser drivers share

PROTOCOL = 1
NAME = "webkitgtk"
LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"
IDLE_QUIET = 0.005  # settle: idle means nothing happened for this long
PROVISIONAL_GRACE = 5.0  # an allowed main-frame navigation counts as loading this long before it starts
BLOCKING_EVENTS = ("decide-action", "decide-response", "http-request")  # WebKit waits for the answer to these
EVENT_GRACE = 0.003  # settle: after the first event, wait this much more while WebKit is still busy
EVENT_CAP = 0.012  # settle: never wait longer than this after the first event
CALL_TIMEOUT = 4.0  # evaluate / cookie calls: below the harness's 5 s request limit
INSTALL_HINT = "run .ci/install-deps"

# Filled in by Driver.start once gi is importable.
GLib = Gio = Soup = WebKit2 = None


def log(message):
    sys.stderr.write(f"webkitgtk-driver: {message}\n")
    sys.stderr.flush()


class Profile:
    """Where a driver's time goes, for `bench live --profile`: named totals, each a count and seconds. Cheap
    enough to be always on (a dictionary update per request and per wait)."""

    def __init__(self):
        self.totals = {}

    def add(self, name, seconds):
        entry = self.totals.get(name)
        if entry is None:
            self.totals[name] = [1, seconds]
        else:
            entry[0] += 1
            entry[1] += seconds

    def take(self):
        totals, self.totals = self.totals, {}
        return totals


class ProtocolError(Exception):
    """A request the driver cannot make sense of: replied to as `errored`."""


class Unavailable(Exception):
    """Something the driver needs is missing (a package, the display): `errored` with exactly this message."""


class Unsupported(Exception):
    """An operation WebKitGTK has no equivalent for: replied to as `skipped`."""


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


def header_pairs(value, name="headers"):
    if value is None:
        return []
    if not isinstance(value, list) or not all(
        isinstance(pair, list) and len(pair) == 2 and all(isinstance(part, str) for part in pair) for pair in value
    ):
        raise ProtocolError(f"field '{name}' must be an array of [name, value] string pairs")
    return value


def soup_headers(headers):
    """Every field of a Soup.MessageHeaders, in order, as [name, value] pairs."""
    pairs = []
    if headers is not None:
        headers.foreach(lambda name, value: pairs.append([name, value]))
    return pairs


def set_pdeathsig():
    """In a child: die with the driver even if the driver itself is SIGKILLed (Linux prctl PR_SET_PDEATHSIG)."""
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)
    except Exception:
        pass


# -- the display -----------------------------------------------------------------------------------------------------


class Display:
    """An Xvfb of the driver's own, when DISPLAY is unset."""

    def __init__(self):
        self.process = None

    def ensure(self):
        if os.environ.get("DISPLAY"):
            return
        xvfb = shutil.which("Xvfb")
        if xvfb is None:
            raise Unavailable("Xvfb not installed: " + INSTALL_HINT)
        read_end, write_end = os.pipe()
        try:
            self.process = subprocess.Popen(
                [xvfb, "-displayfd", str(write_end), "-nolisten", "tcp", "-screen", "0", "1024x768x24"],
                pass_fds=(write_end,),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                preexec_fn=set_pdeathsig,
            )
        finally:
            os.close(write_end)
        number = b""
        deadline = time.monotonic() + 10
        try:
            while not number.endswith(b"\n"):
                remaining = deadline - time.monotonic()
                if remaining <= 0 or not select.select([read_end], [], [], remaining)[0]:
                    raise Unavailable("Xvfb did not report a display within 10 s")
                chunk = os.read(read_end, 64)
                if not chunk:
                    raise Unavailable(f"Xvfb exited (status {self.process.poll()}) before reporting a display")
                number += chunk
        except Exception:
            self.stop()
            raise
        finally:
            os.close(read_end)
        os.environ["DISPLAY"] = ":" + number.decode().strip()
        log(f"started Xvfb on {os.environ['DISPLAY']}")

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(2)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


# -- WebKit objects --------------------------------------------------------------------------------------------------


class Store:
    """A data store: a WebsiteDataManager with its own WebContext (its own network session)."""

    def __init__(self, manager, context, persistent):
        self.manager = manager
        self.context = context
        self.cookies = manager.get_cookie_manager()
        self.persistent = persistent
        self.number = None
        self.observer = None  # handler id of `changed` while observed
        # A web view kept across scenarios (ephemeral stores only): a new view costs a web process launch
        # (~120 ms before its first navigation action), a reused one nothing. (widget, UserContentManager).
        self.spare = None

    def forget_observer(self):
        if self.observer is not None:
            self.cookies.disconnect(self.observer)
            self.observer = None

    def destroy(self):
        self.forget_observer()
        if self.spare is not None:
            self.spare[0].destroy()
            self.spare = None
        # The CookieManager wrapper must go before its WebsiteDataManager (the other order segfaults).
        self.cookies = None
        self.context = None
        self.manager = None


class View:
    """A web view and its navigation bookkeeping."""

    def __init__(self, number, store, widget, content):
        self.number = number
        self.store = store
        self.widget = widget
        self.content = content
        self.handlers = []
        self.assigned_since = 0.0  # when the last entry of `assigned` was added
        self.reused = False  # the widget was a store's spare (its web process already running)
        self.actions = 0  # main-frame navigation actions so far (the first one's wait includes a web process start)
        self.assigned = collections.deque()  # (number, url) from load/click-link, for the next main-frame actions
        self.provisional = False  # a main-frame navigation was decided and has not committed or failed yet
        self.provisional_since = 0.0
        self.frame_urls = set()  # URLs whose navigation actions were classified as a frame's
        self.navigation = None  # the current navigation's number
        self.cancelled = False  # the harness cancelled the current navigation: not loading for idle

    def loading(self):
        """WebKit says it is loading, or a main-frame navigation was allowed and has not started yet: a
        cross-site navigation swaps the web process first, and `is_loading()` is false meanwhile (for a few
        hundred milliseconds), which must not pass for idle. The wait is bounded, for a navigation WebKit drops
        without a word."""
        if self.widget is None or self.cancelled:
            return False
        if self.provisional and time.monotonic() - self.provisional_since < PROVISIONAL_GRACE:
            return True
        # A load, link, form or history step was asked for and its navigation action has not come yet: a form's
        # submit() (and a link's click()) schedules the navigation on a timer of the page, so `is_loading()` is
        # still false right after the script returned.
        if self.assigned and time.monotonic() - self.assigned_since < PROVISIONAL_GRACE:
            return True
        return self.widget.is_loading()

    def detach(self):
        """Disconnect the driver's handlers; the (widget, content manager) pair, or None if already detached."""
        widget, self.widget = self.widget, None
        if widget is None:
            return None
        for handler in self.handlers:
            widget.disconnect(handler)
        self.handlers = []
        try:
            widget.stop_loading()
        except Exception:
            pass
        content, self.content = self.content, None
        return widget, content

    def destroy(self):
        parts = self.detach()
        if parts is not None:
            parts[0].destroy()


class Clock:
    """libfaketime in WebKit's processes: an offset file that set-clock rewrites."""

    def __init__(self, directory):
        self.available = os.path.exists(LIBFAKETIME)
        self.path = os.path.join(directory, "faketime")
        self.installed = False

    def install(self):
        """Put libfaketime into the environment WebKit's processes inherit (once, before the first WebContext)."""
        if not self.available or self.installed:
            return
        self.write("+0")
        preload = os.environ.get("LD_PRELOAD")
        os.environ["LD_PRELOAD"] = LIBFAKETIME + (":" + preload if preload else "")
        os.environ["FAKETIME_TIMESTAMP_FILE"] = self.path
        os.environ["FAKETIME_NO_CACHE"] = "1"
        os.environ["FAKETIME_DONT_FAKE_MONOTONIC"] = "1"
        self.installed = True

    def set(self, now):
        # libfaketime takes a fractional offset: whole seconds would put WebKit up to half a second off the
        # scenario's clock, enough to expire a Max-Age=60 cookie 59 seconds later.
        offset = now - time.time()
        self.write(f"{offset:+.3f}s")

    def write(self, text):
        temporary = self.path + ".new"
        with open(temporary, "w") as handle:
            handle.write(text + "\n")
        os.replace(temporary, self.path)


# -- the driver ------------------------------------------------------------------------------------------------------


class Driver:
    def __init__(self):
        self.incoming = collections.deque()  # request lines from the stdin thread; None at end-of-file
        self.incoming_ready = threading.Condition()
        self.lock = threading.Lock()  # guards events, exchanges, last_activity (shared with proxy threads)
        self.events = []
        self.exchanges = {}
        self.redirects = {}  # normalised request URL -> normalised 3xx Location target (proxy threads write)
        self.last_activity = time.monotonic()
        self.started = False
        self.stopping = False
        self.display = Display()
        remove_stale_directories()
        self.directory = tempfile.mkdtemp(prefix=f"webkitgtk-driver-{os.getpid()}-")
        self.clock = Clock(self.directory)
        self.proxy = None
        self.main_context = None
        self.pool = []  # cleared ephemeral stores, ready to be handed out again
        self.stores = {}
        self.views = {}
        self.decisions = {}  # number -> (decision, view)
        self.pending_calls = set()  # fetch requests and JavaScript calls running
        self.generation = 0  # bumped by reset: callbacks of an earlier scenario are ignored
        self.counters = {}
        self.version = None
        self.profile = Profile()
        self.waiting_since = {}  # ("exchange"|"decision", number) -> when WebKit began waiting for the harness

    # -- threads and the main loop ---------------------------------------------------------------------------------

    def read_stdin(self):
        for raw in sys.stdin.buffer:
            self.push_line(raw)
        self.push_line(None)

    def push_line(self, line):
        with self.incoming_ready:
            self.incoming.append(line)
            self.incoming_ready.notify()
        self.wake()

    def wake(self):
        if self.main_context is not None:
            GLib.idle_add(_false)

    def note_activity(self):
        with self.lock:
            self.last_activity = time.monotonic()

    def queue_event(self, event):
        with self.lock:
            self.events.append(event)
            self.last_activity = time.monotonic()
        self.wake()

    def next_number(self, kind):
        self.counters[kind] = self.counters.get(kind, 0) + 1
        return self.counters[kind]

    def iterate(self, timeout):
        """Run one iteration of the main context, blocking at most `timeout` seconds."""
        if timeout <= 0:
            self.main_context.iteration(False)
            return
        fired = []
        source = GLib.timeout_add(max(1, int(timeout * 1000 + 0.5)), lambda: fired.append(1) and False)
        self.main_context.iteration(True)
        if not fired:
            GLib.source_remove(source)

    def run_until(self, predicate, timeout):
        deadline = time.monotonic() + timeout
        while not predicate():
            remaining = deadline - time.monotonic()
            if remaining <= 0 or self.stopping:
                return predicate()
            self.iterate(remaining)
        return True

    def call(self, begin, finish, timeout=CALL_TIMEOUT, what="call"):
        """Run a GIO-style asynchronous call to completion, running the main loop meanwhile.

        `begin(callback)` starts the call; `finish` names the source object's `…_finish` method, whose value (or
        error) is the call's.
        """
        outcome = {}

        def done(source, result, *_):
            try:
                outcome["value"] = getattr(source, finish)(result)
            except Exception as error:  # GLib.Error included: re-raised on the main flow
                outcome["error"] = error

        begin(done)
        if not self.run_until(lambda: outcome, timeout):
            raise TimeoutError(f"{what} did not complete within {timeout:g} s")
        if "error" in outcome:
            raise outcome["error"]
        return outcome["value"]

    def run(self):
        reader = threading.Thread(target=self.read_stdin, name="stdin", daemon=True)
        reader.start()
        while not self.stopping:
            line = self.take_line()
            if line is None:
                break
            text = line.decode("utf-8", "replace").strip()
            if not text:
                continue
            reply = self.handle(text)
            sys.stdout.write(json.dumps(reply, ensure_ascii=True) + "\n")
            sys.stdout.flush()
        self.shutdown()

    def take_line(self):
        """The next request line (None at end-of-file), running WebKit's main loop meanwhile once it is up."""
        while True:
            with self.incoming_ready:
                if self.incoming:
                    return self.incoming.popleft()
                if self.main_context is None:
                    self.incoming_ready.wait()
                    continue
            self.main_context.iteration(True)
            if self.stopping:
                return None

    # -- requests ---------------------------------------------------------------------------------------------------

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
            operation = self.OPERATIONS.get(op)
            if operation is None:
                raise Unsupported(f"unknown op '{op}' (this driver speaks protocol {PROTOCOL})")
            if op != "start" and not self.started:
                raise ProtocolError(f"'{op}' before a successful 'start'")
            began = time.monotonic()
            try:
                return {"id": request_id, "status": "ok", "result": operation(self, request)}
            finally:
                self.profile.add("op " + op, time.monotonic() - began)
        except Unsupported as unsupported:
            return {"id": request_id, "status": "skipped", "reason": str(unsupported)}
        except Exception as error:
            if isinstance(error, Unavailable):
                message = str(error)
            else:
                message = getattr(error, "message", None) if GLib and isinstance(error, GLib.Error) else None
            return {
                "id": request_id if isinstance(request_id, int) and not isinstance(request_id, bool) else None,
                "status": "errored",
                "message": message or f"{type(error).__name__}: {error}",
                "details": traceback.format_exc(),
            }

    def start(self, request):
        version = field(request, "protocol", int)
        if version != PROTOCOL:
            raise ProtocolError(f"this driver speaks protocol {PROTOCOL}, the harness asked for {version}")
        if not self.started:
            self.bring_up()
        return {
            "protocol": PROTOCOL,
            "name": NAME,
            "version": self.version,
            "capabilities": [],
            "faketime": self.clock.available,
            "language": "python",
        }

    def bring_up(self):
        global GLib, Gio, Soup, WebKit2
        self.display.ensure()
        try:
            import gi
        except ImportError:
            raise Unavailable("PyGObject is missing: install the Debian package python3-gi (" + INSTALL_HINT + ")")
        try:
            gi.require_version("Gtk", "3.0")
            gi.require_version("Soup", "3.0")
            gi.require_version("WebKit2", "4.1")
            from gi.repository import GLib as glib, Gio as gio, Gtk, Soup as soup, WebKit2 as webkit2
        except (ImportError, ValueError) as error:
            raise Unavailable(
                f"WebKitGTK 4.1 is missing ({error}): install the Debian package gir1.2-webkit2-4.1 ({INSTALL_HINT})"
            )
        initialised = Gtk.init_check(sys.argv[:1])
        if not (initialised[0] if isinstance(initialised, tuple) else initialised):
            raise Unavailable(f"GTK cannot open the display {os.environ.get('DISPLAY')}")
        GLib, Gio, Soup, WebKit2 = glib, gio, soup, webkit2
        self.version = (
            f"{WebKit2.get_major_version()}.{WebKit2.get_minor_version()}.{WebKit2.get_micro_version()} "
            f"(libsoup {Soup.get_major_version()}.{Soup.get_minor_version()}.{Soup.get_micro_version()})"
        )
        cert, key = self.make_certificate()
        self.proxy = proxy.Proxy(self, cert, key)
        self.main_context = GLib.MainContext.default()
        GLib.unix_signal_add(GLib.PRIORITY_HIGH, signal.SIGTERM, self.on_sigterm)
        self.clock.install()
        self.started = True
        # Warm up: the first context and its processes cost ~1 s; pay it here, inside start's longer time limit.
        store = self.make_ephemeral()
        self.pool.append(store)
        try:
            self.warm_up(store)
        except Exception as error:
            log(f"warm-up failed: {error}")
        # Everything made so far (gi's modules and wrappers: hundreds of thousands of objects) lives as long as the
        # driver: out of the collector's sight, a collection between scenarios scans what a scenario made (≈ 0.01
        # ms) instead of everything (3-27 ms, measured).
        gc.collect()
        gc.freeze()
        log(f"WebKitGTK {self.version}, proxy {self.proxy.uri}, display {os.environ.get('DISPLAY')}")

    def make_certificate(self):
        try:
            return proxy.make_certificate(self.directory, "cookieharness-webkitgtk-driver")
        except proxy.MissingTool as missing:
            raise Unavailable(f"{missing} not installed: {INSTALL_HINT}")

    def warm_up(self, store):
        content = WebKit2.UserContentManager()
        widget = WebKit2.WebView(web_context=store.context, user_content_manager=content)
        self.configure(widget)
        widget.load_uri("about:blank")
        self.run_until(lambda: not widget.is_loading(), 10)
        store.spare = (widget, content)

    def on_sigterm(self):
        log("SIGTERM")
        self.stopping = True
        return False

    # -- data stores ------------------------------------------------------------------------------------------------

    def configure_manager(self, manager):
        settings = WebKit2.NetworkProxySettings.new(self.proxy.uri, None)
        settings.add_proxy_for_scheme("http", self.proxy.uri)
        settings.add_proxy_for_scheme("https", self.proxy.uri)
        manager.set_network_proxy_settings(WebKit2.NetworkProxyMode.CUSTOM, settings)
        manager.set_tls_errors_policy(WebKit2.TLSErrorsPolicy.IGNORE)

    def make_context(self, manager):
        self.clock.install()
        context = WebKit2.WebContext(website_data_manager=manager)
        # No memory or page cache: every load must go through the proxy (and the harness) again.
        context.set_cache_model(WebKit2.CacheModel.DOCUMENT_VIEWER)
        return context

    def make_ephemeral(self):
        manager = WebKit2.WebsiteDataManager.new_ephemeral()
        self.configure_manager(manager)
        return Store(manager, self.make_context(manager), persistent=False)

    def make_persistent(self, directory):
        os.makedirs(directory, exist_ok=True)
        manager = WebKit2.WebsiteDataManager(
            base_data_directory=os.path.join(directory, "data"),
            base_cache_directory=os.path.join(directory, "cache"),
        )
        self.configure_manager(manager)
        manager.get_cookie_manager().set_persistent_storage(
            os.path.join(directory, "cookies.sqlite"), WebKit2.CookiePersistentStorage.SQLITE
        )
        return Store(manager, self.make_context(manager), persistent=True)

    def new_data_store(self, request):
        persistent = field(request, "persistent", bool)
        began = time.monotonic()
        if persistent:
            store = self.make_persistent(field(request, "directory", str))
            kind = "persistent"
        elif self.pool:
            store, kind = self.pool.pop(), "ephemeral, reused"
        else:
            store, kind = self.make_ephemeral(), "ephemeral, new"
        self.profile.add(f"new-data-store: {kind}", time.monotonic() - began)
        store.number = self.next_number("store")
        self.stores[store.number] = store
        return {"store": store.number}

    def store_of(self, request):
        number = field(request, "store", int)
        if number not in self.stores:
            raise ProtocolError(f"no data store {number}")
        return self.stores[number]

    def release_stores(self):
        """Destroy every store; clear the ephemeral ones (and blank their spare views) and keep them for reuse."""
        clearing = {}

        def cleared(manager, result, store):
            try:
                manager.clear_finish(result)
                clearing[store] = True
            except Exception as error:
                log(f"clearing a reused store failed ({error}); dropping it")
                clearing[store] = False

        for store in self.stores.values():
            store.forget_observer()
            if store.persistent:
                store.destroy()
                continue
            clearing[store] = None
            store.manager.clear(WebKit2.WebsiteDataTypes.ALL, 0, None, cleared, store)
        self.stores = {}
        began = time.monotonic()
        done = self.run_until(
            lambda: all(state is not None for state in clearing.values())
            and not any(store.spare is not None and store.spare[0].is_loading() for store in clearing), CALL_TIMEOUT)
        if clearing:
            self.profile.add("reset: clearing reused ephemeral stores", time.monotonic() - began)
        for store, state in clearing.items():
            if state and done:
                self.pool.append(store)
            else:
                store.destroy()

    # -- cookies ----------------------------------------------------------------------------------------------------

    def soup_cookie(self, record):
        if not isinstance(record, dict):
            raise ProtocolError("field 'cookie' must be an object")
        name = field(record, "name", str)
        value = field(record, "value", str, "", optional=True)
        domain = field(record, "domain", str)
        path = field(record, "path", str, "/", optional=True)
        cookie = Soup.Cookie.new(name, value, domain, path, -1)
        cookie.set_secure(bool(record.get("secure", False)))
        cookie.set_http_only(bool(record.get("http-only", False)))
        expires = record.get("expires")
        if expires is not None:
            cookie.set_expires(GLib.DateTime.new_from_unix_utc(int(round(field(record, "expires", float)))))
        same_site = record.get("same-site")
        if same_site is not None:
            policies = {"none": Soup.SameSitePolicy.NONE, "lax": Soup.SameSitePolicy.LAX,
                        "strict": Soup.SameSitePolicy.STRICT}
            if same_site not in policies:
                raise ProtocolError(f"unknown same-site '{same_site}'")
            cookie.set_same_site_policy(policies[same_site])
        return cookie

    @staticmethod
    def cookie_record(cookie):
        expires = cookie.get_expires()
        same_site = {Soup.SameSitePolicy.NONE: "none", Soup.SameSitePolicy.LAX: "lax",
                     Soup.SameSitePolicy.STRICT: "strict"}.get(cookie.get_same_site_policy())
        return {
            "name": cookie.get_name(),
            "value": cookie.get_value(),
            "domain": cookie.get_domain(),
            "path": cookie.get_path(),
            "secure": bool(cookie.get_secure()),
            "http-only": bool(cookie.get_http_only()),
            "expires": None if expires is None else expires.to_unix(),
            "same-site": same_site,
        }

    def set_cookie(self, request):
        store = self.store_of(request)
        cookie = self.soup_cookie(request.get("cookie"))
        self.call(lambda done: store.cookies.add_cookie(cookie, None, done), "add_cookie_finish", what="add_cookie")
        return {}

    def delete_cookie(self, request):
        store = self.store_of(request)
        cookie = self.soup_cookie(request.get("cookie"))
        self.call(lambda done: store.cookies.delete_cookie(cookie, None, done), "delete_cookie_finish",
                  what="delete_cookie")
        return {}

    def clear_data_store(self, request):
        """`webkit_website_data_manager_clear(ALL, 0)`: every kind of website data of the store, cookies included."""
        store = self.store_of(request)
        self.call(lambda done: store.manager.clear(WebKit2.WebsiteDataTypes.ALL, 0, None, done), "clear_finish",
                  what="clear")
        return {}

    def get_cookies(self, request):
        store = self.store_of(request)
        cookies = self.call(lambda done: store.cookies.get_all_cookies(None, done), "get_all_cookies_finish",
                            what="get_all_cookies")
        return {"cookies": [self.cookie_record(cookie) for cookie in cookies or []]}

    def observe_cookies(self, request):
        store = self.store_of(request)
        if store.observer is None:
            number = store.number

            def changed(_manager):
                with self.lock:
                    self.last_activity = time.monotonic()
                    if any(e["type"] == "cookies-changed" and e["store"] == number for e in self.events):
                        return
                self.queue_event({"type": "cookies-changed", "store": number})

            store.observer = store.cookies.connect("changed", changed)
        return {}

    # -- web views --------------------------------------------------------------------------------------------------

    @staticmethod
    def configure(widget):
        settings = widget.get_settings()
        settings.set_hardware_acceleration_policy(WebKit2.HardwareAccelerationPolicy.NEVER)
        settings.set_enable_page_cache(False)

    @staticmethod
    def user_scripts(request):
        """The request's `scripts` as WebKit2.UserScripts (main frame only)."""
        scripts = request.get("scripts") or []
        if not isinstance(scripts, list):
            raise ProtocolError("field 'scripts' must be an array")
        sources = []
        for script in scripts:
            if not isinstance(script, dict):
                raise ProtocolError("a script must be an object")
            when = field(script, "time", str)
            if when not in ("start", "end"):
                raise ProtocolError(f"script time must be 'start' or 'end', not '{when}'")
            sources.append(WebKit2.UserScript.new(
                field(script, "source", str),
                WebKit2.UserContentInjectedFrames.TOP_FRAME,
                WebKit2.UserScriptInjectionTime.START if when == "start" else WebKit2.UserScriptInjectionTime.END,
                None, None,
            ))
        return sources

    def new_web_view(self, request):
        store = self.store_of(request)
        sources = self.user_scripts(request)
        reused = store.spare is not None
        if reused:
            (widget, content), store.spare = store.spare, None
        else:
            content = WebKit2.UserContentManager()
            widget = WebKit2.WebView(web_context=store.context, user_content_manager=content)
            self.configure(widget)
        for script in sources:
            content.add_script(script)
        view = View(self.next_number("view"), store, widget, content)
        view.reused = reused
        view.handlers = [
            widget.connect("decide-policy", self.on_decide_policy, view),
            widget.connect("load-changed", self.on_load_changed, view),
            widget.connect("load-failed", self.on_load_failed, view),
            widget.connect("create", lambda *_: None),
        ]
        self.views[view.number] = view
        return {"view": view.number}

    def set_scripts(self, request):
        view = self.view_of(request)
        sources = self.user_scripts(request)
        view.content.remove_all_scripts()
        for script in sources:
            view.content.add_script(script)
        return {}

    def view_of(self, request):
        number = field(request, "view", int)
        view = self.views.get(number)
        if view is None or view.widget is None:
            raise ProtocolError(f"no web view {number}")
        return view

    def assign_navigation(self, view, url):
        number = self.next_number("navigation")
        view.assigned.append((number, normalised(url)))
        view.assigned_since = time.monotonic()
        view.cancelled = False
        return number

    def load(self, request):
        view = self.view_of(request)
        url = field(request, "url", str)
        method = field(request, "method", str, "GET", optional=True)
        headers = header_pairs(request.get("headers"))
        body = request.get("body")
        if method.upper() != "GET":
            raise Unsupported(f"WebKitGTK 4.1's URIRequest has no method or body: a {method} load is impossible")
        if body not in (None, ""):
            raise Unsupported("WebKitGTK 4.1's URIRequest has no body")
        uri_request = WebKit2.URIRequest.new(url)
        fields = uri_request.get_http_headers()
        if fields is None and headers:
            raise Unsupported("this WebKitGTK gives a URIRequest no header object: headers cannot be added")
        for name, value in headers:
            fields.append(name, value)
        number = self.assign_navigation(view, url)
        view.widget.load_request(uri_request)
        self.note_activity()
        return {"navigation": number}

    def click_link(self, request):
        view = self.view_of(request)
        url = field(request, "url", str)
        script = (
            "(function(){var a=document.createElement('a');a.href=%s;a.textContent='link';"
            "(document.body||document.documentElement).appendChild(a);a.click();})();" % json.dumps(url)
        )
        return self.navigate_by_script(view, url, script)

    def submit_form(self, request):
        view = self.view_of(request)
        url = field(request, "url", str)
        method = field(request, "method", str, "POST", optional=True)
        body = field(request, "body", str, "", optional=True)
        if method.upper() not in ("GET", "POST"):
            raise Unsupported(f"an HTML form submits GET or POST, not {method}")
        # The page builds a form of hidden inputs from the url-encoded body and submits it: a real in-page POST
        # (application/x-www-form-urlencoded, fields in body order), a navigation of type form-submitted.
        script = (
            "(function(){var f=document.createElement('form');f.method=%s;f.action=%s;"
            "new URLSearchParams(%s).forEach(function(v,k){var i=document.createElement('input');i.type='hidden';"
            "i.name=k;i.value=v;f.appendChild(i);});"
            "(document.body||document.documentElement).appendChild(f);f.submit();})();"
            % (json.dumps(method.lower()), json.dumps(url), json.dumps(body))
        )
        return self.navigate_by_script(view, url, script)

    def navigate_by_script(self, view, url, script):
        """Runs page script that starts a navigation to url (a link click, a form submission): the navigation number
        is assigned first, and taken back if the script cannot run."""
        number = self.assign_navigation(view, url)
        try:
            self.evaluate_in(view, script)
        except Exception:
            view.assigned = collections.deque(entry for entry in view.assigned if entry[0] != number)
            raise
        return {"navigation": number}

    def go_back(self, request):
        return self.go_in_history(request, -1)

    def go_forward(self, request):
        return self.go_in_history(request, 1)

    def go_in_history(self, request, step):
        """`webkit_web_view_go_back`/`go_forward`: the history item's URL is loaded again (the page cache is off)."""
        view = self.view_of(request)
        history = view.widget.get_back_forward_list()
        item = history.get_back_item() if step < 0 else history.get_forward_item()
        if item is None:
            return {"navigation": None}
        number = self.assign_navigation(view, item.get_uri())
        if step < 0:
            view.widget.go_back()
        else:
            view.widget.go_forward()
        self.note_activity()
        return {"navigation": number}

    def evaluate_in(self, view, source):
        """Evaluate `source` in the view's main frame; its value as a string, or None for undefined/null."""
        token = object()
        self.pending_calls.add(token)
        try:
            value = self.call(lambda done: view.widget.evaluate_javascript(source, -1, None, None, None, done),
                              "evaluate_javascript_finish", what="the JavaScript")
        finally:
            self.pending_calls.discard(token)
            self.note_activity()
        if value is None or value.is_undefined() or value.is_null():
            return None
        return value.to_string()

    def evaluate(self, request):
        view = self.view_of(request)
        return {"value": self.evaluate_in(view, field(request, "source", str))}

    def fetch(self, request):
        view = self.view_of(request)
        url = field(request, "url", str)
        method = field(request, "method", str, "GET", optional=True)
        headers = header_pairs(request.get("headers"))
        body = request.get("body")
        if body is not None and not isinstance(body, str):
            raise ProtocolError("field 'body' must be a string or null")
        number = self.next_number("request")
        token = ("fetch", number)
        generation = self.generation
        arguments = GLib.Variant("a{sv}", {
            "url": GLib.Variant("s", url),
            "init": GLib.Variant("s", json.dumps({
                "method": method, "headers": headers, "credentials": "include", "mode": "no-cors",
                **({"body": body} if body is not None and method.upper() not in ("GET", "HEAD") else {}),
            })),
        })
        script = "await fetch(url, JSON.parse(init)); return true;"

        def done(widget, result, *_):
            if generation != self.generation:
                return
            self.pending_calls.discard(token)
            event = {"type": "fetch-done", "request": number, "ok": True}
            try:
                widget.call_async_javascript_function_finish(result)
            except Exception as error:
                event["ok"] = False
                event["message"] = getattr(error, "message", None) or str(error)
            self.queue_event(event)

        self.pending_calls.add(token)
        view.widget.call_async_javascript_function(script, -1, arguments, None, None, None, done)
        self.note_activity()
        return {"request": number}

    # -- WebKit's callbacks -----------------------------------------------------------------------------------------

    @staticmethod
    def request_record(uri_request):
        return {
            "url": uri_request.get_uri(),
            "method": uri_request.get_http_method() or "GET",
            "headers": soup_headers(uri_request.get_http_headers()),
        }

    # WebKitGTK 4.1 (2.50) cannot tell a main-frame navigation action from a frame's: the frame name is a link's
    # `target` only, and webkit_navigation_action_is_for_main_frame exists in no release. The driver classifies:
    #   - an action for the URL of a pending `load`/`click-link`, or a `load`'s (no Referer): the main frame;
    #   - a redirect hop: the main frame's while its navigation is provisional, unless the hop is the 3xx target
    #     of a request already known to be a frame's;
    #   - anything else (the page navigating by itself, or a frame loading): the page is asked whether one of its
    #     frame elements (same-origin nested documents included) has that URL as `src`; if so a frame's.
    # Frame actions are allowed by the driver itself and never reported (PROTOCOL.md, decide-action).

    FRAME_PROBE = (
        "var n=function(x){try{var a=new URL(x,document.baseURI);a.hash='';return a.href}catch(e){return x}};"
        "var t=n(url);var f=function(d){var l=d.querySelectorAll('iframe,frame');for(var i=0;i<l.length;i++){"
        "var e=l[i];if(e.src&&n(e.src)===t)return true;try{if(e.contentDocument&&f(e.contentDocument))return true}"
        "catch(x){}}return false};return f(document);"
    )

    def on_decide_policy(self, widget, decision, kind, view):
        if view.widget is None:
            decision.ignore()
            return True
        if kind == WebKit2.PolicyDecisionType.NEW_WINDOW_ACTION:
            decision.ignore()
            return True
        if kind == WebKit2.PolicyDecisionType.NAVIGATION_ACTION:
            action = decision.get_navigation_action()
            request = self.request_record(action.get_request())
            details = (request, NAVIGATION_TYPES.get(int(action.get_navigation_type()), "other"),
                       bool(action.is_redirect()))
            url = normalised(request["url"])
            if details[2]:
                self.classified(view, decision, details, view.provisional and not self.frame_redirect(view, url))
            elif view.assigned and (view.assigned[0][1] == url or not any(
                    name.lower() == "referer" for name, _ in request["headers"])):
                self.classified(view, decision, details, True)
            else:
                self.probe_frame(view, decision, details)
            return True
        if kind == WebKit2.PolicyDecisionType.RESPONSE:
            if not decision.is_main_frame_main_resource():
                decision.use()
                return True
            response = decision.get_response()
            number = self.next_number("decision")
            self.decisions[number] = (decision, view)
            with self.lock:
                self.waiting_since[("decision", number)] = time.monotonic()
            self.queue_event({
                "type": "decide-response",
                "decision": number,
                "view": view.number,
                "navigation": view.navigation,
                "response": {
                    "url": response.get_uri(),
                    "status": response.get_status_code(),
                    "headers": soup_headers(response.get_http_headers()),
                },
            })
            return True
        decision.use()
        return True

    def frame_redirect(self, view, url):
        """Is `url` the 3xx target of a request known to be a frame's?"""
        with self.lock:
            return any(self.redirects.get(source) == url for source in view.frame_urls)

    def probe_frame(self, view, decision, details):
        """Ask the page whether a frame element of it loads the action's URL; classify when it answers."""
        token = object()
        generation = self.generation
        self.pending_calls.add(token)

        def answered(widget, result, *_):
            if generation != self.generation or view.widget is None:
                return
            self.pending_calls.discard(token)
            try:
                frame = widget.call_async_javascript_function_finish(result).to_boolean()
            except Exception:
                frame = False
            self.classified(view, decision, details, not frame)

        arguments = GLib.Variant("a{sv}", {"url": GLib.Variant("s", details[0]["url"])})
        view.widget.call_async_javascript_function(self.FRAME_PROBE, -1, arguments, None, None, None, answered)

    def classified(self, view, decision, details, main_frame):
        request, navigation_type, redirect = details
        if not main_frame:
            view.frame_urls.add(normalised(request["url"]))
            decision.use()
            self.note_activity()
            return
        if redirect and view.navigation is not None:
            navigation = view.navigation
        elif view.assigned:
            view.actions += 1
            if view.actions == 1:
                kind = "a reused view" if view.reused else "a new view (web process start)"
                self.profile.add(f"first navigation action of {kind}, after its load", time.monotonic() - view.assigned_since)
            navigation = view.assigned.popleft()[0]
        else:
            navigation = self.next_number("navigation")
        view.navigation = navigation
        view.cancelled = False
        view.provisional = True
        view.provisional_since = time.monotonic()
        number = self.next_number("decision")
        self.decisions[number] = (decision, view)
        with self.lock:
            self.waiting_since[("decision", number)] = time.monotonic()
        self.queue_event({
            "type": "decide-action",
            "decision": number,
            "view": view.number,
            "navigation": navigation,
            "request": request,
            "navigation-type": navigation_type,
            "redirect": redirect,
        })

    def on_load_changed(self, widget, event, view):
        if view.widget is None:
            return
        state = LOAD_STATES.get(int(event))
        if state == "started":
            view.cancelled = False
        elif state in ("committed", "finished"):
            view.provisional = False
        self.queue_event({"type": "navigation", "view": view.number, "navigation": view.navigation, "state": state,
                          "url": widget.get_uri()})

    def on_load_failed(self, widget, event, uri, error, view):
        if view.widget is None:
            return False
        view.provisional = False
        cancelled = error.matches(WebKit2.NetworkError.quark(), int(WebKit2.NetworkError.CANCELLED)) or error.matches(
            WebKit2.PolicyError.quark(), int(WebKit2.PolicyError.FRAME_LOAD_INTERRUPTED_BY_POLICY_CHANGE))
        # WebKit's redirect limit comes with an empty error domain and code 0 (WebKitGTK 2.50.6): its fixed message,
        # "Load cannot follow more than 20 redirections", is the only sign of it.
        redirects = error.matches(Soup.SessionError.quark(), int(Soup.SessionError.TOO_MANY_REDIRECTS)) or (
            "redirection" in error.message and "more than" in error.message)
        self.queue_event({"type": "navigation", "view": view.number, "navigation": view.navigation,
                          "state": "failed", "url": widget.get_uri(), "message": error.message,
                          "cancelled": bool(cancelled), "too-many-redirects": bool(redirects)})
        return True  # handled: no error page is loaded (it would commit as if it were the page)

    # -- decisions and the proxy ------------------------------------------------------------------------------------

    def decide(self, request):
        number = field(request, "decision", int)
        policy = field(request, "policy", str)
        if policy not in ("allow", "cancel"):
            raise ProtocolError(f"policy must be 'allow' or 'cancel', not '{policy}'")
        entry = self.decisions.pop(number, None)
        if entry is None:
            raise ProtocolError(f"no pending decision {number}")
        decision, view = entry
        with self.lock:
            since = self.waiting_since.pop(("decision", number), None)
        if since is not None:
            self.profile.add("decisions: WebKit waits for the harness's decide", time.monotonic() - since)
        if policy == "allow":
            decision.use()
        else:
            decision.ignore()
            view.cancelled = True
            view.provisional = False
        self.note_activity()
        return {}

    def open_exchange(self, method, url, headers, body):
        """Proxy thread: register a request and queue its event."""
        with self.lock:
            self.counters["exchange"] = self.counters.get("exchange", 0) + 1
            exchange = proxy.Exchange(self.counters["exchange"])
            self.exchanges[exchange.number] = exchange
            self.waiting_since[("exchange", exchange.number)] = time.monotonic()
        self.queue_event({"type": "http-request", "exchange": exchange.number, "method": method, "url": url,
                          "headers": headers, "body": body})
        return exchange

    def note_redirect(self, url, location):
        with self.lock:
            self.redirects[normalised(url)] = normalised(urllib.parse.urljoin(url, location))

    def close_exchange(self, exchange):
        with self.lock:
            if self.exchanges.get(exchange.number) is exchange:
                del self.exchanges[exchange.number]
            self.last_activity = time.monotonic()

    def respond(self, request):
        number = field(request, "exchange", int)
        with self.lock:
            exchange = self.exchanges.get(number)
        if exchange is None or exchange.ready.is_set():
            raise ProtocolError(f"no pending exchange {number}")
        with self.lock:
            since = self.waiting_since.pop(("exchange", number), None)
        if since is not None:
            self.profile.add("proxy: a request waits for the harness's respond", time.monotonic() - since)
        if request.get("no-server") is True:
            exchange.response = None
        else:
            status = field(request, "status", int)
            headers = header_pairs(request.get("headers"))
            body = field(request, "body", str, "", optional=True)
            exchange.response = (status, headers, body)
        exchange.ready.set()
        self.note_activity()
        return {}

    # -- settle, reset, clock, stop ---------------------------------------------------------------------------------

    def busy(self):
        if self.decisions or self.pending_calls:
            return True
        with self.lock:
            if self.exchanges:
                return True
        return any(view.loading() for view in self.views.values())

    def busy_reason(self):
        """What a settle that ran out of time still waited for, said in its reply (`busy`)."""
        reasons = []
        if self.decisions:
            reasons.append(f"decisions {sorted(self.decisions)} wait for the harness")
        if self.pending_calls:
            reasons.append(f"{len(self.pending_calls)} fetch or JavaScript call(s) running")
        with self.lock:
            if self.exchanges:
                reasons.append(f"proxy exchanges {sorted(self.exchanges)} wait for the harness")
        for view in self.views.values():
            if view.loading():
                why = ("provisional" if view.provisional else "its load's navigation action has not come"
                       if view.assigned else "WebKit is loading")
                reasons.append(f"web view {view.number} at {view.widget.get_uri()}: {why}")
        return "; ".join(reasons) or "nothing (quiet window not reached)"

    def settle(self, request):
        wait = max(0.0, field(request, "wait", float))
        start = time.monotonic()
        deadline = start + wait
        first_event = None
        idle = False
        while True:
            now = time.monotonic()
            with self.lock:
                have_events = bool(self.events)
                blocked = any(event["type"] in BLOCKING_EVENTS for event in self.events)
                quiet = now - self.last_activity
            busy = self.busy()
            if not busy and quiet >= IDLE_QUIET:
                idle = True
                self.profile.add("settle: quiet window before idle", min(quiet, now - start))
                break
            if blocked:
                self.profile.add("settle: returned on a blocking event", 0.0)
                break  # WebKit waits for the harness's answer: nothing more comes until it is given
            if have_events:
                if first_event is None:
                    first_event = now
                since = now - first_event
                if since >= EVENT_CAP or (busy and since >= EVENT_GRACE):
                    self.profile.add("settle: events batched", since)
                    break
                timeout = (EVENT_GRACE if busy else min(EVENT_CAP, since + IDLE_QUIET - quiet)) - since
            elif busy:
                timeout = deadline - now
            else:
                timeout = IDLE_QUIET - quiet
            if now >= deadline:
                break
            self.iterate(max(0.0005, min(timeout, deadline - now)))
            if self.stopping:
                break
        with self.lock:
            events, self.events = self.events, []
        if not idle and not events:
            return {"events": events, "idle": idle, "busy": self.busy_reason()}
        return {"events": events, "idle": idle}

    def drop_scenario(self):
        """Ignore pending decisions, close pending exchanges, destroy views, release data stores."""
        self.generation += 1
        for decision, _ in self.decisions.values():
            try:
                decision.ignore()
            except Exception:
                pass
        self.decisions = {}
        with self.lock:
            exchanges, self.exchanges = list(self.exchanges.values()), {}
        for exchange in exchanges:
            exchange.response = None
            exchange.ready.set()
        self.pending_calls = set()
        for view in self.views.values():
            store = view.store
            if store.persistent or store.spare is not None or store.number not in self.stores:
                view.destroy()
                continue
            widget, content = view.detach()
            content.remove_all_scripts()
            widget.load_uri("about:blank")  # the page goes; the web process stays
            store.spare = (widget, content)
        self.views = {}
        self.release_stores()

    def pump(self, seconds):
        """Run the main loop for `seconds`, letting WebKit deliver what was started."""
        deadline = time.monotonic() + seconds
        while not self.stopping and time.monotonic() < deadline:
            self.iterate(deadline - time.monotonic())

    def reset(self, request):
        self.drop_scenario()
        began = time.monotonic()
        self.pump(0.002)
        self.profile.add("reset: fixed pump", time.monotonic() - began)
        with self.lock:
            self.events = []
            self.counters = {}
            self.redirects = {}
            self.waiting_since = {}
            # A request of the previous scenario's pages that reached the proxy while the stores were cleared: its
            # event has just been dropped, so nobody would ever answer it, and the next scenario would wait for it
            # until settle's time limit (10 s, then a new driver): it is closed unanswered.
            late, self.exchanges = list(self.exchanges.values()), {}
        for exchange in late:
            exchange.response = None
            exchange.ready.set()
        if late:
            self.profile.add("reset: late requests of the previous scenario closed", 0.0)
        self.collect_garbage()
        return {}

    def terminate_app(self, request):
        self.drop_scenario()
        self.collect_garbage()
        return {}

    def collect_garbage(self):
        """Python's collection, on the main thread (automatic collection is off: see the module's doc)."""
        began = time.monotonic()
        gc.collect()
        self.profile.add("garbage collection", time.monotonic() - began)

    def profile_op(self, request):
        """Where this driver's time went since the last `profile` (PROTOCOL.md): `{name: [count, seconds]}`."""
        return {"times": self.profile.take()}

    def set_clock(self, request):
        now = field(request, "now", float)
        if not self.clock.available:
            raise Unsupported(f"libfaketime is not installed ({LIBFAKETIME}; Debian package faketime)")
        self.clock.set(now)
        return {}

    def shutdown(self):
        """Destroy views and contexts, stop Xvfb, remove the temporary folder; leave no process behind."""
        try:
            if self.started:
                with self.lock:
                    exchanges, self.exchanges = list(self.exchanges.values()), {}
                for exchange in exchanges:
                    exchange.ready.set()
                for decision, _ in self.decisions.values():
                    decision.ignore()
                self.decisions = {}
                for view in self.views.values():
                    view.destroy()
                self.views = {}
                for store in list(self.stores.values()) + self.pool:
                    store.destroy()
                self.stores, self.pool = {}, []
                gc.collect()
                deadline = time.monotonic() + 0.2
                while time.monotonic() < deadline and self.main_context.pending():
                    self.main_context.iteration(False)
                self.proxy.close()
        except Exception as error:
            log(f"shutdown: {error}")
        self.display.stop()
        shutil.rmtree(self.directory, ignore_errors=True)
        # WebKit's helper processes exit when their connection closes; anything left in the driver's own process
        # group (os.setpgrp at start) goes now.
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
        "set-scripts": set_scripts,
        "load": load,
        "click-link": click_link,
        "submit-form": submit_form,
        "go-back": go_back,
        "go-forward": go_forward,
        "fetch": fetch,
        "evaluate": evaluate,
        "decide": decide,
        "respond": respond,
        "settle": settle,
        "profile": profile_op,
    }


def remove_stale_directories():
    """Remove the temporary folders of drivers that were killed (SIGKILL leaves no chance to clean up)."""
    root = tempfile.gettempdir()
    try:
        names = os.listdir(root)
    except OSError:
        return
    for name in names:
        parts = name.split("-")
        if len(parts) < 4 or parts[:2] != ["webkitgtk", "driver"] or not parts[2].isdigit():
            continue
        try:
            os.kill(int(parts[2]), 0)
        except ProcessLookupError:
            shutil.rmtree(os.path.join(root, name), ignore_errors=True)
        except OSError:
            pass


def normalised(url):
    """A URL without its fragment, scheme and host lower-case, an empty path as "/": for comparing URLs."""
    try:
        parts = urllib.parse.urlsplit(url)
        return urllib.parse.urlunsplit((parts.scheme.lower(), parts.netloc.lower(), parts.path or "/", parts.query, ""))
    except ValueError:
        return url


def _false():
    return False


NAVIGATION_TYPES = {0: "link-activated", 1: "form-submitted", 2: "back-forward", 3: "reload", 4: "form-resubmitted",
                    5: "other"}
LOAD_STATES = {0: "started", 1: "redirected", 2: "committed", 3: "finished"}


def main():
    try:
        os.setpgrp()
    except OSError:  # already a session leader: its own group
        pass
    # Replies go to a private copy of stdout; fd 1 becomes stderr. So a library that prints (GTK, WebKit) cannot
    # corrupt the protocol, and WebKit's processes, which inherit fds 0-2, never hold the reply pipe open after the
    # driver is gone. (os.dup makes the copy close-on-exec.)
    replies = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = os.fdopen(replies, "w", encoding="utf-8", buffering=1)
    gc.disable()
    # A crash inside GTK or WebKit (a GLib fatal error or a WebKit assertion raises SIGTRAP; a bad pointer SIGSEGV)
    # leaves the crashing thread's Python stack on stderr (short, so the harness's stderr tail keeps the message before it).
    faulthandler.enable(all_threads=False)
    faulthandler.register(signal.SIGTRAP, all_threads=False, chain=True)
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
