#!/usr/bin/python3
"""chromium driver: Debian's headless Chromium behind CookieHarness's driver protocol (PROTOCOL.md, this folder).

Speaks the same JSON lines as webkit.py (the WebKitGTK driver), so the harness's WebKitGTKEngine drives either;
the subset a browser needs (no `decide`: a browser has no navigation delegate, so no decide-* event is ever queued,
and no user scripts). Debian's /usr/bin/python3, standard library only.

Why it is shaped like this:

- Chromium is driven over the DevTools protocol on `--remote-debugging-pipe`: commands on its fd 3, replies and
  events on its fd 4, NUL-separated JSON (no port, no WebSocket). A reader thread dispatches replies to their
  callers and turns events into the protocol's events; the main thread serves stdin.
- The network is proxy.py's proxy (shared with webkit.py): `--proxy-server` for every scheme, loopback included
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
import time
import traceback

from . import browser_driver  # what the browser drivers share (the command channel, settle, the clock)
from . import driver_protocol  # the protocol and the process every driver shares
from .browser_driver import find_executable
from .driver_protocol import Unavailable, Unsupported, field

NAME = "chromium"
INSTALL_HINT = "install the Debian package chromium (run .ci/install-deps browsers)"
DEBUG = os.environ.get("CHROMIUM_DRIVER_DEBUG")  # a file: every DevTools event and request is appended to it
START_TIMEOUT = float(os.environ.get("CHROMIUM_DRIVER_START_TIMEOUT", "25"))  # a browser's first reply (tests shorten it)

# Chromium's flags: headless, no sandbox (root in CI), the proxy, and everything that would make the browser talk
# to the network by itself (each such request would reach the proxy as a request of the scenario) turned off.
# HTTPS-Upgrades are off too: Chromium would load http://host/ as https://host/ first (a navigation policy, not a
# cookie rule), so a scenario's http load would never be one. WebRTC may use the proxy only (no UDP of its own, so
# no STUN or TURN packet past the proxy and no mDNS name for a local address), and no host name is looked up by the
# browser itself (the proxy resolves every request's host): the barrier where the driver's own network namespace
# (network_namespace.py) cannot be made.
FLAGS = [
    "--headless", "--no-sandbox", "--remote-debugging-pipe", "--ignore-certificate-errors",
    "--proxy-bypass-list=<-loopback>", "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-extensions", "--disable-default-apps",
    "--disable-client-side-phishing-detection", "--disable-domain-reliability", "--disable-breakpad",
    "--disable-field-trial-config", "--disable-gpu", "--mute-audio", "--password-store=basic", "--use-mock-keychain",
    "--no-service-autorun", "--metrics-recording-only", "--disable-dev-shm-usage", "--noerrdialogs",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    "--disable-features=WebRtcHideLocalIpsWithMdns,BackForwardCache,Translate,OptimizationHints,MediaRouter,InterestFeedContentSuggestions,"
    "CertificateTransparencyComponentUpdater,AutofillServerCommunication,DialMediaRouteProvider,HttpsUpgrades,"
    "HttpsFirstBalancedModeAutoEnable",
    "about:blank",
]


def log(message):
    driver_protocol.log(NAME, message)


class DevToolsError(Exception):
    """A DevTools command answered with an error."""


def find_chromium():
    return find_executable(("chromium", "chromium-browser"))


class Browser(browser_driver.Connection):
    """A Chromium process on its own --user-data-dir, driven over its DevTools pipe."""

    CHANNEL = "DevTools pipe"
    Gone = DevToolsError

    def open(self, executable, proxy_uri, environment):
        profile = self.profile
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
        self.closed({"error": {"message": f"the browser closed its {self.CHANNEL}"}})

    def dispatch(self, message):
        if "id" in message:
            self.deliver(message["id"], message)
        else:
            self.on_event(self, message)

    def transmit(self, text):
        data = text.encode("utf-8") + b"\0"
        try:
            while data:
                data = data[os.write(self.to_browser, data):]
        except OSError as error:
            raise DevToolsError(f"the browser is gone ({error})")

    @staticmethod
    def failure(reply, what):
        return DevToolsError(f"{what}: {reply['error'].get('message')}") if "error" in reply else None

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


class View(browser_driver.View):
    def __init__(self, number, store, target, session):
        super().__init__(number, store)
        self.target = target
        self.session = session
        self.loaders = {}  # loaderId -> navigation number
        self.extra_headers = False
        self.override = None  # method and body for the next document request (a load that is not a plain GET)
        # The id of the history entry the tab was handed out on (a reused tab's blank page): it and the entries
        # before it are an earlier scenario's. An id, not an index: Chromium keeps 50 entries, and dropping the
        # oldest moves every index. None for a new tab; when no entry has the id any more (dropped, or an initial
        # blank entry replaced), nothing left is an earlier scenario's.
        self.history_floor = None
        self.traversal = None  # the last go-back/go-forward's number, for an entry of the same document (no request)



# -- the driver --------------------------------------------------------------------------------------------------


class Driver(browser_driver.BrowserDriver):
    NAME = NAME
    ENGINE = "Chromium"
    # Google's services, which Chromium asks even with every switch that turns them off.
    SERVICE_DOMAINS = ("google.com", "googleapis.com", "gstatic.com", "gvt1.com", "googleusercontent.com")

    BROWSER = Browser
    DEBUG = DEBUG

    def __init__(self):
        super().__init__()
        self.pool = []  # cleared ephemeral stores (context and tabs), ready to be handed out again
        self.sessions = {}  # sessionId -> View

    # -- events from the browsers ----------------------------------------------------------------------------------

    def browser_event(self, browser, message):
        view = self.sessions.get(message.get("sessionId"))
        if DEBUG:
            browser_driver.debug(DEBUG, f"event {message.get('sessionId', '')[:6]} {message.get('method')} {json.dumps(message.get('params', {}))[:300]}")
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
        number = view.pending.pop(0)[0] if view.pending else self.next_number("navigation")
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
        url = frame.get("url", "")
        if number is None and view.pending and url.split(":", 1)[0].lower() in ("about", "data"):
            # A document no request fetches (about:blank, and data: when Chromium reports no request for it): its
            # navigation starts here, at its commit.
            number = view.pending.pop(0)[0]
            view.loaders[loader] = number
            view.active.add(number)
            self.queue_event({"type": "navigation", "view": view.number, "navigation": number, "state": "started",
                              "url": url})
        if number is None or number not in view.active:
            return
        self.queue_event({"type": "navigation", "view": view.number, "navigation": number, "state": "committed",
                          "url": frame.get("url", "") + frame.get("urlFragment", "")})

    def on_within_document(self, view, params):
        """Page.navigatedWithinDocument after a go-back/go-forward whose navigation has not started: the entry was
        the document's own (its pushState), so nothing loads; the step's navigation ends as `same-document`."""
        number = view.traversal
        if params.get("frameId") != view.target or not any(pending == number for pending, _ in view.pending):
            return
        view.traversal = None
        view.pending = [(pending, since) for pending, since in view.pending if pending != number]
        self.queue_event({"type": "navigation", "view": view.number, "navigation": number, "state": "same-document",
                          "url": params.get("url", "")})

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
        "Page.navigatedWithinDocument": on_within_document,
        "Page.frameStoppedLoading": on_frame_stopped,
    }

    # -- start -----------------------------------------------------------------------------------------------------

    def open_browser(self):
        self.executable = find_chromium()
        if self.executable is None:
            raise Unavailable(f"Chromium is not installed (no chromium on PATH): {INSTALL_HINT}")
        self.start_proxy()
        self.main = self.launch(os.path.join(self.directory, "profile"))
        product = self.main.call("Browser.getVersion", timeout=START_TIMEOUT).get("product", "")
        self.version = product.split("/", 1)[-1] or product

    def launch(self, profile):
        os.makedirs(os.path.join(profile, "Default"), exist_ok=True)
        preferences = os.path.join(profile, "Default", "Preferences")
        if not os.path.exists(preferences):
            # A regular Chromium profile's default lets third-party cookies through; only its Incognito windows
            # block them (cookie_controls_mode 1, "incognito only"), and every context DevTools creates is
            # off-the-record. Mode 0 gives those contexts the regular profile's behaviour. WebRTC may use the proxy
            # only (no UDP of its own): see FLAGS.
            with open(preferences, "w") as handle:
                json.dump({"profile": {"cookie_controls_mode": 0},
                           "webrtc": {"ip_handling_policy": "disable_non_proxied_udp", "multiple_routes_enabled": False,
                                      "nonproxied_udp_enabled": False}}, handle)
        environment = self.clock.environment(dict(os.environ))
        browser = Browser(self.executable, profile, self.proxy.uri, environment, self.on_browser_event)
        try:
            browser.call("Target.setDiscoverTargets", {"discover": False}, timeout=START_TIMEOUT)
        except Exception as error:
            browser.close(1)
            raise Unavailable(f"Chromium did not answer on its DevTools pipe: {error}")
        return browser

    def probe_clock(self, phase, expires=None):
        """The clock measurement's cookie (browser_driver.BrowserDriver.measure_clock), in a context of its own."""
        if phase == "plant":
            self.clock_context = self.main.call("Target.createBrowserContext")["browserContextId"]
            self.main.call("Storage.setCookies", {"browserContextId": self.clock_context, "cookies": [
                {"name": "clock", "value": "1", "url": "http://clock.invalid/", "expires": expires}]})
        elif phase == "count":
            return len(self.main.call("Storage.getCookies", {"browserContextId": self.clock_context})["cookies"])
        elif getattr(self, "clock_context", None) is not None:
            self.main.call("Target.disposeBrowserContext", {"browserContextId": self.clock_context})
            self.clock_context = None

    # -- data stores -----------------------------------------------------------------------------------------------

    def launch_on(self, directory):
        return self.launch(directory)

    @staticmethod
    def persistent_store(number, browser, directory):
        return Store(number, browser, None, True, directory)  # the browser's default context

    def ephemeral_store(self, number):
        """A cleared context of an earlier scenario, or a new one."""
        if self.pool:
            store = self.pool.pop()
            store.number = number
            return store
        context = self.main.call("Target.createBrowserContext")["browserContextId"]
        return Store(number, self.main, context, False)

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
        """Storage.setCookies, read back once: in one CI run of ~770 browser scenarios Chromium answered the call but
        the cookie was on no later request. Setting it again is harmless when it is absent for a reason of its own
        (an expiry in the past, a cookie Chromium refuses), so the read-back only retries, it never fails the step."""
        store = self.store_of(request)
        param = self.cookie_param(request["cookie"])
        store.browser.call("Storage.setCookies", store.params({"cookies": [param]}))
        if not self.holds(store, request["cookie"]):
            self.log("Storage.setCookies answered but the cookie is not in the store: set again")
            store.browser.call("Storage.setCookies", store.params({"cookies": [param]}))
        return {}

    def holds(self, store, record):
        """Whether the store has a cookie of the record's name, domain and path."""
        name, domain = field(record, "name", str), field(record, "domain", str)
        path = field(record, "path", str, "/", optional=True)
        cookies = store.browser.call("Storage.getCookies", store.params())["cookies"]
        return any(cookie["name"] == name and cookie["domain"] == domain and cookie["path"] == path for cookie in cookies)

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
        store = self.store_for_tab(request)
        browser = store.browser
        reused = bool(store.spare)
        if reused:
            target, session = store.spare.pop()
        else:
            target = browser.call("Target.createTarget", store.params({"url": "about:blank"}))["targetId"]
            session = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        number = self.next_number("view")
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

    def send_async(self, view, method, params, what):
        """A command whose reply comes after the proxy's exchanges were answered (Page.navigate waits for the
        response): its failure is logged, not awaited."""
        generation = self.generation

        def done(reply):
            if "error" in reply and generation == self.generation:
                log(f"{what}: {reply['error'].get('message')}")
            self.note_activity()

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

    def navigate_now(self, view, url):
        # Page.navigate answers once the navigation committed (about:blank: at once, no request).
        view.store.browser.call("Page.navigate", {"url": url, "transitionType": "typed"}, session=view.session)

    def run_in_page(self, view, source, await_promise=False, callback=None):
        params = {"expression": source, "awaitPromise": await_promise, "returnByValue": True, "userGesture": True}
        if callback is None:
            return view.store.browser.call("Runtime.evaluate", params, session=view.session)
        return view.store.browser.send("Runtime.evaluate", params, session=view.session, callback=callback)

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
        view.traversal = number
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

    @staticmethod
    def evaluated(result):
        """Runtime.evaluate's answer to browser_driver.EVALUATE: the value, or the exception's first line raised."""
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            message = details.get("exception", {}).get("description") or details.get("text", "exception")
            raise RuntimeError(message.split("\n")[0])
        return result.get("result", {}).get("value")

    FETCH = "%s.then(() => ({ok: true}), (e) => ({ok: false, message: String(e)}))"

    @staticmethod
    def fetch_outcome(reply):
        """None when the page's fetch succeeded, else why it failed."""
        value = reply.get("result", {}).get("result", {}).get("value") or {}
        if value.get("ok") is True:
            return None
        return value.get("message") or reply.get("error", {}).get("message", "failed")

    def drop_scenario(self):
        """Every tab and context of the scenario goes. A new tab costs about a second (a renderer process), so an
        ephemeral context is kept with its tabs: its cookies and site data cleared, each tab blank with an empty
        history, ready for the next new-data-store. A persistent store's browser is closed (cookies written)."""
        views = self.drop_exchanges()
        with self.lock:
            self.sessions = {}
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
        self.close_persistent()

    def recycle(self, store, views):
        browser = store.browser
        for view in views:
            if view.extra_headers:
                browser.call("Network.setExtraHTTPHeaders", {"headers": {}}, session=view.session)
            browser.call("Page.navigate", {"url": "about:blank"}, session=view.session)
            store.spare.append((view.target, view.session))
        browser.call("Storage.clearCookies", store.params())
        self.pool.append(store)

    def restart_main(self, profile):
        self.main.close(1)
        self.pool = []
        shutil.rmtree(profile, ignore_errors=True)
        self.main = self.launch(profile)


if __name__ == "__main__":
    driver_protocol.main(Driver, own_network=True)
