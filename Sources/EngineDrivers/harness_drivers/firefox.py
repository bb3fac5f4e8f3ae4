#!/usr/bin/python3
"""firefox driver: Debian's headless Firefox ESR behind CookieHarness's driver protocol (PROTOCOL.md, this folder).

The same JSON lines and the same subset as chromium.py (no `decide`, no user scripts, no `observe-cookies`); what
both share is browser_webkit.py's. Debian's /usr/bin/python3, standard library only (websocket.py, this folder).

Why it is shaped like this:

- Firefox is driven over WebDriver BiDi: `--remote-debugging-port=0` makes it print its `ws://` address on stderr;
  one WebSocket session (`session.new` with `acceptInsecureCerts`, so certificate errors are accepted for this
  profile only). A reader thread dispatches replies to their callers and turns events into the protocol's events.
- The network is proxy.py's proxy, set in the profile's user.js for http and https, loopback included
  (`network.proxy.allow_hijacking_localhost`); the same file turns off what would make Firefox talk to the network
  by itself (updates, telemetry, remote settings, safe browsing, captive portal, OCSP), HTTPS-First (an http load
  must stay one), the HTTP cache and the back-forward cache (every load reaches the proxy). Cookie preferences are
  Firefox's defaults: what is measured is the browser as shipped.
- A data store is a user context (`browser.createUserContext`: a container with its own cookie jar, removed at
  `reset`); a persistent one is the default user context of a second Firefox started on the store's folder as its
  profile, closed with `browser.close` (cookies.sqlite written) at `terminate-app` and started again on it.
- A web view is a tab (`browsingContext.create` in the store's user context). A load with a method, a body or
  headers is a navigation whose document request is intercepted (`network.addIntercept`, before the request is
  sent, after Firefox added its cookies) and continued with them.
- The clock cannot be moved: with libfaketime preloaded (every combination of the FAKETIME_* switches chromium.py
  and webkit.py use, and none), Firefox ESR 153 hangs before it prints anything, so `start` says `faketime: false`
  and the clock scenarios are skipped.
- The browsers are in the driver's process group (driver_protocol.main), so the harness ends all with one kill.
"""

import fcntl
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import traceback
import urllib.parse

from . import browser_driver  # what the browser drivers share (the command channel, settle, the clock)
from . import driver_protocol  # the protocol and the process every driver shares
from . import websocket  # the WebSocket client BiDi needs
from .browser_driver import CALL_TIMEOUT, find_executable
from .driver_protocol import Unavailable, Unsupported, field

NAME = "firefox"
INSTALL_HINT = "install the Debian package firefox-esr (run .ci/install-deps browsers)"
DEBUG = os.environ.get("FIREFOX_DRIVER_DEBUG")  # a file: every BiDi event and request is appended to it
START_TIMEOUT = float(os.environ.get("FIREFOX_DRIVER_START_TIMEOUT", "30"))  # a browser's start (tests shorten it)
CLOSE_TIMEOUT = 10.0  # browser.close until the process is gone (cookies.sqlite written)

