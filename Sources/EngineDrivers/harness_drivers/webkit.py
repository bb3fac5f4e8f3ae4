#!/usr/bin/python3
"""webkitgtk driver: the real WebKitGTK engine (API 4.1) behind CookieHarness's WebKitEngine seam.

Speaks the driver protocol of PROTOCOL.md (this folder), version 1, in the envelope of the out-of-process store
protocol (Sources/CookieStores/OutOfProcess/PROTOCOL.md): one JSON request per line on stdin, one reply per line on
stdout, logs on stderr. Debian's /usr/bin/python3 with PyGObject (python3-gi) and gir1.2-webkit2-4.1; standard
library otherwise.

Why it is shaped like this:

- WebKit is asynchronous and calls back; the harness sends one request at a time. Everything WebKit (or the proxy)
  does between two requests is queued as an *event*, and `settle` hands the queue over. The driver never writes
  anything unasked.
- All GTK/WebKit calls happen on the main thread, which runs GLib's default main context. stdin is read by a
  thread that queues lines and wakes the context; the proxy's threads queue `http-request` events and wait for the
  harness's `respond` on a threading.Event. Python's automatic garbage collection is off (a GObject wrapper
  finalised on another thread aborts the process); `reset` collects on the main thread.
- The network is a proxy inside the driver (127.0.0.1, ephemeral port, TCP_NODELAY, HTTP/1.1 keep-alive, CONNECT
  terminated with a certificate made by openssl for the run). It never answers by itself: each request is an event
  and the harness answers with `respond`.
- A fresh ephemeral WebContext costs 150-210 ms, so ephemeral data stores (context + data manager) are kept across
  `reset`, cleared, and handed out again. Persistent stores always get a new context. A store is cleared only after
  its pages have passed a barrier (Driver.pass_barriers): else a page's last cookie write can land after the clear.
- The display: without DISPLAY the driver starts its own Xvfb (-displayfd) in its process group and stops it.
- The clock: libfaketime is preloaded into WebKit's processes only (LD_PRELOAD set just before the first WebContext
  is made; the driver's own interpreter keeps the real clock), with an offset file that `set-clock` rewrites.

Nothing from `gi` is imported before `start`, so that a missing package becomes an `errored` reply, not a traceback.

The driver is a small package of this folder's modules, one job each: driver_protocol.py (requests, replies,
dispatch, the process; shared with the browser drivers), proxy.py (the proxy and its TLS; shared too),
webkit_api.py (the gi modules), webkit_objects.py (display, store, view), webkit_mainloop.py (threads and GLib's
main loop), webkit_stores.py (data stores and cookies), webkit_views.py (web views, navigation, scripts) and
webkit_events.py (what is recorded for the transcript, and settle), webkit_page_calls.py (what the page asks of the
app: script messages, prompt(), and evaluate, which must not wait on a prompt), webkit_schemes.py (the app's URL
schemes). Each part is an object the Driver owns, made in `__init__` with keyword arguments naming what it uses
(callables, and the few things it shares, such as the set of running calls) rather than a mixin reading the
Driver's `self`: the main loop (`MainLoop`), the events and the proxy's requests (`EventQueue`, the proxy's owner),
WebKit's callbacks and held decisions (`Decisions`), the data stores (`DataStores`), the web views (`WebViews`), the
page's calls (`PageCalls`) and dialogs (`PromptDialogs`) and the schemes (`SchemeTasks`); `part_operations` sends
each op to its part. This file puts them together: start, reset, what `settle` waits for, the clock, stop.
"""

import faulthandler
import gc
import os
import shutil
import signal
import time

from . import driver_protocol  # the protocol and the process every driver shares
from .support import faketime  # libfaketime's preload and offset file
from . import proxy  # the proxy every driver shares
from . import webkit_api as api
from .driver_protocol import Unsupported, field
from .webkit_api import log
from .webkit_events import Decisions, EventQueue
from .webkit_mainloop import CALL_TIMEOUT, MainLoop
from .webkit_objects import Display
from .webkit_page_calls import PageCalls, PromptDialogs
from .webkit_schemes import SchemeTasks
from .webkit_stores import DataStores
from .webkit_views import WebViews


# The page each page of a reused store is replaced with before the store is cleared (Driver.pass_barriers): it reads
# document.cookie of a host no scenario uses, then says so in its title.
BARRIER_URL = "https://cookie-harness-reset.invalid/"
BARRIER_PAGE = "<script>document.cookie; document.title = {title!r};</script>"


class Clock(faketime.OffsetFile):
    """libfaketime in WebKit's processes: an offset file that set-clock rewrites."""

    def __init__(self, directory):
        super().__init__(directory)
        self.installed = False

    def install(self):
        """Put libfaketime into the environment WebKit's processes inherit (once, before the first WebContext)."""
        if not self.available or self.installed:
            return
        self.write("+0")
        os.environ.update(faketime.preload(os.environ, self.path))
        self.installed = True


