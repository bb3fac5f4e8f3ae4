"""The WebKitGTK driver's proxy and a request of an earlier scenario's page
(Sources/EngineDrivers/harness_drivers/webkit_events.py, EventQueue.open_exchange): WebKit's network process can send one
after `reset` blanked its page, and it must not be answered as the next scenario's. The driver's real EventQueue
(the proxy's owner) and a real Proxy; no engine."""

import socket
import tempfile
import threading
import time

from harness_drivers import driver_protocol
from harness_drivers import proxy
from harness_drivers import webkit_events


def event_queue():
    """The driver's EventQueue, the proxy's owner, with nothing to wake and a real profile."""
    return webkit_events.EventQueue(wake=lambda: None, iterate=None, is_stopping=lambda: False,
                                    times=driver_protocol.Profile())


def ask(port, path):
    """A plain http request through the proxy: the status line it gets back, or b"" when the proxy closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(f"GET http://app.example.com{path} HTTP/1.1\r\nHost: app.example.com\r\n\r\n".encode())
        return connection.makefile("rb").readline()


def test_a_request_before_the_scenarios_first_page_op_is_closed_and_only_a_later_one_is_the_scenarios():
    driver = event_queue()
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
    driver = event_queue()
    with tempfile.TemporaryDirectory() as directory:
        server = proxy.Proxy(driver, *proxy.make_certificate(directory, "beacon-test"))
        try:
            driver.note_op("load")
            assert not driver.requests_pending()
            url = webkit_events.normalised("http://APP.example.com/collect")
            driver.awaited_requests.expect(url, time.monotonic() + 5, follow_redirects=True)
            assert driver.requests_pending()  # the beacon is queued, its request not seen yet
            threading.Thread(target=ask, args=(server.port, "/collect"), daemon=True).start()
            deadline = time.monotonic() + 5
            while not driver.events and time.monotonic() < deadline:
                threading.Event().wait(0.005)
            assert not driver.awaited_requests.pending(time.monotonic())  # seen (its exchange keeps the driver busy)
            driver.note_redirect("http://app.example.com/collect", "/next")  # its answer redirects: the hop is awaited
            assert driver.awaited_requests.pending(time.monotonic())
            driver.awaited_requests.arrived(webkit_events.normalised("http://app.example.com/next"))
            driver.exchanges.clear()
            assert not driver.requests_pending()
            driver.note_redirect("http://app.example.com/elsewhere", "/x")  # not a beacon's hop: nothing awaited
            assert not driver.requests_pending()
            driver.awaited_requests.expect("http://app.example.com/never", time.monotonic() - 1)
            assert not driver.requests_pending()  # an awaited request past its grace no longer counts
        finally:
            server.close()


def test_an_event_queued_once_waits_only_once_for_settle():
    driver = event_queue()
    driver.last_activity = 0.0
    driver.queue_event_once({"type": "cookies-changed", "store": 1})
    driver.queue_event_once({"type": "cookies-changed", "store": 1})
    driver.queue_event_once({"type": "cookies-changed", "store": 2})
    assert driver.events == [{"type": "cookies-changed", "store": 1}, {"type": "cookies-changed", "store": 2}]
    assert driver.last_activity > 0


def test_settle_runs_the_main_loop_until_nothing_is_busy_and_says_why_when_time_runs_out():
    answers, iterations = [True, True, False], []
    queue = webkit_events.EventQueue(wake=lambda: None, iterate=iterations.append, is_stopping=lambda: False,
                                     times=driver_protocol.Profile())
    queue.last_activity = 0.0
    assert queue.settle({"wait": 5}, is_busy=lambda: answers.pop(0), busy_reason=None) == {"events": [], "idle": True}
    assert len(iterations) == 2
    reply = queue.settle({"wait": 0.01}, is_busy=lambda: True, busy_reason=lambda: "a decision")
    assert reply == {"events": [], "idle": False, "busy": "a decision"}
