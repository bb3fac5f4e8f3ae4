"""What the browser drivers' tests share around their stand-in connections (a DevTools pipe, a BiDi socket): the
events a connection hears, a wait for them, and a wait for its reader thread to stop once the peer hangs up."""

import threading
import time


def wait_for(condition, predicate, timeout=2.0):
    """Waits on `condition` until `predicate` holds; fails the test when it does not within `timeout` seconds."""
    with condition:
        assert condition.wait_for(predicate, timeout), "not heard in time"


class EventLog:
    """Every message a browser connection hands its on_event callback (None when the connection ended)."""

    def __init__(self):
        self.events = []
        self.condition = threading.Condition()

    def on_event(self, browser, message):
        with self.condition:
            self.events.append(message)
            self.condition.notify_all()

    def heard(self, count):
        """Waits until `count` events have been heard."""
        wait_for(self.condition, lambda: len(self.events) >= count)


def wait_until_stopped(browser, timeout=5.0):
    """After the peer hung up: the connection's reader thread sees the end, then stops (`browser.alive` false)."""
    deadline = time.monotonic() + timeout
    while browser.alive and time.monotonic() < deadline:
        time.sleep(0.005)
