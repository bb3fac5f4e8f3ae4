"""What a page asks of the app in the WebKitGTK driver: script messages (`window.webkit.messageHandlers.NAME.
postMessage`, through `UserContentManager.register_script_message_handler` and its `script-message-received::NAME`
signal) and the page's dialogs (the `script-dialog` signal: `prompt()` is held for the harness's answer; `alert()`,
`confirm()` and `beforeunload` are answered at once, as WebKit does on iOS without a UI delegate).

WebKitGTK's own handler of `script-dialog` shows a GTK dialog and waits for a user who never comes (measured: a
`prompt()` still blocked the page after 3 s), so the driver handles every dialog itself."""

import time

from . import webkit_api as api
from .driver_protocol import ProtocolError, field
from .webkit_mainloop import CALL_TIMEOUT


class PromptDialogs:
    """The page's dialogs of one driver (the `script-dialog` signal of each view) and the prompts held for the
    harness (`held`: number -> (dialog, view, when the page began to wait)).

    An object the driver owns rather than a mixin of it: it receives what it uses, `next_number` (the numbering every
    held thing of a scenario shares), `queue_event` and `note_activity` (the driver's event queue, which `settle`
    hands to the harness) and `times` (the driver's profile, where a prompt's wait is added). It runs on GLib's main
    thread only (WebKit's signal and the harness's requests), so it needs no lock."""

    def __init__(self, next_number, queue_event, note_activity, times):
        self.next_number = next_number
        self.queue_event = queue_event
        self.note_activity = note_activity
        self.times = times
        self.held = {}

    def on_script_dialog(self, widget, dialog, view):
        kind = dialog.get_dialog_type()
        if view.widget is None or kind != api.WebKit2.ScriptDialogType.PROMPT:
            # No UI delegate on iOS: alert() returns, confirm() is false, a beforeunload lets the navigation go.
            if kind == api.WebKit2.ScriptDialogType.CONFIRM:
                dialog.confirm_set_confirmed(False)
            elif kind == api.WebKit2.ScriptDialogType.BEFORE_UNLOAD_CONFIRM:
                dialog.confirm_set_confirmed(True)
            return True
        # Held: the page's script waits until `answer-prompt` closes it (the ref keeps it open; dropping the last
        # one would answer null).
        number = self.next_number("dialog")
        self.held[number] = (dialog.ref(), view, time.monotonic())
        self.queue_event({"type": "prompt", "dialog": number, "view": view.number, "message": dialog.get_message(),
                          "default-text": dialog.prompt_get_default_text(), "url": widget.get_uri()})
        return True

    def answer(self, request):
        """The harness's `answer-prompt`: the held prompt's text (`text`, or null: prompt() returns null)."""
        number = field(request, "dialog", int)
        text = request.get("text")
        if text is not None and not isinstance(text, str):
            raise ProtocolError("field 'text' must be a string or null")
        entry = self.held.pop(number, None)
        if entry is None:
            raise ProtocolError(f"no pending prompt {number}")
        dialog, _, since = entry
        self.times.add("prompt: the page waits for the harness's answer", time.monotonic() - since)
        if text is not None:
            dialog.prompt_set_text(text)
        dialog.close()  # closed without a text, prompt() returns null (measured)
        self.note_activity()
        return {}

    def close(self, view=None):
        """Answers null to the held prompts (of `view`, or all): a page left waiting would block its web process."""
        for number, (dialog, owner, _) in list(self.held.items()):
            if view is None or owner is view:
                del self.held[number]
                try:
                    dialog.close()
                except Exception:
                    pass

    def waiting(self, view):
        """Whether a prompt of `view` waits for the harness."""
        return any(owner is view for _, owner, _ in self.held.values())