# The profile's preferences. Nothing here touches a cookie rule.
PREFERENCES = {
    # Firefox's own traffic, which would reach the proxy as a scenario's request.
    "app.update.enabled": False, "app.update.auto": False, "app.update.disabledForTesting": True,
    "app.normandy.enabled": False, "messaging-system.rsexperimentloader.enabled": False, "app.shield.optoutstudies.enabled": False,
    "browser.safebrowsing.malware.enabled": False, "browser.safebrowsing.phishing.enabled": False,
    "browser.safebrowsing.blockedURIs.enabled": False, "browser.safebrowsing.downloads.enabled": False,
    "browser.safebrowsing.downloads.remote.enabled": False, "browser.safebrowsing.provider.mozilla.updateURL": "",
    "datareporting.healthreport.uploadEnabled": False, "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.enabled": False, "toolkit.telemetry.unified": False, "toolkit.telemetry.archive.enabled": False,
    "toolkit.telemetry.server": "", "services.settings.server": "data:,#remote-settings-dummy/v1",
    "extensions.update.enabled": False, "extensions.getAddons.cache.enabled": False,
    # Media plugins (Widevine, OpenH264) are fetched from Google's update service (update.googleapis.com) soon after
    # start: a request the proxy saw as the scenario's (a probe of 30 scenarios met one).
    "media.gmp-manager.updateEnabled": False, "media.gmp-manager.url": "", "media.gmp-widevinecdm.enabled": False,
    "media.gmp-gmpopenh264.enabled": False,
    "extensions.systemAddon.update.enabled": False, "extensions.blocklist.enabled": False,
    "network.captive-portal-service.enabled": False, "network.connectivity-service.enabled": False,
    "security.OCSP.enabled": 0, "security.remote_settings.crlite_filters.enabled": False,
    "security.remote_settings.intermediates.enabled": False, "browser.region.network.url": "",
    "browser.region.update.enabled": False, "geo.provider.network.url": "", "network.prefetch-next": False,
    "network.dns.disablePrefetch": True, "network.predictor.enabled": False,
    "network.http.speculative-parallel-limit": 0, "browser.newtabpage.enabled": False, "browser.newtab.preload": False,
    "browser.chrome.site_icons": False, "identity.fxaccounts.enabled": False, "browser.ping-centre.telemetry": False,
    # First run: no welcome page, no default-browser question, no session restore (a restart drops session cookies).
    "browser.shell.checkDefaultBrowser": False, "browser.startup.page": 0, "browser.startup.homepage": "about:blank",
    "browser.startup.homepage_override.mstone": "ignore", "startup.homepage_welcome_url": "about:blank",
    "browser.aboutwelcome.enabled": False, "datareporting.policy.firstRunURL": "",
    "browser.sessionstore.resume_from_crash": False, "toolkit.startup.max_resumed_crashes": -1,
    # Navigation policy, not cookie rules: an http load stays http; every load and history step reaches the proxy.
    "dom.security.https_first": False, "dom.security.https_first_pbm": False,
    "dom.security.https_first_schemeless": False, "dom.security.https_only_mode": False,
    "browser.cache.disk.enable": False, "browser.cache.memory.enable": False,
    "browser.sessionhistory.max_total_viewers": 0,
    # WebRTC through the proxy only: no UDP of its own (no STUN or TURN packet past the proxy), no host candidate
    # (no local address, no mDNS name for one); the barrier where the driver's own network namespace
    # (network_namespace.py) cannot be made.
    "media.peerconnection.ice.proxy_only": True, "media.peerconnection.ice.no_host": True,
    "media.peerconnection.ice.default_address_only": True, "media.peerconnection.ice.obfuscate_host_addresses": False,
    "network.proxy.failover_direct": False, "network.essential_domains_fallback": False,
    # The proxy's certificate, a test run's: no warning page remembered, no telemetry about it.
    "security.certerrors.mitm.priming.enabled": False,
}


def log(message):
    driver_protocol.log(NAME, message)


class BiDiError(Exception):
    """A BiDi command answered with an error (`error` is BiDi's code, e.g. `no such history entry`)."""

    def __init__(self, error, message):
        super().__init__(f"{error}: {message}")
        self.error = error


def find_firefox():
    return find_executable(("firefox-esr", "firefox"))


def bidi_string(value):
    return {"type": "string", "value": value}


# -- one browser process -----------------------------------------------------------------------------------------


