"""What the WebKitGTK driver records for the transcript: WebKit's callbacks (navigation actions classified as the
main frame's or a frame's, responses, load states), the proxy's requests as `http-request` events and their
`respond`, the harness's `decide`, and `settle`, which hands the queued events over."""

import threading
import time
import urllib.parse

from . import driver_protocol  # what every driver shares
from . import page_requests  # the subresource request every driver makes
from . import proxy  # the proxy every driver shares
from . import webkit_api as api
from .driver_protocol import ProtocolError, field
from .webkit_api import soup_headers

IDLE_QUIET = 0.005  # settle: idle means nothing happened for this long
BLOCKING_EVENTS = ("decide-action", "decide-new-window", "decide-response", "http-request", "prompt")  # WebKit waits for the answer to these
EVENT_GRACE = 0.003  # settle: after the first event, wait this much more while WebKit is still busy
EVENT_CAP = 0.012  # settle: never wait longer than this after the first event
NAVIGATION_TYPES = {0: "link-activated", 1: "form-submitted", 2: "back-forward", 3: "reload", 4: "form-resubmitted",
                    5: "other"}
LOAD_STATES = {0: "started", 1: "redirected", 2: "committed", 3: "finished"}



class EventQueue(driver_protocol.ProxyOwner):
    """What WebKit, the page and the proxy queue for the harness between two requests (`events`, handed over by
    `settle`), the proxy's requests waiting for `respond` (`exchanges`), the redirects it saw, the requests a page
    queued and not yet seen (`awaited_requests`) and since when WebKit waits for each answer (`waiting_since`).
    `lock` guards all of it: the proxy's threads share it.

    An object the driver owns rather than a mixin of it: it is the proxy's owner (open_exchange, note_redirect and
    ProxyOwner's close_exchange and `respond`) and receives what it uses, `wake`, `iterate` (the main loop's: an event
    of a proxy thread wakes it; `settle` runs it), `is_stopping` (the driver's stop flag) and `times` (the driver's
    profile)."""

    def __init__(self, wake, iterate, is_stopping, times):
        self.wake = wake
        self.iterate = iterate
        self.is_stopping = is_stopping
        self.times = times
        self.lock = threading.Lock()
        self.events = []
        self.exchanges = {}  # number -> proxy.Exchange waiting for the harness's respond
        self.exchange_count = 0  # the last exchange number given out this scenario
        self.redirects = {}  # normalised request URL -> normalised 3xx Location target (proxy threads write)
        # A beacon the page queued, and its redirect hops, not at the proxy yet.
        self.awaited_requests = page_requests.AwaitedRequests()
        self.waiting_since = {}  # ("exchange"|"decision", number) -> when WebKit began waiting for the harness
        self.last_activity = time.monotonic()
        self.pages_requested = False  # whether this scenario's pages may have made a request (note_op)

    def note_activity(self):
        with self.lock:
            self.last_activity = time.monotonic()

    def queue_event(self, event):
        with self.lock:
            self.events.append(event)
            self.last_activity = time.monotonic()
        self.wake()

    def queue_event_once(self, event):
        """Queue `event` unless an equal one still waits for `settle` (the activity is noted either way)."""
        with self.lock:
            self.last_activity = time.monotonic()
            if event in self.events:
                return
        self.queue_event(event)



    def start_waiting(self, key):
        """WebKit begins to wait for the harness's answer to `key` (("decision", number)), for the profile."""
        with self.lock:
            self.waiting_since[key] = time.monotonic()

    def stop_waiting(self, key):
        """When WebKit began to wait for the answer to `key`, now given (None: not known)."""
        with self.lock:
            return self.waiting_since.pop(key, None)

    def frame_of_redirect(self, frame_urls, url):
        """The value of `frame_urls` (a view's frame URLs -> their fetch request) whose URL the proxy saw redirect to
        `url`, or None."""
        with self.lock:
            return next((request for source, request in frame_urls.items() if self.redirects.get(source) == url), None)

    def take_exchanges(self):
        """The proxy's requests still waiting for `respond`, no longer waiting (the caller closes them)."""
        with self.lock:
            exchanges, self.exchanges = list(self.exchanges.values()), {}
        return exchanges

    def next_scenario(self):
        """`reset`: nothing queued, numbered, redirected, awaited or waited for is kept; the proxy's requests that
        still wait (the previous scenario's) are returned to be closed."""
        with self.lock:
            self.events = []
            self.exchange_count = 0
            self.redirects = {}
            self.awaited_requests.clear()
            self.waiting_since = {}
            late, self.exchanges = list(self.exchanges.values()), {}
        return late

    # The ops after which a page of this scenario can make a request. WebKit's network process may send a request
    # of the previous scenario's page after `reset` has blanked that page (it was queued there before the load was
    # cancelled): that request reaches the proxy while the next scenario runs, on the same routes when the suite is
    # the same, and it used to be answered as the next scenario's — its Set-Cookie into a reused store, its route's
    # `delay-ms` skip taken as the next scenario's (seen in CI: first-request.cookies-of-one-response-in-creation-order
    # then first-request.native-login-in-web-view-with-own-process-pool). Until one of these ops, no page of the
    # scenario has asked for anything, so a request is a stray: its connection is closed without a response.
    PAGE_REQUEST_OPS = frozenset(("load", "load-html", "click-link", "submit-form", "go-back", "go-forward", "fetch", "evaluate",
                                  "open-window"))

    def note_op(self, op):
        """Main thread, before each op: from the first op in PAGE_REQUEST_OPS the proxy's requests are the scenario's."""
        if op in self.PAGE_REQUEST_OPS and not self.pages_requested:
            with self.lock:
                self.pages_requested = True

    def forget_page_requests(self):
        """The scenario (or the app, at `terminate-app`) is over: what reaches the proxy now is a stray."""
        with self.lock:
            self.pages_requested = False

    def open_exchange(self, method, url, headers, body):
        """Proxy thread: register a request and queue its event (a stray of an earlier scenario is closed)."""
        with self.lock:
            if not self.pages_requested:
                self.times.add("proxy: a request before this scenario's first page op, closed (an earlier page's)", 0.0)
                return proxy.answered(None)
            self.awaited_requests.arrived(normalised(url))
            self.exchange_count += 1
            exchange = proxy.Exchange(self.exchange_count)
            self.exchanges[exchange.number] = exchange
            self.waiting_since[("exchange", exchange.number)] = time.monotonic()
        self.queue_event({"type": "http-request", "exchange": exchange.number, "method": method, "url": url,
                          "headers": headers, "body": body})
        return exchange

    def expect_request(self, url):
        """Main thread: a request the page queued (a beacon), awaited at the proxy for a grace period, its redirect
        hops too."""
        with self.lock:
            self.awaited_requests.expect(
                url, time.monotonic() + page_requests.QUEUED_REQUEST_GRACE, follow_redirects=True)

    def forget_request(self, url):
        """Main thread: a queued request the page refused; it never reaches the proxy."""
        with self.lock:
            self.awaited_requests.forget(url)

    def note_redirect(self, url, location):
        with self.lock:
            target = normalised(urllib.parse.urljoin(url, location))
            self.redirects[normalised(url)] = target
            self.awaited_requests.redirected(normalised(url), target, time.monotonic() + page_requests.QUEUED_REQUEST_GRACE)


    # -- settle ---------------------------------------------------------------------------------------------------

    def requests_pending(self):
        """Whether a request of the proxy waits for `respond`, or one the page queued has not reached the proxy yet."""
        with self.lock:
            return bool(self.exchanges) or self.awaited_requests.pending(time.monotonic())

    def waiting_exchanges(self):
        """The numbers of the proxy's requests that wait for `respond`, in order."""
        with self.lock:
            return sorted(self.exchanges)

    def settle(self, request, is_busy, busy_reason):
        """The protocol's `settle`: the queued events, once nothing `is_busy` for a quiet window, an event blocks
        WebKit until the harness answers it, events have been batched long enough, or the request's wait is over
        (then `busy_reason` says why, if nothing came)."""
        start, deadline = driver_protocol.settle_window(request)
        first_event = None
        idle = False
        while True:
            now = time.monotonic()
            with self.lock:
                have_events = bool(self.events)
                blocked = any(event["type"] in BLOCKING_EVENTS for event in self.events)
                quiet = now - self.last_activity
            busy = is_busy()
            if not busy and quiet >= IDLE_QUIET:
                idle = True
                self.times.add("settle: quiet window before idle", min(quiet, now - start))
                break
            if blocked:
                self.times.add("settle: returned on a blocking event", 0.0)
                break  # WebKit waits for the harness's answer: nothing more comes until it is given
            if have_events:
                if first_event is None:
                    first_event = now
                since = now - first_event
                if since >= EVENT_CAP or (busy and since >= EVENT_GRACE):
                    self.times.add("settle: events batched", since)
                    break
                timeout = (EVENT_GRACE if busy else min(EVENT_CAP, since + IDLE_QUIET - quiet)) - since
            elif busy:
                timeout = deadline - now
            else:
                timeout = IDLE_QUIET - quiet
            if now >= deadline:
                break
            self.iterate(max(0.0005, min(timeout, deadline - now)))
            if self.is_stopping():
                break
        with self.lock:
            events, self.events = self.events, []
        if not idle and not events:
            return {"events": events, "idle": idle, "busy": busy_reason()}
        return {"events": events, "idle": idle}



