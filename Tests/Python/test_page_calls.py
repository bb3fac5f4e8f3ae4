"""The WebKitGTK driver's page calls (Sources/EngineDrivers/harness_drivers/webkit_page_calls.py: PageCalls and the
PromptDialogs object) with stand-ins for WebKit's objects: which dialogs are held for the harness and which answered
at once, what `answer-prompt` does, and the message handlers a view registers. The real engine's side:
Tests/WebKitGTKTests/LivePageCallsTests.swift."""

import enum
import types

import pytest

from harness_drivers import webkit_api
from harness_drivers import webkit_page_calls
from harness_drivers.driver_protocol import ProtocolError


class DialogType(enum.Enum):
    ALERT = 0
    CONFIRM = 1
    PROMPT = 2
    BEFORE_UNLOAD_CONFIRM = 3


class Dialog:
    def __init__(self, kind, message="m", default=""):
        self.kind, self.message, self.default = kind, message, default
        self.calls = []

    def get_dialog_type(self):
        return self.kind

    def get_message(self):
        return self.message

    def prompt_get_default_text(self):
        return self.default

    def ref(self):
        self.calls.append("ref")
        return self

    def prompt_set_text(self, text):
        self.calls.append(("text", text))

    def confirm_set_confirmed(self, value):
        self.calls.append(("confirmed", value))

    def close(self):
        self.calls.append("close")


class Content:
    def __init__(self):
        self.registered, self.connected, self.disconnected = [], [], []

    def register_script_message_handler(self, name):
        self.registered.append(name)
        return True

    def unregister_script_message_handler(self, name):
        self.registered.remove(name)

    def connect(self, signal, *_):
        self.connected.append(signal)
        return len(self.connected)

    def disconnect(self, handler):
        self.disconnected.append(handler)


class Widget:
    def get_uri(self):
        return "http://a.example/"


class PageDriver(webkit_page_calls.PageCalls):
    def __init__(self):
        from harness_drivers import webkit_objects
        self.posted = 0
        self.events = []
        self.counters = {}
        self.times = types.SimpleNamespace(add=lambda *_: None)
        self.view = webkit_objects.View(1, None, Widget(), Content())
        # The object the driver owns, given what it uses (as Driver.__init__ makes it).
        self.prompts = webkit_page_calls.PromptDialogs(self.next_number, self.queue_event, self.note_activity,
                                                       self.times)

    def view_of(self, request):
        return self.view

    def next_number(self, kind):
        self.counters[kind] = self.counters.get(kind, 0) + 1
        return self.counters[kind]

    def queue_event(self, event):
        self.events.append(event)

    def note_activity(self):
        pass


@pytest.fixture
def driver(monkeypatch):
    monkeypatch.setattr(webkit_api, "WebKit2", types.SimpleNamespace(ScriptDialogType=DialogType), raising=False)
    return PageDriver()


def test_alert_confirm_and_beforeunload_are_answered_at_once(driver):
    dialogs = [Dialog(DialogType.ALERT), Dialog(DialogType.CONFIRM), Dialog(DialogType.BEFORE_UNLOAD_CONFIRM)]
    assert all(driver.prompts.on_script_dialog(Widget(), dialog, driver.view) for dialog in dialogs)
    assert [dialog.calls for dialog in dialogs] == [[], [("confirmed", False)], [("confirmed", True)]]
    assert driver.events == [] and driver.prompts.held == {}


def test_a_prompt_is_held_until_the_harness_answers(driver):
    dialog = Dialog(DialogType.PROMPT, "q?", "d")
    assert driver.prompts.on_script_dialog(Widget(), dialog, driver.view) is True
    assert dialog.calls == ["ref"]
    assert driver.events == [{"type": "prompt", "dialog": 1, "view": 1, "message": "q?", "default-text": "d",
                              "url": "http://a.example/"}]
    assert driver.prompts.waiting(driver.view)
    assert driver.prompts.answer({"dialog": 1, "text": "yes"}) == {}
    assert dialog.calls == ["ref", ("text", "yes"), "close"]
    assert not driver.prompts.waiting(driver.view)
    with pytest.raises(ProtocolError):
        driver.prompts.answer({"dialog": 1, "text": None})


def test_a_null_answer_closes_without_a_text_and_reset_closes_the_rest(driver):
    first, second = Dialog(DialogType.PROMPT), Dialog(DialogType.PROMPT)
    driver.prompts.on_script_dialog(Widget(), first, driver.view)
    driver.prompts.on_script_dialog(Widget(), second, driver.view)
    driver.prompts.answer({"dialog": 1, "text": None})
    assert first.calls == ["ref", "close"]
    driver.prompts.close()
    assert second.calls == ["ref", "close"] and driver.prompts.held == {}


def test_message_handlers_become_exactly_the_names_given(driver):
    content = driver.view.content
    driver.set_message_handlers({"names": ["a", "b"]})
    assert content.registered == ["a", "b"]
    assert content.connected == ["script-message-received::a", "script-message-received::b"]
    driver.set_message_handlers({"names": ["b", "c"]})
    assert content.registered == ["b", "c"] and content.disconnected == [1]
    with pytest.raises(ProtocolError):
        driver.set_message_handlers({"names": ["", 3]})
    driver.view.detach()
    assert content.registered == [] and driver.view.message_handlers == {}