class Driver(driver_protocol.Requests):
    NAME = api.NAME
    OPERATIONS = (
        "start", "reset", "set-clock", "new-data-store", "terminate-app", "set-cookie", "delete-cookie", "get-cookies",
        "clear-data-store", "observe-cookies", "new-web-view", "set-scripts", "load", "load-html", "click-link", "submit-form",
        "go-back", "go-forward", "fetch", "evaluate", "decide", "respond", "settle", "profile",
        "set-message-handlers", "answer-prompt", "open-window", "finish-scheme-task",
    )

    def __init__(self):
        super().__init__()
        # GLib's main loop and the stdin thread's request lines: an object given what it uses, like `schemes`.
        self.loop = MainLoop(is_stopping=lambda: self.stopping)
        # The events for the harness, shared with the proxy's threads (it is the proxy's owner): an object given what
        # it uses, like `schemes`.
        self.event_queue = EventQueue(wake=self.loop.wake, iterate=self.loop.iterate,
                                      is_stopping=lambda: self.stopping, times=self.times)
        queue = self.event_queue
        self.display = Display()
        self.directory = driver_protocol.temporary_directory(self.NAME)
        self.clock = Clock(self.directory)
        self.faketime = self.clock.available
        self.proxy = None
        # The page's dialogs and the prompts held for the harness: an object given what it uses, like `schemes`.
        self.prompts = PromptDialogs(next_number=self.next_number, queue_event=queue.queue_event,
                                     note_activity=queue.note_activity, times=self.times)
        # The app's URL schemes and their held requests: an object given what it uses, not a mixin of the driver.
        # (find_view reads `web_views`, made below: the views' scheme requests come only once views exist)
        self.schemes = SchemeTasks(find_view=lambda widget: self.web_views.view_of_widget(widget),
                                   next_number=self.next_number,
                                   queue_event=queue.queue_event, note_activity=queue.note_activity)
        self.pending_calls = set()  # fetch requests and JavaScript calls running (emptied, never replaced, by reset)
        self.generation = 0  # bumped by reset: callbacks of an earlier scenario are ignored
        # WebKit's callbacks of the views and the decisions held for the harness: an object given what it uses.
        self.decisions = Decisions(queue=queue, next_number=self.next_number, times=self.times,
                                   current_generation=lambda: self.generation, pending_calls=self.pending_calls)
        # The data stores and their cookies: an object given what it uses, like `schemes`.
        self.data_stores = DataStores(proxy_uri=lambda: self.proxy.uri, install_clock=self.clock.install,
                                      call=self.loop.call, run_until=self.loop.run_until, next_number=self.next_number,
                                      queue_event_once=queue.queue_event_once, times=self.times)
        # This scenario's web views, navigation and scripts: an object given what it uses, like `schemes`.
        self.web_views = WebViews(
            store_of=self.data_stores.store_of, register_schemes=self.schemes.register,
            signal_handlers={"decide-policy": self.decisions.on_decide_policy,
                             "load-changed": self.decisions.on_load_changed,
                             "load-failed": self.decisions.on_load_failed,
                             "script-dialog": self.prompts.on_script_dialog},
            take_decision=self.decisions.take_decision, expect_request=queue.expect_request,
            forget_request=queue.forget_request, next_number=self.next_number, queue_event=queue.queue_event,
            note_activity=queue.note_activity,
            current_generation=lambda: self.generation, pending_calls=self.pending_calls, call=self.loop.call)
        # Script messages and `evaluate`: an object given what it uses, like `schemes`.
        self.page_calls = PageCalls(
            view_of=self.web_views.view_of, next_number=self.next_number, queue_event=queue.queue_event,
            note_activity=queue.note_activity, current_generation=lambda: self.generation,
            pending_calls=self.pending_calls, run_until=self.loop.run_until, call=self.loop.call,
            prompt_waiting=self.prompts.waiting, describe=self.describe)
        # The ops the driver's parts perform: op -> the part's method (every other op is the Driver's own method).
        stores, views = self.data_stores, self.web_views
        self.part_operations = {
            "new-web-view": views.new_web_view, "set-scripts": views.set_scripts, "load": views.load,
            "load-html": views.load_html, "click-link": views.click_link, "submit-form": views.submit_form,
            "go-back": views.go_back, "go-forward": views.go_forward, "fetch": views.fetch,
            "open-window": views.open_window,
            "new-data-store": stores.new_data_store, "set-cookie": stores.set_cookie,
            "delete-cookie": stores.delete_cookie, "get-cookies": stores.get_cookies,
            "clear-data-store": stores.clear_data_store, "observe-cookies": stores.observe_cookies,
            "set-message-handlers": self.page_calls.set_message_handlers, "evaluate": self.page_calls.evaluate,
            "decide": self.decisions.decide, "respond": queue.respond,
            "answer-prompt": self.prompts.answer, "finish-scheme-task": self.schemes.finish,
        }

    def perform(self, op, request):
        self.event_queue.note_op(op)
        return super().perform(op, request)

    def run(self):
        """Answer the requests the stdin thread queues, running GLib's main loop between them; then shut down."""
        self.loop.start_reading()
        self.serve(self.loop.request_lines())
        self.shutdown()

    def operation(self, op):
        """The part that performs `op` (`part_operations`), else the Driver's own method of that name."""
        return self.part_operations.get(op) or super().operation(op)

    def settle(self, request):
        """The protocol's `settle`: the queued events, once nothing of the scenario is busy (or the wait is over)."""
        return self.event_queue.settle(request, is_busy=self.busy, busy_reason=self.busy_reason)

    def busy(self):
        """Whether anything of the scenario is on its way: a held decision, prompt or scheme request, a running call,
        a proxy request, a loading view."""
        if self.decisions.held or self.pending_calls or self.prompts.held or self.schemes.tasks:
            return True
        if self.event_queue.requests_pending():
            return True
        return any(view.loading() for view in self.web_views.views.values())

    def busy_reason(self):
        """What a settle that ran out of time still waited for, said in its reply (`busy`)."""
        reasons = []
        if self.decisions.held:
            reasons.append(f"decisions {sorted(self.decisions.held)} wait for the harness")
        if self.prompts.held:
            reasons.append(f"prompts {sorted(self.prompts.held)} wait for the harness")
        if self.pending_calls:
            reasons.append(f"{len(self.pending_calls)} fetch or JavaScript call(s) running")
        if self.schemes.tasks:
            reasons.append(f"scheme requests {sorted(self.schemes.tasks)} wait for the harness")
        exchanges = self.event_queue.waiting_exchanges()
        if exchanges:
            reasons.append(f"proxy exchanges {exchanges} wait for the harness")
        for view in self.web_views.views.values():
            if view.loading():
                why = ("provisional" if view.provisional else "its load's navigation action has not come"
                       if view.assigned else "WebKit is loading")
                reasons.append(f"web view {view.number} at {view.widget.get_uri()}: {why}")
        return "; ".join(reasons) or "nothing (quiet window not reached)"

    def describe(self, error):
        """A GLib.Error says its own message; anything else as every driver says it."""
        if api.GLib and isinstance(error, api.GLib.Error) and getattr(error, "message", None):
            return error.message
        return super().describe(error)

    # -- start ------------------------------------------------------------------------------------------------------

    def bring_up(self):
        self.display.ensure()
        api.load()
        self.version = api.version()
        self.proxy = proxy.Proxy(self.event_queue, *driver_protocol.proxy_certificate(self.directory, self.NAME))
        self.loop.main_context = api.GLib.MainContext.default()
        api.GLib.unix_signal_add(api.GLib.PRIORITY_HIGH, signal.SIGTERM, self.on_sigterm)
        self.clock.install()
        self.started = True
        # Warm up: the first context and its processes cost ~1 s; pay it here, inside start's longer time limit.
        store = self.data_stores.make_ephemeral()
        self.data_stores.pool.append(store)
        try:
            self.warm_up(store)
        except Exception as error:
            log(f"warm-up failed: {error}")
        # Everything made so far (gi's modules and wrappers: hundreds of thousands of objects) lives as long as the
        # driver: out of the collector's sight, a collection between scenarios scans what a scenario made (≈ 0.01
        # ms) instead of everything (3-27 ms, measured).
        gc.collect()
        gc.freeze()
        log(f"WebKitGTK {self.version}, proxy {self.proxy.uri}, display {os.environ.get('DISPLAY')}")

    def warm_up(self, store):
        content = api.WebKit2.UserContentManager()
        widget = api.WebKit2.WebView(web_context=store.context, user_content_manager=content)
        self.web_views.configure(widget)
        widget.load_uri("about:blank")
        self.loop.run_until(lambda: not widget.is_loading(), 10)
        store.spare = (widget, content)

    def on_sigterm(self):
        log("SIGTERM")
        self.stopping = True
        return False

    # -- reset, clock, stop -----------------------------------------------------------------------------------------

    def drop_scenario(self):
        """Ignore pending decisions, close pending exchanges and later strays, destroy views, release data stores."""
        self.generation += 1
        self.event_queue.forget_page_requests()
        self.decisions.drop()
        self.prompts.close()
        self.schemes.drop()
        proxy.close_unanswered(self.event_queue.take_exchanges())
        self.pending_calls.clear()
        barriers = []  # (widget, its store, kept as the store's spare)
        for view in self.web_views.views.values():
            store = view.store
            reusable = not store.persistent and store.number in self.data_stores.stores
            if not reusable:
                view.destroy()
                continue
            widget, content = view.detach()
            content.remove_all_scripts()
            kept = store.spare is None and view.opener is None
            if kept:
                store.spare = (widget, content)
            widget.load_html(BARRIER_PAGE.format(title=self.barrier_title()), BARRIER_URL)
            barriers.append((widget, store, kept))
        self.web_views.views = {}
        self.data_stores.release_stores(self.pass_barriers(barriers))

    def barrier_title(self):
        return f"cookie-harness reset {self.generation}"

    def pass_barriers(self, barriers):
        """Wait until every page of a reused store has been replaced by the barrier page and that page has read
        document.cookie; the data stores whose pages did not get there in time (not to be reused).

        A page's `document.cookie = …` goes from its web process to the network process on a connection of their
        own, unordered with the clear the driver asks for: under load a write of the previous scenario landed after
        the clear, in the emptied jar, as a cookie of the next scenario (`sid=forged`, its HttpOnly `sid` gone).
        The barrier page's read is a synchronous request on that same connection, answered after every write the
        web process sent before it, so once its title is set nothing of the old pages is left on the way."""
        title = self.barrier_title()
        began = time.monotonic()
        passed = self.loop.run_until(lambda: all(widget.get_title() == title for widget, _, _ in barriers),
                                     CALL_TIMEOUT)
        if barriers:
            self.times.add("reset: cookie-write barrier", time.monotonic() - began)
        late = set()
        for widget, store, kept in barriers:
            if not passed and widget.get_title() != title:
                late.add(store)
                log("a page did not reach the reset barrier in time: its data store is not reused")
            if not kept:
                widget.destroy()
        return late

    def reset(self, request):
        self.drop_scenario()
        began = time.monotonic()
        self.loop.pump(0.002)
        self.times.add("reset: fixed pump", time.monotonic() - began)
        # A request of the previous scenario's pages that reached the proxy while the stores were cleared: its event
        # is dropped now, so nobody would ever answer it, and the next scenario would wait for it until settle's time
        # limit (10 s, then a new driver): it is closed unanswered.
        late = self.event_queue.next_scenario()
        self.counters = {}
        proxy.close_unanswered(late)
        if late:
            self.times.add("reset: late requests of the previous scenario closed", 0.0)
        self.collect_garbage()
        return {}

    def terminate_app(self, request):
        self.drop_scenario()
        self.collect_garbage()
        return {}

    def collect_garbage(self):
        """Python's collection, on the main thread (automatic collection is off: see the module's doc)."""
        began = time.monotonic()
        gc.collect()
        self.times.add("garbage collection", time.monotonic() - began)

    def set_clock(self, request):
        now = field(request, "now", float)
        if not self.clock.available:
            raise Unsupported(f"libfaketime is not installed ({faketime.LIBFAKETIME}; Debian package faketime)")
        self.clock.set(now)
        return {}

    def shutdown(self):
        """Destroy views and contexts, stop Xvfb, remove the temporary folder; leave no process behind."""
        try:
            if self.started:
                for exchange in self.event_queue.take_exchanges():
                    exchange.ready.set()
                self.decisions.drop(tolerate_errors=False)
                self.prompts.close()
                for view in self.web_views.views.values():
                    view.destroy()
                self.web_views.views = {}
                self.data_stores.destroy_all()
                gc.collect()
                deadline = time.monotonic() + 0.2
                while time.monotonic() < deadline and self.loop.main_context.pending():
                    self.loop.main_context.iteration(False)
                self.proxy.close()
        except Exception as error:
            log(f"shutdown: {error}")
        self.display.stop()
        shutil.rmtree(self.directory, ignore_errors=True)
        # WebKit's helper processes exit when their connection closes; anything left in the driver's own process
        # group goes now.
        driver_protocol.end_process_group()


def prepare():
    # Python's automatic collection is off: a GObject wrapper finalised on a proxy thread aborts the process.
    gc.disable()
    # A crash inside GTK or WebKit (a GLib fatal error or a WebKit assertion raises SIGTRAP; a bad pointer SIGSEGV)
    # leaves the crashing thread's Python stack on stderr (short, so the harness's stderr tail keeps the message before it).
    faulthandler.enable(all_threads=False)
    faulthandler.register(signal.SIGTRAP, all_threads=False, chain=True)


if __name__ == "__main__":
    driver_protocol.main(Driver, prepare)