class Browser(browser_driver.Connection):
    """A Firefox process on its own profile, driven over one WebDriver BiDi session."""

    CHANNEL = "BiDi connection"
    DEBUG = DEBUG
    socket = None  # until the WebSocket is open

    def open(self, executable, proxy_uri, environment):
        write_preferences(self.profile, proxy_uri)
        argv = [executable, "--headless", "--no-remote", "--remote-debugging-port=0", "--profile", self.profile,
                "about:blank"]
        self.process = subprocess.Popen(argv, env=environment, stdin=subprocess.DEVNULL, stdout=2,
                                        stderr=subprocess.PIPE)
        address = self.read_address()
        self.socket = websocket.WebSocket(address + "/session")

    def read_address(self):
        """Firefox prints `WebDriver BiDi listening on ws://…` on stderr; the rest of stderr goes to ours."""
        found = threading.Event()
        address = []

        def drain():
            for raw in self.process.stderr:
                line = raw.decode("utf-8", "replace")
                match = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
                if match and not found.is_set():
                    address.append(match.group(1))
                    found.set()
                elif not line.startswith("[GFX1-]"):
                    os.write(2, raw)
            found.set()

        threading.Thread(target=drain, name="firefox-stderr", daemon=True).start()
        if not found.wait(START_TIMEOUT) or not address:
            self.kill()
            raise Unavailable(f"Firefox did not open its WebDriver BiDi port within {START_TIMEOUT:g} s"
                              f" (exit status {self.process.poll()})")
        return address[0]

    def read_loop(self):
        while True:
            try:
                message = json.loads(self.socket.receive())
            except websocket.Closed:
                break
            except Exception:
                log("bad BiDi message: " + traceback.format_exc())
                continue
            try:
                self.dispatch(message)
            except Exception:
                log("BiDi message not handled: " + traceback.format_exc())
        self.closed({"type": "error", "error": "gone", "message": f"the browser closed its {self.CHANNEL}"})

    def dispatch(self, message):
        if message.get("type") == "event":
            self.on_event(self, message)
        else:
            self.deliver(message.get("id"), message)

    def transmit(self, text):
        try:
            self.socket.send(text)
        except websocket.Closed as error:
            raise RuntimeError(f"the browser is gone ({error})")

    @staticmethod
    def failure(reply, what):
        return BiDiError(reply.get("error"), f"{what}: {reply.get('message')}") if reply.get("type") == "error" else None

    def close(self, timeout=CLOSE_TIMEOUT):
        """browser.close (Firefox quits, cookies.sqlite written), then the process is reaped; SIGKILL when it
        lingers."""
        try:
            if self.alive:
                self.send("browser.close")
        except RuntimeError:
            pass
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
        if self.socket is not None:
            self.socket.close()

    def kill(self):
        try:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
        except OSError:
            pass


def write_preferences(profile, proxy_uri):
    os.makedirs(profile, exist_ok=True)
    parts = urllib.parse.urlsplit(proxy_uri)
    preferences = dict(PREFERENCES)
    preferences.update({
        "network.proxy.type": 1, "network.proxy.http": parts.hostname, "network.proxy.http_port": parts.port,
        "network.proxy.ssl": parts.hostname, "network.proxy.ssl_port": parts.port, "network.proxy.no_proxies_on": "",
        "network.proxy.allow_hijacking_localhost": True,
    })
    with open(os.path.join(profile, "user.js"), "w") as handle:
        for name, value in preferences.items():
            handle.write(f"user_pref({json.dumps(name)}, {json.dumps(value)});\n")


# -- stores and views ------------------------------------------------------------------------------------------


class Store:
    def __init__(self, number, browser, user_context, persistent, directory=None):
        self.number = number
        self.browser = browser
        self.user_context = user_context  # "default" for a persistent store (its browser's own jar)
        self.persistent = persistent
        self.directory = directory

    def partition(self):
        return {"type": "storageKey", "userContext": self.user_context}


class View(browser_driver.View):
    def __init__(self, number, store, context):
        super().__init__(number, store)
        self.context = context
        self.navigations = {}  # BiDi navigation id -> navigation number
        self.override = None  # what the next document request gets: method, body, headers (a load that is not a GET)
        self.intercept = None  # the network intercept of that load, removed when its navigation ends
        self.document_error = None  # the last fetchError of a document request (why a navigation failed)


# -- the driver --------------------------------------------------------------------------------------------------