class Decisions:
    """WebKit's callbacks of the views (navigation actions classified as the main frame's or a frame's, responses,
    load states) and the policy decisions held for the harness's `decide` (`held`: number -> (decision, view);
    `frame_decisions`: number of a frame's decision -> the fetch request that made the frame, 0: none).

    An object the driver owns rather than a mixin of it: it receives what it uses, `queue` (the driver's EventQueue:
    events, the wait of each held decision, the proxy's redirects), `next_number`, `times` (the driver's profile),
    `current_generation` (bumped by `reset`: a callback of an earlier scenario is ignored) and `pending_calls` (the
    running calls `settle` waits for; a frame probe is one). WebKit's callbacks and the harness's requests both run
    on GLib's main thread, so what it owns needs no lock."""

    def __init__(self, queue, next_number, times, current_generation, pending_calls):
        self.queue = queue
        self.next_number = next_number
        self.times = times
        self.current_generation = current_generation
        self.pending_calls = pending_calls
        self.held = {}
        self.frame_decisions = {}

    # -- WebKit's callbacks -----------------------------------------------------------------------------------------

    # WebKitGTK 4.1 (2.50) cannot tell a main-frame navigation action from a frame's: the frame name is a link's
    # `target` only, and webkit_navigation_action_is_for_main_frame exists in no release. The driver classifies:
    #   - an action for the URL of a pending `load`/`click-link`, or a `load`'s (no Referer): the main frame;
    #   - a redirect hop: the main frame's while its navigation is provisional, unless the hop is the 3xx target
    #     of a request already known to be a frame's;
    #   - anything else (the page navigating by itself, or a frame loading): the page is asked whether one of its
    #     frame elements (same-origin nested documents included) has that URL as `src`; if so a frame's.
    # A frame's actions and its final response are reported like the main frame's, with `main-frame` false and the
    # `fetch` request whose iframe it is (PROTOCOL.md, decide-action).

    FRAME_PROBE = (
        "var n=function(x){try{var a=new URL(x,document.baseURI);a.hash='';return a.href}catch(e){return x}};"
        "var t=n(url);var f=function(d){var l=d.querySelectorAll('iframe,frame');for(var i=0;i<l.length;i++){"
        "var e=l[i];if(e.src&&n(e.src)===t)return e.getAttribute('data-harness-request')||'0';"
        "try{var r=e.contentDocument&&f(e.contentDocument);if(r)return r}catch(x){}}return ''};return f(document);"
    )

    def on_decide_policy(self, widget, decision, kind, view):
        if view.widget is None:
            decision.ignore()
            return True
        if kind == api.WebKit2.PolicyDecisionType.NEW_WINDOW_ACTION:
            # A target=_blank link: held until the harness answers open-window (the app's navigation delegate, then
            # its UI delegate's createWebViewWith).
            number = self.next_number("decision")
            self.held[number] = (decision, view)
            self.queue.start_waiting(("decision", number))
            self.queue.queue_event({
                "type": "decide-new-window", "decision": number, "view": view.number,
                "request": request_record(decision.get_navigation_action().get_request()),
            })
            return True
        if kind == api.WebKit2.PolicyDecisionType.NAVIGATION_ACTION:
            action = decision.get_navigation_action()
            request = request_record(action.get_request())
            details = (request, NAVIGATION_TYPES.get(int(action.get_navigation_type()), "other"),
                       bool(action.is_redirect()))
            url = normalised(request["url"])
            if details[2]:
                frame = self.frame_redirect(view, url)
                self.classified(view, decision, details, view.provisional and frame is None, frame or 0)
            elif view.assigned and (view.assigned[0][1] == url or not any(
                    name.lower() == "referer" for name, _ in request["headers"])):
                self.classified(view, decision, details, True)
            else:
                self.probe_frame(view, decision, details)
            return True
        if kind == api.WebKit2.PolicyDecisionType.RESPONSE:
            response = decision.get_response()
            main_frame = decision.is_main_frame_main_resource()
            number = self.next_number("decision")
            self.held[number] = (decision, view)
            event = {"type": "decide-response", "decision": number, "view": view.number,
                     "navigation": view.navigation if main_frame else None, "main-frame": main_frame}
            if not main_frame:
                frame = view.frame_urls.get(normalised(response.get_uri()), 0)
                self.frame_decisions[number] = frame
                event["frame-request"] = frame or None
            self.queue.start_waiting(("decision", number))
            self.queue.queue_event({
                **event,
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
        """If `url` is the 3xx target of a request known to be a frame's, that frame's fetch request (0: none
        known); else None."""
        return self.queue.frame_of_redirect(view.frame_urls, url)

    def probe_frame(self, view, decision, details):
        """Ask the page whether a frame element of it loads the action's URL; classify when it answers."""
        token = object()
        generation = self.current_generation()
        self.pending_calls.add(token)

        def answered(widget, result, *_):
            if generation != self.current_generation() or view.widget is None:
                return
            self.pending_calls.discard(token)
            try:
                value = widget.call_async_javascript_function_finish(result)
                frame = value.to_string() if value.is_string() else ""
            except Exception:
                frame = ""
            self.classified(view, decision, details, not frame, int(frame) if frame.isdigit() else 0)

        arguments = api.GLib.Variant("a{sv}", {"url": api.GLib.Variant("s", details[0]["url"])})
        view.widget.call_async_javascript_function(self.FRAME_PROBE, -1, arguments, None, None, None, answered)

    def classified(self, view, decision, details, main_frame, frame_request=0):
        """Report a classified action, held for `decide`; a frame's with the `fetch` request that made the frame."""
        request, navigation_type, redirect = details
        if not main_frame:
            view.frame_urls[normalised(request["url"])] = frame_request
            number = self.next_number("decision")
            self.held[number] = (decision, view)
            self.frame_decisions[number] = frame_request
            self.queue.start_waiting(("decision", number))
            self.queue.queue_event({"type": "decide-action", "decision": number, "view": view.number, "navigation": None,
                              "main-frame": False, "frame-request": frame_request or None, "request": request,
                              "navigation-type": navigation_type, "redirect": redirect})
            return
        if redirect and view.navigation is not None:
            navigation = view.navigation
        elif view.assigned:
            view.actions += 1
            if view.actions == 1:
                kind = "a reused view" if view.reused else "a new view (web process start)"
                self.times.add(f"first navigation action of {kind}, after its load", time.monotonic() - view.assigned_since)
            navigation = view.assigned.popleft()[0]
        else:
            navigation = self.next_number("navigation")
        view.navigation = navigation
        view.cancelled = False
        view.provisional = True
        view.provisional_since = time.monotonic()
        number = self.next_number("decision")
        self.held[number] = (decision, view)
        self.queue.start_waiting(("decision", number))
        self.queue.queue_event({
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
        if state == "committed":
            view.committed()
        self.queue.queue_event({"type": "navigation", "view": view.number, "navigation": view.navigation, "state": state,
                          "url": widget.get_uri()})

    def on_load_failed(self, widget, event, uri, error, view):
        if view.widget is None:
            return False
        view.provisional = False
        cancelled = error.matches(api.WebKit2.NetworkError.quark(), int(api.WebKit2.NetworkError.CANCELLED)) or error.matches(
            api.WebKit2.PolicyError.quark(), int(api.WebKit2.PolicyError.FRAME_LOAD_INTERRUPTED_BY_POLICY_CHANGE))
        # WebKit's redirect limit comes with an empty error domain and code 0 (WebKitGTK 2.50.6): its fixed message,
        # "Load cannot follow more than 20 redirections", is the only sign of it.
        redirects = error.matches(api.Soup.SessionError.quark(), int(api.Soup.SessionError.TOO_MANY_REDIRECTS)) or (
            "redirection" in error.message and "more than" in error.message)
        self.queue.queue_event({"type": "navigation", "view": view.number, "navigation": view.navigation,
                          "state": "failed", "url": widget.get_uri(), "message": error.message,
                          "cancelled": bool(cancelled), "too-many-redirects": bool(redirects)})
        return True  # handled: no error page is loaded (it would commit as if it were the page)

    # -- the harness's answers --------------------------------------------------------------------------------------

    def decide(self, request):
        number = field(request, "decision", int)
        policy = field(request, "policy", str)
        if policy not in ("allow", "cancel"):
            raise ProtocolError(f"policy must be 'allow' or 'cancel', not '{policy}'")
        decision, view = self.take_decision(number)
        frame = self.frame_decisions.pop(number, None)
        if policy == "allow":
            decision.use()
        elif frame is not None:
            decision.ignore()
            if frame:
                self.frame_cancelled(frame)
        else:
            decision.ignore()
            view.cancelled = True
            view.provisional = False
        self.queue.note_activity()
        return {}

    def frame_cancelled(self, request):
        """The harness cancelled a frame's load: its `fetch` request fails now. WebKit may never fire the frame's
        `load` after that, so the request is no longer waited for."""
        token = ("fetch", request)
        if token not in self.pending_calls:
            return
        self.pending_calls.discard(token)
        self.queue.queue_event({"type": "fetch-done", "request": request, "ok": False,
                          "message": "the app cancelled the frame's load"})

    def take_decision(self, number):
        """The pending decision `number` and its view, no longer pending; the time WebKit waited for it counted."""
        entry = self.held.pop(number, None)
        if entry is None:
            raise ProtocolError(f"no pending decision {number}")
        since = self.queue.stop_waiting(("decision", number))
        if since is not None:
            self.times.add("decisions: WebKit waits for the harness's decide", time.monotonic() - since)
        return entry

    def drop(self, tolerate_errors=True):
        """The scenario (or the driver) ends: every held decision is ignored, WebKit stops waiting for it."""
        for decision, _ in self.held.values():
            try:
                decision.ignore()
            except Exception:
                if not tolerate_errors:
                    raise
        self.held = {}
        self.frame_decisions = {}


def request_record(uri_request):
    """A URIRequest as the events say it: URL, method and headers."""
    return {
        "url": uri_request.get_uri(),
        "method": uri_request.get_http_method() or "GET",
        "headers": soup_headers(uri_request.get_http_headers()),
    }


def normalised(url):
    """A URL without its fragment, scheme and host lower-case, an empty path as "/": for comparing URLs."""
    try:
        parts = urllib.parse.urlsplit(url)
        return urllib.parse.urlunsplit((parts.scheme.lower(), parts.netloc.lower(), parts.path or "/", parts.query, ""))
    except ValueError:
        return url
