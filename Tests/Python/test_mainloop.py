"""The WebKitGTK driver's main loop (Sources/EngineDrivers/harness_drivers/webkit_mainloop.py, MainLoop) with a
stand-in for GLib's main context: an object given what it uses (the driver's stop flag), so no driver is needed."""

import types

import pytest

from harness_drivers import webkit_api
from harness_drivers import webkit_mainloop


class Context:
    """GLib's main context: each iteration runs the next queued callback, if any."""

    def __init__(self):
        self.callbacks = []
        self.iterations = 0

    def iteration(self, may_block):
        self.iterations += 1
        if self.callbacks:
            self.callbacks.pop(0)()


@pytest.fixture
def glib(monkeypatch):
    """GLib's timeouts and idle sources, recorded."""
    record = types.SimpleNamespace(idle=0, timeouts=0)

    def idle_add(callback):
        record.idle += 1

    def timeout_add(milliseconds, callback):
        record.timeouts += 1
        return record.timeouts

    monkeypatch.setattr(webkit_api, "GLib", types.SimpleNamespace(
        idle_add=idle_add, timeout_add=timeout_add, source_remove=lambda source: None), raising=False)
    return record


def test_request_lines_come_in_order_and_end_at_end_of_file_before_webkit_is_up():
    loop = webkit_mainloop.MainLoop(is_stopping=lambda: False)
    for line in (b"first\n", b"second\n", None, b"after the end\n"):
        loop.push_line(line)
    assert list(loop.request_lines()) == [b"first\n", b"second\n"]


def test_a_stopping_driver_reads_no_more_lines():
    loop = webkit_mainloop.MainLoop(is_stopping=lambda: True)
    loop.push_line(b"ignored\n")
    assert list(loop.request_lines()) == []


def test_a_line_wakes_the_main_context_once_it_is_up(glib):
    loop = webkit_mainloop.MainLoop(is_stopping=lambda: False)
    loop.push_line(b"before\n")
    assert glib.idle == 0
    loop.main_context = Context()
    loop.push_line(b"after\n")
    assert glib.idle == 1
    assert loop.take_line() == b"before\n" and loop.take_line() == b"after\n"


def test_call_runs_the_main_loop_until_the_callback_gives_the_value_or_the_error(glib):
    loop = webkit_mainloop.MainLoop(is_stopping=lambda: False)
    loop.main_context = Context()
    source = types.SimpleNamespace(get_finish=lambda result: result * 2)

    def begin(done):
        loop.main_context.callbacks.append(lambda: done(source, 21))

    assert loop.call(begin, "get_finish") == 42
    assert loop.main_context.iterations == 1

    def failing_finish(result):
        raise ValueError("refused")

    source.get_finish = failing_finish
    with pytest.raises(ValueError, match="refused"):
        loop.call(begin, "get_finish")


def test_a_call_that_never_completes_times_out(glib):
    loop = webkit_mainloop.MainLoop(is_stopping=lambda: False)
    loop.main_context = Context()
    with pytest.raises(TimeoutError, match="the probe did not complete within 0.02 s"):
        loop.call(lambda done: None, "get_finish", timeout=0.02, what="the probe")


def test_run_until_gives_up_when_the_driver_stops(glib):
    stopping = []
    loop = webkit_mainloop.MainLoop(is_stopping=lambda: bool(stopping))
    loop.main_context = Context()
    loop.main_context.callbacks.append(lambda: stopping.append(True))
    assert loop.run_until(lambda: False, 10) is False
    assert loop.main_context.iterations == 1
