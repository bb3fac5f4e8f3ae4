"""The WebKitGTK driver's web views (Sources/EngineDrivers/harness_drivers/webkit_views.py, WebViews) with stand-ins
for WebKit's widgets and content managers: an object given what it uses, so no driver is needed."""

import types

import pytest

from harness_drivers import webkit_api
from harness_drivers import webkit_views
from harness_drivers.driver_protocol import ProtocolError, Unsupported


class Item:
    """A WebKitBackForwardListItem."""

    def __init__(self, uri):
        self.uri = uri

    def get_uri(self):
        return self.uri


class BackForwardList:
    """A WebKitBackForwardList: its items, the current one, and its `changed` handler."""

    def __init__(self):
        self.items, self.index, self.changed = [], -1, None

    def connect(self, signal, handler):
        assert signal == "changed"
        self.changed = handler
        return "changed handler"

    def disconnect(self, handler):
        self.changed = None

    def add(self, uri):
        """A new item after the current one (a load's commit, or the page's pushState)."""
        del self.items[self.index + 1:]
        self.items.append(Item(uri))
        self.index += 1
        self.changed(self, self.items[-1], None)

    def get_current_item(self):
        return self.items[self.index] if self.index >= 0 else None

    def get_back_item(self):
        return self.items[self.index - 1] if self.index > 0 else None

    def get_forward_item(self):
        return self.items[self.index + 1] if self.index + 1 < len(self.items) else None


class Widget:
    """A WebKitWebView: its signals, loads, JavaScript calls and back-forward list, recorded."""

    def __init__(self, **made_with):
        self.made_with = made_with
        self.connected, self.loaded, self.calls, self.history = [], [], [], []
        self.back_forward_list = BackForwardList()
        self.uri_watchers = {}

    def get_settings(self):
        return types.SimpleNamespace(set_hardware_acceleration_policy=lambda policy: None,
                                     set_enable_page_cache=lambda enabled: None)

    def connect(self, signal, handler, *data):
        self.connected.append((signal, handler))
        if signal == "notify::uri":
            self.uri_watchers[len(self.connected)] = handler
        return len(self.connected)

    def disconnect(self, handler):
        self.uri_watchers.pop(handler, None)

    def get_back_forward_list(self):
        return self.back_forward_list

    def get_uri(self):
        current = self.back_forward_list.get_current_item()
        return current.uri if current else "about:blank"

    def go_back(self):
        self.history.append("back")

    def go_forward(self):
        self.history.append("forward")

    def web_process_answers(self):
        """The last traversal asked for reached the web process: the current item and the page's URL changed."""
        self.back_forward_list.index += -1 if self.history[-1] == "back" else 1
        for handler in list(self.uri_watchers.values()):
            handler(self, None)

    def load_request(self, request):
        self.loaded.append(request.uri)

    def call_async_javascript_function(self, script, length, arguments, world, source_uri, cancellable, done):
        self.calls.append(done)


class Content:
    def __init__(self):
        self.scripts = []

    def add_script(self, script):
        self.scripts.append(script)

    def remove_all_scripts(self):
        self.scripts = []


class URIRequest:
    def __init__(self, uri):
        self.uri = uri

    def get_http_headers(self):
        return types.SimpleNamespace(append=lambda name, value: None)


@pytest.fixture
def parts(monkeypatch):
    """WebViews on one data store (number 1, with a spare view), everything it is given recorded."""
    monkeypatch.setattr(webkit_api, "WebKit2", types.SimpleNamespace(
        UserContentManager=Content, WebView=Widget,
        HardwareAccelerationPolicy=types.SimpleNamespace(NEVER="never"),
        UserContentInjectedFrames=types.SimpleNamespace(TOP_FRAME="top frame"),
        UserScriptInjectionTime=types.SimpleNamespace(START="start", END="end"),
        UserScript=types.SimpleNamespace(new=lambda source, frames, when, allow, block: (source, frames, when)),
        URIRequest=types.SimpleNamespace(new=URIRequest),
    ), raising=False)
    timers = []
    monkeypatch.setattr(webkit_api, "GLib", types.SimpleNamespace(
        Variant=lambda kind, content: content, idle_add=timers.append,
        timeout_add=lambda milliseconds, callback: timers.append(callback)), raising=False)
    spare = (Widget(), Content())
    store = types.SimpleNamespace(number=1, context="context 1", spare=spare)
    counters = {}

    def next_number(kind):
        counters[kind] = counters.get(kind, 0) + 1
        return counters[kind]

    def store_of(request):
        if request.get("store") != 1:
            raise ProtocolError("no data store")
        return store

    record = types.SimpleNamespace(events=[], schemes=[], expected=[], forgotten=[], generation=0, pending=set(),
                                   timers=timers)
    handlers = {name: f"{name} handler" for name in ("decide-policy", "load-changed", "load-failed", "script-dialog")}
    views = webkit_views.WebViews(
        store_of=store_of, register_schemes=lambda view, schemes: record.schemes.append((view.number, schemes)),
        signal_handlers=handlers, take_decision=None, expect_request=record.expected.append,
        forget_request=record.forgotten.append, next_number=next_number, queue_event=record.events.append,
        note_activity=lambda: None, current_generation=lambda: record.generation, pending_calls=record.pending,
        call=None)
    return views, store, spare, record