class Driver(browser_driver.BrowserDriver):
    NAME = NAME
    ENGINE = "Firefox"
    # Mozilla's services, in case a preference above misses one.
    SERVICE_DOMAINS = ("mozilla.com", "mozilla.net", "mozilla.org", "firefox.com", "mozaws.net", "mozgcp.net",
                       "update.googleapis.com")

    FAKETIME_BREAKS_BROWSER = "with libfaketime preloaded, Firefox ESR hangs before it opens its WebDriver BiDi port"
    BROWSER = Browser
    DEBUG = DEBUG

    def __init__(self):
        super().__init__()
        self.seed = None  # the profile every profile starts as (seed_profile)
        self.contexts = {}  # browsing context id (a tab or a frame in it) -> View

    # -- events from the browsers ----------------------------------------------------------------------------------

    def browser_event(self, browser, message):
        method = message.get("method")
        params = message.get("params", {})
        if DEBUG:
            browser_driver.debug(DEBUG, f"event {method} {json.dumps(params)[:300]}")
        with self.lock:
            self.last_activity = time.monotonic()
            if method == "browsingContext.contextCreated":
                parent = self.contexts.get(params.get("parent"))
                if parent is not None:
                    self.contexts[params["context"]] = parent
            view = self.contexts.get(params.get("context"))
            handler = self.EVENT_HANDLERS.get(method)
            if view is not None and handler is not None:
                handler(self, view, params, params.get("context") == view.context)
            self.changed.notify_all()

    def on_navigation_started(self, view, params, top):
        if not top or params.get("navigation") in view.navigations:
            return
        number = view.pending.pop(0)[0] if view.pending else self.next_number("navigation")
        view.navigations[params.get("navigation")] = number
        view.active.add(number)
        view.document_error = None
        self.queue_event({"type": "navigation", "view": view.number, "navigation": number, "state": "started",
                          "url": params.get("url", "")})

    def on_request(self, view, params, top):
        request = params.get("request", {})
        view.inflight[request.get("request")] = params.get("navigation")
        number = view.navigations.get(params.get("navigation"))
        if top and number is not None and params.get("redirectCount", 0) > 0:
            self.queue_event({"type": "navigation", "view": view.number, "navigation": number, "state": "redirected",
                              "url": request.get("url", "")})
        if params.get("isBlocked"):
            self.continue_request(view, params, top and params.get("navigation") is not None)

    def on_request_done(self, view, params, top):
        view.inflight.pop(params.get("request", {}).get("request"), None)

    def on_request_failed(self, view, params, top):
        view.inflight.pop(params.get("request", {}).get("request"), None)
        if top and params.get("navigation") is not None:
            view.document_error = params.get("errorText", "")

    def on_committed(self, view, params, top):
        number = view.navigations.get(params.get("navigation"))
        if top and number in view.active and params.get("url", "").startswith("about:neterror"):
            # Firefox shows its error page (a redirect loop, a closed connection): committed, never loaded.
            error = urllib.parse.parse_qs(urllib.parse.urlsplit(params["url"]).query).get("e", ["failed"])[0]
            view.document_error = view.document_error or error
            self.on_failed(view, params, top, redirect_loop=error == "redirectLoop")
        elif top and number in view.active:
            self.queue_event({"type": "navigation", "view": view.number, "navigation": number, "state": "committed",
                              "url": params.get("url", "")})

    def on_loaded(self, view, params, top):
        number = view.navigations.get(params.get("navigation"))
        if top and number in view.active:
            view.active.discard(number)
            self.end_intercept(view)
            self.queue_event({"type": "navigation", "view": view.number, "navigation": number, "state": "finished",
                              "url": params.get("url", "")})

    def on_failed(self, view, params, top, redirect_loop=False):
        number = view.navigations.get(params.get("navigation"))
        if not top or number not in view.active:
            return
        view.active.discard(number)
        self.end_intercept(view)
        error = view.document_error or "failed"
        cancelled = error == "NS_BINDING_ABORTED"
        self.queue_event({"type": "navigation", "view": view.number, "navigation": number, "state": "failed",
                          "url": params.get("url", ""), "message": error, "cancelled": cancelled,
                          "too-many-redirects": redirect_loop or error == "NS_ERROR_REDIRECT_LOOP"})
        self.queue_event({"type": "navigation", "view": view.number, "navigation": number, "state": "finished",
                          "url": ""})

    EVENT_HANDLERS = {
        "browsingContext.navigationStarted": on_navigation_started,
        "browsingContext.navigationCommitted": on_committed,
        "browsingContext.load": on_loaded,
        "browsingContext.navigationFailed": on_failed,
        "network.beforeRequestSent": on_request,
        "network.responseCompleted": on_request_done,
        "network.fetchError": on_request_failed,
    }
    EVENTS = ["browsingContext.contextCreated"] + list(EVENT_HANDLERS)

    def continue_request(self, view, params, document):
        """A request paused by a load's intercept: the document request (each of its redirect hops too) gets the
        load's headers, the first hop its method and body; every other request goes on as is. Under self.lock."""
        request = params["request"]
        command = {"request": request["request"]}
        override = view.override
        if document and override is not None:
            headers = [header for header in request.get("headers", [])
                       if header["name"].lower() not in {name.lower() for name, _ in override["headers"]}]
            headers += [{"name": name, "value": bidi_string(value)} for name, value in override["headers"]]
            if params.get("redirectCount", 0) == 0 and override.get("method"):
                command["method"] = override["method"]
                if override.get("body") is not None:
                    command["body"] = bidi_string(override["body"])
                    if not any(header["name"].lower() == "content-type" for header in headers):
                        headers.append({"name": "Content-Type",
                                        "value": bidi_string("application/x-www-form-urlencoded")})
            command["headers"] = headers
        view.store.browser.send("network.continueRequest", command, callback=self.logged("network.continueRequest"))

    def end_intercept(self, view):
        """The intercepted load is over. Under self.lock."""
        if view.intercept is not None:
            view.store.browser.send("network.removeIntercept", {"intercept": view.intercept},
                                    callback=self.logged("network.removeIntercept"))
            view.intercept = None
            view.override = None

    def logged(self, what):
        generation = self.generation

        def done(reply):
            if reply.get("type") == "error" and generation == self.generation:
                log(f"{what}: {reply.get('error')}: {reply.get('message')}")
            self.note_activity()

        return done

    # -- start -----------------------------------------------------------------------------------------------------

    def open_browser(self):
        self.executable = find_firefox()
        if self.executable is None:
            raise Unavailable(f"Firefox is not installed (no firefox-esr on PATH): {INSTALL_HINT}")
        self.start_proxy()
        # Firefox's first start on an empty profile costs 6 s on an idle machine (11 s and more under load): it
        # creates its databases and registers its built-in add-ons. A start on a profile used once costs 2–3 s. So
        # a seed profile is made once per Firefox build on this machine (closed, no cookies) and copied into every
        # profile a driver starts.
        self.seed = self.seed_profile()
        self.main, capabilities = self.launch(self.profile_from_seed(os.path.join(self.directory, "profile")))
        self.version = capabilities.get("browserVersion", "unknown")

    def seed_profile(self):
        """The seed's folder, made under a lock (drivers start side by side) the first time this build is used."""
        status = os.stat(self.executable)
        key = hashlib.sha256(f"{os.path.realpath(self.executable)} {status.st_mtime_ns} {status.st_size}".encode())
        folder = os.path.join(tempfile.gettempdir(), f"cookieharness-firefox-seed-{os.getuid()}-{key.hexdigest()[:12]}")
        with open(folder + ".lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not os.path.exists(os.path.join(folder, "prefs.js")):
                building = folder + f".{os.getpid()}"
                shutil.rmtree(building, ignore_errors=True)
                browser, _ = self.launch(building)
                browser.close()
                shutil.rmtree(folder, ignore_errors=True)
                os.rename(building, folder)
        return folder

    def profile_from_seed(self, folder):
        """`folder` as a profile: the seed's files copied in, unless a Firefox has used it already."""
        if not os.path.exists(os.path.join(folder, "prefs.js")):
            shutil.copytree(self.seed, folder, dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns("lock", ".parentlock", "cookies.sqlite*", "user.js"))
        return folder

    def launch(self, profile):
        browser = Browser(self.executable, profile, self.proxy.uri, dict(os.environ), self.on_browser_event)
        try:
            session = browser.call("session.new", {"capabilities": {"alwaysMatch": {"acceptInsecureCerts": True}}},
                                   timeout=START_TIMEOUT)
            browser.call("session.subscribe", {"events": self.EVENTS})
        except Exception as error:
            browser.kill()
            raise Unavailable(f"Firefox did not answer over WebDriver BiDi: {error}")
        return browser, session.get("capabilities", {})

    # -- data stores -----------------------------------------------------------------------------------------------

    def launch_on(self, directory):
        return self.launch(self.profile_from_seed(directory))[0]

    @staticmethod
    def persistent_store(number, browser, directory):
        return Store(number, browser, "default", True, directory)  # the browser's own jar

    def ephemeral_store(self, number):
        context = self.main.call("browser.createUserContext")["userContext"]
        return Store(number, self.main, context, False)

    @staticmethod
    def cookie_param(record):
        """A protocol cookie as BiDi's storage.PartialCookie: a leading dot in the domain makes a domain cookie."""
        cookie = {"name": field(record, "name", str), "value": bidi_string(field(record, "value", str, "", optional=True)),
                  "domain": field(record, "domain", str), "path": field(record, "path", str, "/", optional=True),
                  "secure": field(record, "secure", bool, False, optional=True),
                  "httpOnly": field(record, "http-only", bool, False, optional=True)}
        expires = record.get("expires")
        if expires is not None:
            cookie["expiry"] = int(expires)
        same_site = record.get("same-site")
        if same_site is not None:
            cookie["sameSite"] = same_site
        return cookie

    @staticmethod
    def cookie_record(cookie):
        same_site = cookie.get("sameSite")
        return {"name": cookie["name"], "value": cookie.get("value", {}).get("value", ""), "domain": cookie["domain"],
                "path": cookie["path"], "secure": cookie.get("secure", False), "http-only": cookie.get("httpOnly", False),
                "expires": cookie.get("expiry"), "same-site": same_site if same_site in ("strict", "lax", "none") else None}

    def set_cookie(self, request):
        store = self.store_of(request)
        store.browser.call("storage.setCookie", {"cookie": self.cookie_param(request["cookie"]),
                                                 "partition": store.partition()})
        return {}

    def delete_cookie(self, request):
        store = self.store_of(request)
        record = request["cookie"]
        store.browser.call("storage.deleteCookies", {"filter": {
            "name": field(record, "name", str), "domain": field(record, "domain", str),
            "path": field(record, "path", str, "/", optional=True)}, "partition": store.partition()})
        return {}

    def clear_data_store(self, request):
        store = self.store_of(request)
        store.browser.call("storage.deleteCookies", {"partition": store.partition()})
        return {}

    def get_cookies(self, request):
        store = self.store_of(request)
        cookies = store.browser.call("storage.getCookies", {"partition": store.partition()})["cookies"]
        return {"cookies": [self.cookie_record(cookie) for cookie in cookies]}

    def observe_cookies(self, request):
        raise Unsupported("WebDriver BiDi has no cookie-change notification")

    # -- web views -------------------------------------------------------------------------------------------------

    def new_web_view(self, request):
        store = self.store_for_tab(request)
        params = {"type": "tab", "background": True}
        if store.user_context != "default":
            params["userContext"] = store.user_context
        context = store.browser.call("browsingContext.create", params)["context"]
        number = self.next_number("view")
        view = View(number, store, context)
        with self.lock:
            self.views[number] = view
            self.contexts[context] = view
        return {"view": number}

    def load(self, request):
        view = self.view_of(request)
        method = field(request, "method", str, "GET", optional=True).upper()
        body = request.get("body")
        headers = [(name, value) for name, value in request.get("headers") or []]
        if method != "GET" or body or headers:
            # browsingContext.navigate loads with GET and the browser's headers only: its document request is paused
            # before it is sent (Firefox has added its cookies by then) and continued with the load's.
            view.override = {"method": method if method != "GET" or body else None,
                             "body": body if method not in ("GET", "HEAD") else None, "headers": headers}
            if view.intercept is None:
                view.intercept = view.store.browser.call("network.addIntercept", {
                    "phases": ["beforeRequestSent"], "contexts": [view.context]})["intercept"]
        number = self.expect_navigation(view)
        view.store.browser.send("browsingContext.navigate", {"context": view.context, "url": field(request, "url", str),
                                                            "wait": "none"},
                                callback=self.logged("browsingContext.navigate"))
        return {"navigation": number}

    def navigate_now(self, view, url):
        view.store.browser.call("browsingContext.navigate", {"context": view.context, "url": url, "wait": "complete"})

    def run_in_page(self, view, source, await_promise=False, callback=None):
        params = {"expression": source, "target": {"context": view.context}, "awaitPromise": await_promise,
                  "userActivation": True, "resultOwnership": "none"}
        if callback is None:
            return view.store.browser.call("script.evaluate", params)
        return view.store.browser.send("script.evaluate", params, callback=callback)

    def go_in_history(self, request, step):
        """browsingContext.traverseHistory. Its reply may wait for the new page (whose response waits for the
        harness), so it is not awaited: an error reply (no entry that way) or the traversal's start decides. A
        success reply while no navigation has started: the entry was the document's own (its pushState), nothing
        loads, and the navigation ends as `same-document`."""
        view = self.view_of(request)
        number = self.expect_navigation(view)
        answered = []

        def done(reply):
            answered.append(reply)
            self.note_activity()

        view.store.browser.send("browsingContext.traverseHistory", {"context": view.context, "delta": step},
                                callback=done)
        deadline = time.monotonic() + CALL_TIMEOUT
        with self.lock:
            while not answered and any(pending == number for pending, _ in view.pending):
                if time.monotonic() > deadline:
                    break
                self.changed.wait(0.05)
            if answered and answered[0].get("type") == "error":
                view.pending = [(pending, since) for pending, since in view.pending if pending != number]
                if answered[0].get("error") == "no such history entry":
                    return {"navigation": None}
                raise BiDiError(answered[0].get("error"), f"browsingContext.traverseHistory: {answered[0].get('message')}")
            if answered and any(pending == number for pending, _ in view.pending):
                view.pending = [(pending, since) for pending, since in view.pending if pending != number]
                self.queue_event({"type": "navigation", "view": view.number, "navigation": number,
                                  "state": "same-document", "url": ""})
        return {"navigation": number}

    @staticmethod
    def evaluated(result):
        """script.evaluate's answer to browser_driver.EVALUATE: the string value or None, or the exception raised."""
        if result.get("type") == "exception":
            details = result.get("exceptionDetails", {})
            raise RuntimeError(details.get("text", "exception").split("\n")[0])
        value = result.get("result", {})
        return value.get("value") if value.get("type") == "string" else None

    FETCH = "%s.then(() => 'ok', (e) => 'error:' + String(e))"

    @staticmethod
    def fetch_outcome(reply):
        """None when the page's fetch succeeded, else why it failed."""
        value = reply.get("result", {}).get("result", {}).get("value") or ""
        if value == "ok":
            return None
        return value[len("error:"):] if value.startswith("error:") else (
            reply.get("message") or reply.get("result", {}).get("exceptionDetails", {}).get("text", "failed"))

    # -- reset, stop -----------------------------------------------------------------------------------------------

    def drop_scenario(self):
        """Every tab and user context of the scenario goes (removing a user context closes its tabs and throws its
        cookies away). A persistent store's browser is closed (cookies written)."""
        self.drop_exchanges()
        with self.lock:
            self.contexts = {}
        for store in self.stores.values():
            if store.persistent or not store.browser.alive:
                continue
            try:
                store.browser.call("browser.removeUserContext", {"userContext": store.user_context})
            except Exception as error:
                log(f"a user context could not be removed: {error}")
        self.close_persistent()

    def restart_main(self, profile):
        self.main.kill()
        shutil.rmtree(profile, ignore_errors=True)
        self.main, _ = self.launch(self.profile_from_seed(profile))


if __name__ == "__main__":
    driver_protocol.main(Driver, own_network=True)
