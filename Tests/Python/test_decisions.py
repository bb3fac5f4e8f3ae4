"""The WebKitGTK driver's decisions (Sources/EngineDrivers/harness_drivers/webkit_events.py, Decisions) with stand-ins
for WebKit's policy decisions and the driver's real EventQueue: an object given what it uses, so no driver is needed.
The real engine's side: Tests/WebKitGTKTests."""

import types

import pytest

from harness_drivers import driver_protocol
from harness_drivers import webkit_api
from harness_drivers import webkit_events
from harness_drivers import webkit_objects
from harness_drivers.driver_protocol import ProtocolError

NAVIGATION_ACTION, NEW_WINDOW_ACTION, RESPONSE = "navigation action", "new window action", "response"


class Decision:
    """A WebKitPolicyDecision for a navigation action to `url`; how it was answered."""

    def __init__(self, url, redirect=False, headers=()):
        request = types.SimpleNamespace(get_uri=lambda: url, get_http_method=lambda: "GET",
                                        get_http_headers=lambda: types.SimpleNamespace(
                                            foreach=lambda add: [add(name, value) for name, value in headers]))
        self.action = types.SimpleNamespace(get_request=lambda: request, get_navigation_type=lambda: 0,
                                            is_redirect=lambda: redirect)
        self.answer = None

    def get_navigation_action(self):
        return self.action

    def use(self):
        self.answer = "use"

    def ignore(self):
        self.answer = "ignore"


@pytest.fixture
def parts(monkeypatch):
    """Decisions on one view (number 1) whose `load` of https://app.example.com/ is pending, with a real EventQueue."""
    monkeypatch.setattr(webkit_api, "WebKit2", types.SimpleNamespace(PolicyDecisionType=types.SimpleNamespace(
        NAVIGATION_ACTION=NAVIGATION_ACTION, NEW_WINDOW_ACTION=NEW_WINDOW_ACTION, RESPONSE=RESPONSE)), raising=False)
    queue = webkit_events.EventQueue(wake=lambda: None, iterate=None, is_stopping=lambda: False,
                                     times=driver_protocol.Profile())
    counters = {}

    def next_number(kind):
        counters[kind] = counters.get(kind, 0) + 1
        return counters[kind]

    decisions = webkit_events.Decisions(queue=queue, next_number=next_number, times=driver_protocol.Profile(),
                                        current_generation=lambda: 0, pending_calls=set())
    view = webkit_objects.View(1, None, "widget", None)
    view.assigned.append((next_number("navigation"), "https://app.example.com/"))
    return decisions, queue, view


def test_the_action_of_a_pending_load_is_the_main_frames_and_held_for_decide(parts):
    decisions, queue, view = parts
    decision = Decision("https://app.example.com/")
    assert decisions.on_decide_policy("widget", decision, NAVIGATION_ACTION, view) is True
    assert [(event["type"], event["decision"], event["navigation"]) for event in queue.events] == [
        ("decide-action", 1, 1)]
    assert view.provisional and ("decision", 1) in queue.waiting_since
    assert decisions.decide({"decision": 1, "policy": "allow"}) == {} and decision.answer == "use"
    assert ("decision", 1) not in queue.waiting_since and decisions.held == {}
    with pytest.raises(ProtocolError, match="no pending decision 1"):
        decisions.decide({"decision": 1, "policy": "allow"})


def test_a_cancelled_frame_load_fails_its_fetch_request(parts):
    decisions, queue, view = parts
    decisions.pending_calls.add(("fetch", 7))
    decisions.classified(view, Decision("https://frame.example.com/"), (
        {"url": "https://frame.example.com/"}, "other", False), main_frame=False, frame_request=7)
    assert queue.events[-1]["main-frame"] is False and queue.events[-1]["frame-request"] == 7
    decisions.decide({"decision": 1, "policy": "cancel"})
    assert queue.events[-1] == {"type": "fetch-done", "request": 7, "ok": False,
                                "message": "the app cancelled the frame's load"}
    assert decisions.pending_calls == set() and not view.cancelled  # the main frame's navigation goes on


def test_a_new_window_action_is_held_and_reset_ignores_every_held_decision(parts):
    decisions, queue, view = parts
    window = Decision("https://app.example.com/account")
    main = Decision("https://app.example.com/")
    decisions.on_decide_policy("widget", window, NEW_WINDOW_ACTION, view)
    decisions.on_decide_policy("widget", main, NAVIGATION_ACTION, view)
    assert [event["type"] for event in queue.events] == ["decide-new-window", "decide-action"]
    decisions.drop()
    assert window.answer == main.answer == "ignore" and decisions.held == {} and decisions.frame_decisions == {}