def test_a_new_view_takes_the_stores_spare_its_scripts_schemes_and_the_drivers_signal_handlers(parts):
    views, store, spare, record = parts
    reply = views.new_web_view({"store": 1, "scripts": [{"source": "a()", "time": "start"}], "schemes": ["app"]})
    view = views.view_of({"view": reply["view"]})
    assert reply == {"view": 1} and view.widget is spare[0] and view.reused and store.spare is None
    assert view.content.scripts == [("a()", "top frame", "start")]
    assert record.schemes == [(1, ["app"])]
    assert [(signal, handler if isinstance(handler, str) else "own") for signal, handler in view.widget.connected] == [
        ("decide-policy", "decide-policy handler"), ("load-changed", "load-changed handler"),
        ("load-failed", "load-failed handler"), ("create", "own"), ("script-dialog", "script-dialog handler")]
    second = views.view_of({"view": views.new_web_view({"store": 1})["view"]})
    assert second.widget.made_with == {"web_context": "context 1", "user_content_manager": second.content}
    assert views.view_of_widget(second.widget) is second and views.view_of_widget(Widget()) is None


def test_a_view_that_is_not_there_is_refused(parts):
    views, _, _, _ = parts
    with pytest.raises(ProtocolError, match="no web view 7"):
        views.view_of({"view": 7})
    with pytest.raises(ProtocolError, match="script time"):
        views.new_web_view({"store": 1, "scripts": [{"source": "a()", "time": "later"}]})


def test_a_load_is_numbered_and_a_post_load_refused(parts):
    views, _, spare, _ = parts
    views.new_web_view({"store": 1})
    assert views.load({"view": 1, "url": "https://app.example.com/"}) == {"navigation": 1}
    assert spare[0].loaded == ["https://app.example.com/"]
    view = views.view_of({"view": 1})
    assert list(view.assigned) == [(1, "https://app.example.com/")]
    with pytest.raises(Unsupported):
        views.load({"view": 1, "url": "https://app.example.com/", "method": "POST"})


def test_a_beacon_is_awaited_at_the_proxy_and_forgotten_when_the_page_refuses_it(parts):
    views, _, spare, record = parts
    views.new_web_view({"store": 1})
    assert views.fetch({"view": 1, "url": "https://app.example.com/collect", "kind": "beacon"}) == {"request": 1}
    assert record.expected == ["https://app.example.com/collect"] and record.pending == {("fetch", 1)}

    def refused(result):
        raise ValueError("refused")

    spare[0].call_async_javascript_function_finish = refused
    spare[0].calls[-1](spare[0], None)
    assert record.forgotten == ["https://app.example.com/collect"] and record.pending == set()
    assert record.events == [{"type": "fetch-done", "request": 1, "ok": False, "message": "refused"}]


def test_the_end_of_an_earlier_scenarios_fetch_is_ignored(parts):
    views, _, spare, record = parts
    views.new_web_view({"store": 1})
    views.fetch({"view": 1, "url": "https://app.example.com/data"})
    record.generation += 1  # reset
    spare[0].calls[-1](spare[0], None)
    assert record.events == [] and record.expected == []


def committed_page(views, uri):
    """A view whose main frame committed `uri` (its back-forward list's new current item)."""
    view = views.view_of({"view": views.new_web_view({"store": 1})["view"]})
    view.provisional = True
    view.widget.back_forward_list.add(uri)
    view.provisional = False
    view.committed()
    return view


def test_back_to_the_pages_own_pushed_item_assigns_no_navigation_and_reports_the_traversal(parts):
    views, _, _, record = parts
    view = committed_page(views, "https://app.example.com/a/page")
    view.widget.back_forward_list.add("https://app.example.com/a/x")  # the page's history.pushState
    reply = views.go_back({"view": view.number})
    assert reply == {"navigation": 1, "same-document": True} and not view.assigned and record.pending
    view.widget.web_process_answers()
    assert record.events == [{"type": "navigation", "view": view.number, "navigation": 1, "state": "same-document",
                              "url": "https://app.example.com/a/page"}]
    assert not record.pending and not view.widget.uri_watchers
    [timer() for timer in record.timers]  # the time limit, run out after the answer: nothing more
    assert len(record.events) == 1
    assert views.load({"view": view.number, "url": "https://app.example.com/a/other"}) == {"navigation": 2}
    assert list(view.assigned) == [(2, "https://app.example.com/a/other")]


def test_back_to_an_earlier_documents_item_is_a_navigation_and_a_traversal_that_never_ends_fails(parts):
    views, _, _, record = parts
    view = committed_page(views, "https://app.example.com/home")
    view.provisional = True  # a load's item, added before its commit
    view.widget.back_forward_list.add("https://app.example.com/a/page")
    view.provisional = False
    view.committed()
    assert views.go_back({"view": view.number}) == {"navigation": 1}
    assert list(view.assigned) == [(1, "https://app.example.com/home")] and view.widget.history == ["back"]
    view.widget.back_forward_list.add("https://app.example.com/a/x")
    assert views.go_back({"view": view.number})["same-document"]
    [timer() for timer in record.timers]
    failed = record.events[-1]
    assert failed["state"] == "failed" and "never became https://app.example.com/a/page" in failed["message"]
    assert not record.pending