class PageCalls:
    """The page's script messages and the harness's `evaluate` of one driver; it owns `posted` (script messages
    queued so far: `evaluate` says whether its script posted any).

    An object the driver owns rather than a mixin of it: it receives what it uses, `view_of` (the driver's view of a
    request), `next_number`, `queue_event` and `note_activity` (as PromptDialogs), `current_generation` (bumped by
    `reset`: a callback of an earlier scenario is ignored) and `pending_calls` (the set of running calls the driver's
    `settle` waits for), `run_until` and `call` (the main loop's), `prompt_waiting` (whether a prompt of a view waits
    for the harness) and `describe` (an error's message, as the driver's replies say it)."""

    def __init__(self, view_of, next_number, queue_event, note_activity, current_generation, pending_calls, run_until,
                 call, prompt_waiting, describe):
        self.view_of = view_of
        self.next_number = next_number
        self.queue_event = queue_event
        self.note_activity = note_activity
        self.current_generation = current_generation
        self.pending_calls = pending_calls
        self.run_until = run_until
        self.call = call
        self.prompt_waiting = prompt_waiting
        self.describe = describe
        self.posted = 0

    # -- script message handlers ------------------------------------------------------------------------------------

    def set_message_handlers(self, request):
        """The view's message handler names become exactly `names` (WKUserContentController.add/remove): pages see
        the change at once, as WebKit's do."""
        view = self.view_of(request)
        names = request.get("names")
        if not isinstance(names, list) or not all(isinstance(name, str) and name for name in names):
            raise ProtocolError("field 'names' must be an array of non-empty strings")
        for name in [name for name in view.message_handlers if name not in names]:
            view.forget_message_handler(name)
        for name in names:
            if name in view.message_handlers:
                continue
            if not view.content.register_script_message_handler(name):
                raise ProtocolError(f"WebKit refused the script message handler '{name}'")
            handler = view.content.connect(f"script-message-received::{name}", self.on_script_message, view, name)
            view.message_handlers[name] = handler
        return {}

    def on_script_message(self, content, result, view, name):
        """The body as JSON text (JSCValue.to_json: what JSON.stringify makes; None for undefined), or null."""
        if view.widget is None:
            return
        try:
            body = result.get_js_value().to_json(0)
        except Exception:
            body = None
        self.posted += 1
        self.queue_event({"type": "script-message", "view": view.number, "name": name, "body": body,
                          "url": view.widget.get_uri()})

    # -- evaluate ---------------------------------------------------------------------------------------------------

    def evaluate(self, request):
        """The value when the script ends; `posted` when it posted script messages meanwhile (their events come
        before the value is the app's); `pending` (a call number) when the script waits on a prompt() the harness
        has to answer first: its end is an `evaluate-done` event (answering inside this request would deadlock)."""
        view = self.view_of(request)
        source = field(request, "source", str)
        number = self.next_number("call")
        token = ("call", number)
        generation = self.current_generation()
        posted = self.posted
        outcome = {}

        def done(widget, result, *_):
            if generation != self.current_generation():
                return
            self.pending_calls.discard(token)
            try:
                outcome["value"] = javascript_value(widget.evaluate_javascript_finish(result))
            except Exception as error:  # api.GLib.Error included: the JavaScript exception
                outcome["error"] = error
            if outcome.get("late"):
                event = {"type": "evaluate-done", "call": number}
                if "error" in outcome:
                    event["error"] = self.describe(outcome["error"])
                else:
                    event["value"] = outcome["value"]
                self.queue_event(event)
            self.note_activity()

        self.pending_calls.add(token)
        view.widget.evaluate_javascript(source, -1, None, None, None, done)
        finished = self.run_until(lambda: "value" in outcome or "error" in outcome or self.prompt_waiting(view),
                                  CALL_TIMEOUT)
        if "value" in outcome or "error" in outcome:
            self.let_scheduled_navigation_start(view)
        if "error" in outcome:
            raise outcome["error"]
        if "value" in outcome:
            return {"value": outcome["value"], **({"posted": True} if self.posted != posted else {})}
        if finished:
            outcome["late"] = True
            return {"pending": number}
        self.pending_calls.discard(token)
        raise TimeoutError(f"the JavaScript did not complete within {CALL_TIMEOUT:g} s")

    SCHEDULED_NAVIGATION_PROBE = "return new Promise(function (done) { setTimeout(done, 0); });"

    def let_scheduled_navigation_start(self, view):
        """A script that navigated (`location.assign`, `reload()`) only scheduled it on a page timer: waiting for a
        later page timer lets that one fire first, so its `decide-action` is queued before `evaluate` answers and
        `settle` waits for it (without this, a loaded machine saw the step end idle before the navigation began)."""
        if view.widget is None or self.prompt_waiting(view):
            return
        try:
            self.call(lambda done: view.widget.call_async_javascript_function(
                self.SCHEDULED_NAVIGATION_PROBE, -1, None, None, None, None, done),
                "call_async_javascript_function_finish", timeout=1.0, what="the page's next timer")
        except Exception:  # the page is gone (a navigation committed) or never answers: nothing left to wait for
            pass


def javascript_value(value):
    """The string value of a JSCValue, None for undefined and null (as `evaluate` reports it)."""
    if value is None or value.is_undefined() or value.is_null():
        return None
    return value.to_string()

