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
    """A web view: its URL, and the scripts it was asked to evaluate (each with WebKit's callback)."""

    def __init__(self):
        self.evaluations = []

    def get_uri(self):
        return "http://a.example/"

    def evaluate_javascript(self, source, length, world, source_uri, cancellable, done):
        self.evaluations.append((source, done))

    def evaluate_javascript_finish(self, result):
        if isinstance(result, Exception):
            raise result
        return result


def value(text):
    """A JSCValue holding a string."""
    return types.SimpleNamespace(is_undefined=lambda: False, is_null=lambda: False, to_string=lambda: text)


class PageDriver:
    """What Driver.__init__ gives the page calls and the dialogs, each recorded; `deliveries` is what WebKit does
    while the main loop runs (run_until)."""

    def __init__(self):
        from harness_drivers import webkit_objects
        self.events = []
        self.counters = {}
        self.generation = 0
        self.pending_calls = set()
        self.deliveries = []
        self.calls = []
        self.times = types.SimpleNamespace(add=lambda *_: None)
        self.view = webkit_objects.View(1, None, Widget(), Content())
        # The objects the driver owns, given what they use (as Driver.__init__ makes them).
        self.prompts = webkit_page_calls.PromptDialogs(self.next_number, self.queue_event, self.note_activity,
                                                       self.times)
        self.page_calls = webkit_page_calls.PageCalls(
            view_of=lambda request: self.view, next_number=self.next_number, queue_event=self.queue_event,
            note_activity=self.note_activity, current_generation=lambda: self.generation,
            pending_calls=self.pending_calls, run_until=self.run_until, call=self.call,
            prompt_waiting=self.prompts.waiting, describe=str)

    def next_number(self, kind):
        self.counters[kind] = self.counters.get(kind, 0) + 1
        return self.counters[kind]

    def queue_event(self, event):
        self.events.append(event)

    def note_activity(self):
        pass

    def run_until(self, predicate, timeout):
        while self.deliveries and not predicate():
            self.deliveries.pop(0)()
        return predicate()

    def call(self, begin, finish, timeout=None, what="call"):
        self.calls.append(what)

    def answer(self, result):
        """WebKit ends the last script evaluated, with `result` (a value or an exception)."""
        widget = self.view.widget
        widget.evaluations[-1][1](widget, result)


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
    driver.page_calls.set_message_handlers({"names": ["a", "b"]})
    assert content.registered == ["a", "b"]
    assert content.connected == ["script-message-received::a", "script-message-received::b"]
    driver.page_calls.set_message_handlers({"names": ["b", "c"]})
    assert content.registered == ["b", "c"] and content.disconnected == [1]
    with pytest.raises(ProtocolError):
        driver.page_calls.set_message_handlers({"names": ["", 3]})
    driver.view.detach()
    assert content.registered == [] and driver.view.message_handlers == {}


def test_evaluate_gives_the_value_and_whether_the_script_posted_a_message(driver):
    driver.deliveries.append(lambda: driver.answer(value("42")))
    assert driver.page_calls.evaluate({"source": "6 * 7"}) == {"value": "42"}
    assert driver.calls == ["the page's next timer"] and driver.pending_calls == set()
    driver.page_calls.set_message_handlers({"names": ["h"]})
    message = types.SimpleNamespace(get_js_value=lambda: types.SimpleNamespace(to_json=lambda indent: '"m"'))
    driver.deliveries.append(lambda: driver.page_calls.on_script_message(None, message, driver.view, "h"))
    driver.deliveries.append(lambda: driver.answer(value("done")))
    assert driver.page_calls.evaluate({"source": "post()"}) == {"value": "done", "posted": True}
    assert driver.events == [{"type": "script-message", "view": 1, "name": "h", "body": '"m"',
                              "url": "http://a.example/"}]


def test_evaluate_waiting_on_a_prompt_is_pending_and_ends_as_an_event(driver):
    dialog = Dialog(DialogType.PROMPT)
    driver.deliveries.append(lambda: driver.prompts.on_script_dialog(Widget(), dialog, driver.view))
    assert driver.page_calls.evaluate({"source": "prompt('q')"}) == {"pending": 1}
    assert driver.pending_calls == {("call", 1)} and driver.calls == []
    driver.answer(value("yes"))
    assert driver.events[-1] == {"type": "evaluate-done", "call": 1, "value": "yes"}
    assert driver.pending_calls == set()


def test_a_late_end_of_an_earlier_scenarios_script_is_ignored(driver):
    dialog = Dialog(DialogType.PROMPT)
    driver.deliveries.append(lambda: driver.prompts.on_script_dialog(Widget(), dialog, driver.view))
    driver.page_calls.evaluate({"source": "prompt('q')"})
    driver.generation += 1  # reset
    driver.answer(value("late"))
    assert [event["type"] for event in driver.events] == ["prompt"]


def test_a_script_error_is_raised_and_one_that_never_ends_times_out(driver):
    driver.deliveries.append(lambda: driver.answer(ValueError("ReferenceError: x")))
    with pytest.raises(ValueError, match="ReferenceError"):
        driver.page_calls.evaluate({"source": "x"})
    with pytest.raises(TimeoutError):
        driver.page_calls.evaluate({"source": "for (;;) {}"})
    assert driver.pending_calls == set()
