"""The app's URL schemes in the WebKitGTK driver (Sources/EngineDrivers/harness_drivers/webkit_schemes.py,
SchemeTasks) with stand-ins for WebKit's objects: an object given what it uses, so no driver is needed. The real
engine's side: Tests/WebKitGTKTests/LiveSchemeHandlerTests.swift."""

import types

import pytest

from harness_drivers import webkit_api
from harness_drivers import webkit_schemes
from harness_drivers.driver_protocol import ProtocolError


class Context:
    def __init__(self):
        self.handlers = {}

    def register_uri_scheme(self, scheme, handler):
        self.handlers[scheme] = handler


class Request:
    """A URISchemeRequest: what the page asked, and how it was finished."""

    def __init__(self, widget, uri="app://localhost/index.html"):
        self.widget, self.uri, self.finished = widget, uri, None

    def get_web_view(self):
        return self.widget

    def get_scheme(self):
        return self.uri.split(":", 1)[0].upper()

    def get_uri(self):
        return self.uri

    def get_http_method(self):
        return None

    def get_http_headers(self):
        return None

    def finish_error(self, error):
        self.finished = error


@pytest.fixture
def tasks(monkeypatch):
    """SchemeTasks on one view (number 1, widget "w1"), with its events and activity recorded."""
    monkeypatch.setattr(webkit_api, "GLib", types.SimpleNamespace(
        Error=types.SimpleNamespace(new_literal=lambda domain, message, code: ("error", message, code)),
        quark_from_string=lambda name: name))
    view = types.SimpleNamespace(number=1, widget="w1", store=types.SimpleNamespace(context=Context()))
    counters = {}

    def next_number(kind):
        counters[kind] = counters.get(kind, 0) + 1
        return counters[kind]

    record = types.SimpleNamespace(events=[], activity=0)

    def note_activity():
        record.activity += 1

    tasks = webkit_schemes.SchemeTasks(lambda widget: view if widget == view.widget else None, next_number,
                                       record.events.append, note_activity)
    return tasks, view, record


def test_a_registered_scheme_holds_the_request_and_queues_an_event(tasks):
    tasks, view, record = tasks
    tasks.register(view, ["App"])
    handler = view.store.context.handlers["app"]
    request = Request("w1")
    handler(request)
    assert record.events == [{"type": "scheme-request", "task": 1, "view": 1, "url": "app://localhost/index.html",
                              "method": "GET", "headers": []}]
    assert tasks.tasks == {1: (request, view)} and request.finished is None and record.activity == 1


def test_a_view_that_did_not_ask_for_the_scheme_gets_an_error(tasks):
    tasks, view, record = tasks
    tasks.register(view, ["app"])
    request = Request("another scenario's widget")
    view.store.context.handlers["app"](request)
    assert request.finished == ("error", "no handler for app: URLs", 1)
    assert record.events == [] and tasks.tasks == {}


def test_an_error_answer_and_a_scenarios_end_finish_the_held_requests(tasks):
    tasks, view, _ = tasks
    tasks.register(view, ["app"])
    answered, dropped = Request("w1"), Request("w1")
    view.store.context.handlers["app"](answered)
    view.store.context.handlers["app"](dropped)
    assert tasks.finish({"task": 1, "error": "offline"}) == {}
    assert answered.finished == ("error", "offline", 2)
    with pytest.raises(ProtocolError):
        tasks.finish({"task": 1, "error": "again"})
    tasks.drop()
    assert dropped.finished == ("error", "cancelled", 3) and tasks.tasks == {}


def test_schemes_must_be_a_list_of_names(tasks):
    tasks, view, _ = tasks
    with pytest.raises(ProtocolError):
        tasks.register(view, "app")
