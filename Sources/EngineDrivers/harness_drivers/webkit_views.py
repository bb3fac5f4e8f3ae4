"""The WebKitGTK driver's web views and what the harness does in them: `new-web-view`, `set-scripts`, navigation
(`load`, `click-link`, `submit-form`, `go-back`, `go-forward`) and scripts (`evaluate`, `fetch`)."""

import collections
import json
import time

from . import page_requests
from . import webkit_api as api
from .driver_protocol import ProtocolError, Unsupported, field, header_pairs
from .webkit_events import normalised, request_record
from .webkit_objects import View
from .webkit_page_calls import javascript_value



# How long a back/forward within the document may take to change the page's URL (a web process round trip).
TRAVERSAL_WAIT_MS = 2000


class WebViews:
    """This scenario's web views (`views`: number -> View) and what the harness does in them.

    An object the driver owns rather than a mixin of it: it receives what it uses, `store_of` (the data stores'),
    `register_schemes` (the schemes'), `signal_handlers` (what records WebKit's `decide-policy`, `load-changed`,
    `load-failed` and `script-dialog` of a view), `take_decision` (a held decision, for `open-window`),
    `expect_request` and `forget_request` (a request the page queued, awaited at the proxy), `next_number`,
    `queue_event` and `note_activity` (the driver's numbering and event queue), `current_generation` and
    `pending_calls` (the scenario's running calls, which `settle` waits for) and `call` (the main loop's)."""

    def __init__(self, store_of, register_schemes, signal_handlers, take_decision, expect_request, forget_request,
                 next_number, queue_event, note_activity, current_generation, pending_calls, call):
        self.store_of = store_of
        self.register_schemes = register_schemes
        self.signal_handlers = signal_handlers
        self.take_decision = take_decision
        self.expect_request = expect_request
        self.forget_request = forget_request
        self.next_number = next_number
        self.queue_event = queue_event
        self.note_activity = note_activity
        self.current_generation = current_generation
        self.pending_calls = pending_calls
        self.call = call
        self.views = {}

    @staticmethod
    def configure(widget):
        settings = widget.get_settings()
        settings.set_hardware_acceleration_policy(api.WebKit2.HardwareAccelerationPolicy.NEVER)
        settings.set_enable_page_cache(False)

    @staticmethod
    def user_scripts(request):
        """The request's `scripts` as api.WebKit2.UserScripts, each injected into the frames its `main-frame-only`
        asks (WKUserScript's `forMainFrameOnly`; true when absent): false runs it in every frame's document too."""
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
            frames = api.WebKit2.UserContentInjectedFrames
            main_frame_only = field(script, "main-frame-only", bool, True, optional=True)
            sources.append(api.WebKit2.UserScript.new(
                field(script, "source", str),
                frames.TOP_FRAME if main_frame_only else frames.ALL_FRAMES,
                api.WebKit2.UserScriptInjectionTime.START if when == "start" else api.WebKit2.UserScriptInjectionTime.END,
                None, None,
            ))
        return sources

    def new_web_view(self, request):
        store = self.store_of(request)
        sources = self.user_scripts(request)
        opener = self.view_of({"view": request["opener"]}) if request.get("opener") is not None else None
        if opener is not None and opener.store is not store:
            raise ProtocolError("a new window is on its opener's data store")
        # A new window's widget is a stand-in until WebKit's `create`, which must return a view made there, related
        # to the opener (one made earlier lacks the new page's window features, and WebKit aborts).
        reused = store.spare is not None and opener is None
        if reused:
            (widget, content), store.spare = store.spare, None
        else:
            content = api.WebKit2.UserContentManager()
            widget = api.WebKit2.WebView(web_context=store.context, user_content_manager=content)
            self.configure(widget)
        for script in sources:
            content.add_script(script)
        view = View(self.next_number("view"), store, widget, content)
        view.reused = reused
        view.opener = opener
        self.register_schemes(view, request.get("schemes") or [])
        self.connect_signals(view)
        self.views[view.number] = view
        return {"view": view.number}

    def connect_signals(self, view):
        widget = view.widget
        view.handlers = [
            widget.connect("decide-policy", self.signal_handlers["decide-policy"], view),
            widget.connect("load-changed", self.signal_handlers["load-changed"], view),
            widget.connect("load-failed", self.signal_handlers["load-failed"], view),
            widget.connect("create", self.on_create, view),
            widget.connect("script-dialog", self.signal_handlers["script-dialog"], view),
        ]
        view.history_handler = widget.get_back_forward_list().connect("changed", view.note_history_change)

    def set_scripts(self, request):
        view = self.view_of(request)
        sources = self.user_scripts(request)
        view.content.remove_all_scripts()
        for script in sources:
            view.content.add_script(script)
        return {}

    def view_of_widget(self, widget):
        """This scenario's view of a WebKit widget, or None (a view already dropped)."""
        return next((view for view in self.views.values() if view.widget is widget), None)

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

    def request_of(self, request):
        """The view, URL, method, headers and body of a `load` or a `fetch`."""
        return (self.view_of(request), field(request, "url", str), field(request, "method", str, "GET", optional=True),
                header_pairs(request.get("headers")), request.get("body"))

    def load(self, request):
        view, url, method, headers, body = self.request_of(request)
        if method.upper() != "GET":
            raise Unsupported(f"WebKitGTK 4.1's URIRequest has no method or body: a {method} load is impossible")
        if body not in (None, ""):
            raise Unsupported("WebKitGTK 4.1's URIRequest has no body")
        uri_request = api.WebKit2.URIRequest.new(url)
        fields = uri_request.get_http_headers()
        if fields is None and headers:
            raise Unsupported("this WebKitGTK gives a URIRequest no header object: headers cannot be added")
        for name, value in headers:
            fields.append(name, value)
        number = self.assign_navigation(view, url)
        view.widget.load_request(uri_request)
        self.note_activity()
        return {"navigation": number}

    def load_html(self, request):
        """`webkit_web_view_load_html`: a page whose HTML the app gives (`loadHTMLString(_:baseURL:)`), its URL the
        base URL (about:blank without one); no request goes out for it."""
        view = self.view_of(request)
        html = field(request, "html", str, "", optional=True)
        base = request.get("base-url")
        number = self.assign_navigation(view, base or "about:blank")
        view.widget.load_html(html, base)
        self.note_activity()
        return {"navigation": number}

    def click_link(self, request):
        view = self.view_of(request)
        url = field(request, "url", str)
        target = field(request, "target", str, "", optional=True)
        if target not in ("", "_blank"):
            raise ProtocolError(f"a link's target is '_blank' or none, not '{target}'")
        script = (
            "(function(){var a=document.createElement('a');a.href=%s;a.target=%s;a.textContent='link';"
            "(document.body||document.documentElement).appendChild(a);a.click();})();" % (json.dumps(url), json.dumps(target))
        )
        if target:
            # The opener's page navigates nowhere: WebKit's NEW_WINDOW_ACTION decision comes (decide-new-window).
            self.evaluate_in(view, script)
            self.note_activity()
            return {}
        return self.navigate_by_script(view, url, script)

    def open_window(self, request):
        """The answer to `decide-new-window`: WebKit drops the action (no `window`), or opens the window in the given
        view — one made by new-web-view with this opener — whose navigation gets the returned number."""
        decision, view = self.take_decision(field(request, "decision", int))
        self.note_activity()
        if request.get("window") is None:
            decision.ignore()
            return {}
        window = self.view_of({"view": request["window"]})
        if window.opener is not view:
            decision.ignore()
            raise ProtocolError(f"web view {window.number} was not made as a new window of web view {view.number}")
        url = decision.get_navigation_action().get_request().get_uri()
        navigation = self.assign_navigation(window, url)
        view.opening = window
        decision.use()
        return {"navigation": navigation}

    def on_create(self, widget, action, view):
        """WebKit's `create`: the view open-window named, its stand-in replaced by a widget related to the opener's
        (with the view's own content manager), or none (a page's window.open() returns null)."""
        window, view.opening = view.opening, None
        if window is None and view.widget is not None:
            # A page's window.open(): WebKit asks no policy first and wants the view now; the harness asks the
            # app's UI delegate afterwards (script-window), and window.open() has returned null by then.
            self.queue_event({"type": "script-window", "view": view.number,
                              "request": request_record(action.get_request())})
            return None
        if window is None or window.widget is None:
            return None
        stand_in = window.widget
        for handler in window.handlers:
            stand_in.disconnect(handler)
        window.widget = api.WebKit2.WebView(related_view=widget, user_content_manager=window.content)
        self.configure(window.widget)
        self.connect_signals(window)
        stand_in.destroy()
        return window.widget

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
        """`webkit_web_view_go_back`/`go_forward`: the history item's URL is loaded again (the page cache is off),
        or, for an item the current document pushed, a traversal within the document (`traverse_in_document`)."""
        view = self.view_of(request)
        history = view.widget.get_back_forward_list()
        item = history.get_back_item() if step < 0 else history.get_forward_item()
        # A view is handed out on about:blank (a spare reused, or the warm-up page): that is no page of the scenario,
        # and a fresh WKWebView has nothing to go back to before its first load (found by `explore`).
        if item is None or item.get_uri() == "about:blank":
            return {"navigation": None}
        if view.in_document(item):
            return self.traverse_in_document(view, item, step)
        number = self.assign_navigation(view, item.get_uri())
        if step < 0:
            view.widget.go_back()
        else:
            view.widget.go_forward()
        self.note_activity()
        return {"navigation": number}

    def traverse_in_document(self, view, item, step):
        """Back or forward to an item of the current document: no navigation starts (no `decide-action`, no
        `load-changed`), so none is assigned (the next load would take its number); the page's URL becomes the
        item's, and a `navigation` event with state `same-document` says so (or `failed` if it never does)."""
        number = self.next_number("navigation")
        url = item.get_uri()
        widget = view.widget
        token = object()
        self.pending_calls.add(token)
        generation = self.current_generation()
        watched = {}

        def done(state, message=None):
            if "uri" in watched:
                widget.disconnect(watched.pop("uri"))
            if token not in self.pending_calls:  # already done, or a `reset` emptied the set
                return False
            self.pending_calls.discard(token)
            if generation == self.current_generation():
                event = {"type": "navigation", "view": view.number, "navigation": number, "state": state, "url": url}
                if message:
                    event.update(message=message, cancelled=False, **{"too-many-redirects": False})
                self.queue_event(event)
            return False

        watched["uri"] = widget.connect(
            "notify::uri", lambda *_: done("same-document") if widget.get_uri() == url else None)
        if step < 0:
            widget.go_back()
        else:
            widget.go_forward()
        if widget.get_uri() == url:
            api.GLib.idle_add(lambda: done("same-document"))
        api.GLib.timeout_add(TRAVERSAL_WAIT_MS, lambda: done("failed", f"the page's URL never became {url}"))
        self.note_activity()
        return {"navigation": number, "same-document": True}

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
        return javascript_value(value)

    def fetch(self, request):
        """The page asks for a subresource the way `kind` says (page_requests.py); a `fetch-done` event says how it
        ended."""
        view = self.view_of(request)
        url, kind, init = page_requests.subresource(request)
        if kind in page_requests.QUEUED_KINDS:
            self.expect_request(normalised(url))
        number = self.next_number("request")
        token = ("fetch", number)
        generation = self.current_generation()
        arguments = api.GLib.Variant("a{sv}", {
            "url": api.GLib.Variant("s", url),
            "kind": api.GLib.Variant("s", kind),
            "init": api.GLib.Variant("s", json.dumps(init)),
            "request": api.GLib.Variant("i", number),
        })
        script = "return await %s(url, kind, JSON.parse(init), request);" % page_requests.REQUEST

        def done(widget, result, *_):
            if generation != self.current_generation():
                return
            self.pending_calls.discard(token)
            event = {"type": "fetch-done", "request": number, "ok": True}
            try:
                widget.call_async_javascript_function_finish(result)
            except Exception as error:
                event["ok"] = False
                event["message"] = getattr(error, "message", None) or str(error)
                self.forget_request(normalised(url))  # refused: it never leaves
            self.queue_event(event)

        self.pending_calls.add(token)
        view.widget.call_async_javascript_function(script, -1, arguments, None, None, None, done)
        self.note_activity()
        return {"request": number}
