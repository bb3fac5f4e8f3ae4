"""The WebKitGTK driver's proxy and a request of an earlier scenario's page
(Sources/EngineDrivers/harness_drivers/webkit_events.py, Events.open_exchange): WebKit's network process can send one
after `reset` blanked its page, and it must not be answered as the next scenario's. A stand-in driver with the real
Events mixin and a real Proxy; no engine."""

import socket
import tempfile
import threading
import time
import types

from harness_drivers import driver_protocol
from harness_drivers import page_requests
from harness_drivers import proxy
from harness_drivers import webkit_events
from harness_drivers import webkit_page_calls
from harness_drivers import webkit_schemes


class StandIn(webkit_events.Events, driver_protocol.ProxyOwner):
    def __init__(self):
        self.lock = threading.Lock()
        self.events = []
        self.exchanges = {}
        self.awaited_requests = page_requests.AwaitedRequests()
        self.decisions, self.pending_calls = {}, set()
        self.web_views = types.SimpleNamespace(views={})  # no views in these tests
        self.counters = {}
        # No prompts or scheme requests in these tests: only what they hold (nothing) is read.
        self.prompts = webkit_page_calls.PromptDialogs(next_number=None, queue_event=None, note_activity=None,
                                                       times=None)
        self.schemes = webkit_schemes.SchemeTasks(find_view=None, next_number=None, queue_event=None,
                                                  note_activity=None)
        self.waiting_since = {}
        self.last_activity = 0.0
        self.times = driver_protocol.Profile()
        self.pages_requested = False
        self.loop = types.SimpleNamespace(wake=lambda: None)  # no main loop: nothing to wake


def ask(port, path):
    """A plain http request through the proxy: the status line it gets back, or b"" when the proxy closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(f"GET http://app.example.com{path} HTTP/1.1\r\nHost: app.example.com\r\n\r\n".encode())
        return connection.makefile("rb").readline()


def test_a_request_before_the_scenarios_first_page_op_is_closed_and_only_a_later_one_is_the_scenarios():
    driver = StandIn()
    with tempfile.TemporaryDirectory() as directory:
        server = proxy.Proxy(driver, *proxy.make_certificate(directory, "stray-test"))
        try:
            driver.note_op("new-web-view")
            driver.note_op("set-cookie")
            assert ask(server.port, "/web/ordered") == b""  # closed: no response, no event
            assert driver.events == [] and driver.exchanges == {}
            assert "closed (an earlier page's)" in " ".join(driver.times.totals)

            driver.note_op("load")
            answered = {}

            def harness():
                # The harness's side: wait for the event, then respond as driver_protocol.ProxyOwner.respond does.
                while not driver.events:
                    threading.Event().wait(0.005)
                event = driver.events[0]
                exchange = driver.exchanges[event["exchange"]]
                exchange.response = (200, [], "ok")
                exchange.ready.set()
                answered["url"] = event["url"]

            thread = threading.Thread(target=harness)
            thread.start()
            assert ask(server.port, "/home").startswith(b"HTTP/1.1 200")
            thread.join(5)
            assert answered == {"url": "http://app.example.com/home"}

            driver.forget_page_requests()  # reset, or terminate-app: the app's pages are gone
            driver.events.clear()
            assert ask(server.port, "/home") == b""
            assert driver.events == []
        finally:
            server.close()


def test_a_queued_beacon_keeps_the_driver_busy_until_each_of_its_hops_reaches_the_proxy():
    driver = StandIn()
    driver.redirects = {}
    with tempfile.TemporaryDirectory() as directory:
        server = proxy.Proxy(driver, *proxy.make_certificate(directory, "beacon-test"))
        try:
            driver.note_op("load")
            assert not driver.busy()
            url = webkit_events.normalised("http://APP.example.com/collect")
            driver.awaited_requests.expect(url, time.monotonic() + 5, follow_redirects=True)
            assert driver.busy()  # the beacon is queued, its request not seen yet
            threading.Thread(target=ask, args=(server.port, "/collect"), daemon=True).start()
            deadline = time.monotonic() + 5
            while not driver.events and time.monotonic() < deadline:
                threading.Event().wait(0.005)
            assert not driver.awaited_requests.pending(time.monotonic())  # seen (its exchange keeps the driver busy)
            driver.note_redirect("http://app.example.com/collect", "/next")  # its answer redirects: the hop is awaited
            assert driver.awaited_requests.pending(time.monotonic())
            driver.awaited_requests.arrived(webkit_events.normalised("http://app.example.com/next"))
            driver.exchanges.clear()
            assert not driver.busy()
            driver.note_redirect("http://app.example.com/elsewhere", "/x")  # not a beacon's hop: nothing awaited
            assert not driver.busy()
            driver.awaited_requests.expect("http://app.example.com/never", time.monotonic() - 1)
            assert not driver.busy()  # an awaited request past its grace no longer counts
        finally:
            server.close()


def test_an_event_queued_once_waits_only_once_for_settle():
    driver = StandIn()
    driver.queue_event_once({"type": "cookies-changed", "store": 1})
    driver.queue_event_once({"type": "cookies-changed", "store": 1})
    driver.queue_event_once({"type": "cookies-changed", "store": 2})
    assert driver.events == [{"type": "cookies-changed", "store": 1}, {"type": "cookies-changed", "store": 2}]
    assert driver.last_activity > 0
