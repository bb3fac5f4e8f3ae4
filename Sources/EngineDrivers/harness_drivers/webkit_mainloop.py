"""The WebKitGTK driver's threads and GLib's main loop: every GTK/WebKit call happens on the main thread, which runs
GLib's default main context while it waits (for the next request line, for a condition, for an asynchronous
call); a stdin thread only queues lines and wakes the context."""

import collections
import sys
import threading
import time

from . import webkit_api as api

CALL_TIMEOUT = 4.0  # evaluate / cookie calls: below the harness's 5 s request limit



class MainLoop:
    """GLib's default main context as the driver runs it, and the request lines the stdin thread queues meanwhile.

    An object the driver owns rather than a mixin of it: it owns `incoming` (the stdin thread's lines, None at
    end-of-file), `incoming_ready` and `main_context` (None until `start` brings WebKit up), and receives what it
    uses, `is_stopping` (the driver's stop flag, which `stop` and SIGTERM set)."""

    def __init__(self, is_stopping):
        self.is_stopping = is_stopping
        self.incoming = collections.deque()
        self.incoming_ready = threading.Condition()
        self.main_context = None

    def start_reading(self):
        """Start the thread that queues stdin's lines (a daemon: it must not keep the driver alive)."""
        threading.Thread(target=self.read_stdin, name="stdin", daemon=True).start()

    def read_stdin(self):
        for raw in sys.stdin.buffer:
            self.push_line(raw)
        self.push_line(None)

    def push_line(self, line):
        with self.incoming_ready:
            self.incoming.append(line)
            self.incoming_ready.notify()
        self.wake()

    def wake(self):
        if self.main_context is not None:
            api.GLib.idle_add(_false)

    def iterate(self, timeout):
        """Run one iteration of the main context, blocking at most `timeout` seconds."""
        if timeout <= 0:
            self.main_context.iteration(False)
            return
        fired = []
        source = api.GLib.timeout_add(max(1, int(timeout * 1000 + 0.5)), lambda: fired.append(1) and False)
        self.main_context.iteration(True)
        if not fired:
            api.GLib.source_remove(source)

    def run_until(self, predicate, timeout):
        deadline = time.monotonic() + timeout
        while not predicate():
            remaining = deadline - time.monotonic()
            if remaining <= 0 or self.is_stopping():
                return predicate()
            self.iterate(remaining)
        return True

    def call(self, begin, finish, timeout=CALL_TIMEOUT, what="call"):
        """Run a GIO-style asynchronous call to completion, running the main loop meanwhile.

        `begin(callback)` starts the call; `finish` names the source object's `…_finish` method, whose value (or
        error) is the call's.
        """
        outcome = {}

        def done(source, result, *_):
            try:
                outcome["value"] = getattr(source, finish)(result)
            except Exception as error:  # api.GLib.Error included: re-raised on the main flow
                outcome["error"] = error

        begin(done)
        if not self.run_until(lambda: outcome, timeout):
            raise TimeoutError(f"{what} did not complete within {timeout:g} s")
        if "error" in outcome:
            raise outcome["error"]
        return outcome["value"]

    def request_lines(self):
        """Request lines until end-of-file or until the driver stops."""
        while not self.is_stopping():
            line = self.take_line()
            if line is None:
                return
            yield line

    def take_line(self):
        """The next request line (None at end-of-file), running WebKit's main loop meanwhile once it is up."""
        while True:
            with self.incoming_ready:
                if self.incoming:
                    return self.incoming.popleft()
                if self.main_context is None:
                    self.incoming_ready.wait()
                    continue
            self.main_context.iteration(True)
            if self.is_stopping():
                return None

    def pump(self, seconds):
        """Run the main loop for `seconds`, letting WebKit deliver what was started."""
        deadline = time.monotonic() + seconds
        while not self.is_stopping() and time.monotonic() < deadline:
            self.iterate(deadline - time.monotonic())


def _false():
    return False
