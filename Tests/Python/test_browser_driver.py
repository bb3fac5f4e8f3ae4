"""What both browser drivers share (Sources/EngineDrivers/harness_drivers/browser_driver.py), through the Chromium
driver with a recorder for its browser: which proxy requests are the browser's own and never the scenario's,
load-html's document answered once by the proxy, a page fetch's outcome (and one of an earlier scenario dropped),
settle and a dead browser, reset's restart, persistent stores by folder, and the clock that cannot move."""

import json
import shutil

import pytest

from harness_drivers import browser_driver
from harness_drivers import chromium
from harness_drivers.driver_protocol import ProtocolError, Unsupported


class Recorder:
    """A browser that answers every command with `{}` and keeps them; `send`'s callbacks are kept for the test."""

    def __init__(self):
        self.commands = []
        self.callbacks = []
        self.alive = True
        self.closed = 0

    def call(self, method, params=None, session=None, timeout=None):
        self.commands.append((method, params, session))
        return {}

    def send(self, method, params=None, session=None, callback=None):
        self.commands.append((method, params, session))
        self.callbacks.append(callback)
        return len(self.commands)

    def close(self, timeout=None):
        self.closed += 1
        self.alive = False


@pytest.fixture
def driver():
    driver = chromium.Driver()
    driver.started = True
    driver.main = Recorder()
    driver.stores = {1: chromium.Store(1, driver.main, "C1", False)}
    view = chromium.View(1, driver.stores[1], "T1", "S1")
    driver.views, driver.sessions = {1: view}, {"S1": view}
    try:
        yield driver
    finally:
        shutil.rmtree(driver.directory, ignore_errors=True)


@pytest.mark.parametrize("url, expected", [
    ("HTTP://A.Example/p?q=1#f", "http://a.example/p?q=1"),
    ("https://a.example", "https://a.example/"),
    ("http://a.example:8080/P", "http://a.example:8080/P"),  # the path's case is the server's
])
def test_same_url(url, expected):
    assert browser_driver.same_url(url) == expected


@pytest.mark.parametrize("url, own", [
    ("https://update.googleapis.com/service/update2", browser_driver.SERVICE_REFUSED),
    ("https://google.com/", browser_driver.SERVICE_REFUSED),
    ("http://a.example/favicon.ico", (404, [["Content-Type", "image/x-icon"]], "")),
    ("http://notgoogle.com/", None),  # a look-alike is not the service
    ("http://google.com.example/", None),
    ("http://a.example/favicon.ico.txt", None),
    ("http://a.example/", None),
])
def test_the_browsers_own_requests_are_answered_by_the_driver_and_the_rest_are_the_scenarios(driver, url, own):
    assert driver.browsers_own(url) == own
    exchange = driver.open_exchange("GET", url, [["Host", "x"]], None)
    if own is None:
        assert driver.events == [{"type": "http-request", "exchange": exchange.number, "method": "GET", "url": url,
                                  "headers": [["Host", "x"]], "body": None}]
        assert driver.exchanges == {exchange.number: exchange} and not exchange.ready.is_set()
    else:
        assert driver.events == [] and driver.exchanges == {}
        assert exchange.ready.is_set() and exchange.response == own
        assert not any(name.lower() == "set-cookie" for name, _ in own[1])


def test_load_html_with_a_base_url_is_answered_once_by_the_proxy_and_never_reaches_the_scenarios_server(driver):
    reply = driver.perform("load-html", {"view": 1, "html": "<p>app</p>", "base-url": "HTTP://App.Example/index"})
    assert reply == {"navigation": 1}
    assert driver.main.commands == [
        ("Page.navigate", {"url": "HTTP://App.Example/index", "transitionType": "typed"}, "S1")]
    assert driver.open_exchange("POST", "http://app.example/index", [], "a=1").number == 1  # not a GET: the server's
    answered = driver.open_exchange("GET", "http://app.example/index#top", [], None)
    assert answered.ready.is_set()
    assert answered.response == (
        200, [["Content-Type", "text/html; charset=utf-8"], ["Cache-Control", "no-store"]], "<p>app</p>")
    again = driver.open_exchange("GET", "http://app.example/index", [], None)  # once only: a reload is the server's
    assert not again.ready.is_set()
    assert [event["method"] for event in driver.events] == ["POST", "GET"]


def test_load_html_without_a_base_url_writes_the_html_into_about_blank(driver):
    assert driver.perform("load-html", {"view": 1, "html": "<script>document.cookie='a=1'</script>"}) == {
        "navigation": 1}
    (navigate, _, session), (evaluate, params, _) = driver.main.commands
    assert (navigate, session, driver.main.commands[0][1]["url"]) == ("Page.navigate", "S1", "about:blank")
    assert evaluate == "Runtime.evaluate"
    assert json.dumps("<script>document.cookie='a=1'</script>") in params["expression"]


def test_a_fetchs_outcome_is_an_event_and_one_of_an_earlier_scenario_is_dropped(driver):
    assert driver.perform("fetch", {"view": 1, "url": "http://a.example/api"}) == {"request": 1}
    assert driver.pending_calls == {("fetch", 1)} and driver.busy()
    driver.main.callbacks[-1]({"result": {"result": {"value": {"ok": False, "message": "TypeError: failed"}}}})
    assert driver.events == [{"type": "fetch-done", "request": 1, "ok": False, "message": "TypeError: failed"}]
    assert driver.pending_calls == set()

    driver.events.clear()
    driver.perform("fetch", {"view": 1, "url": "http://a.example/late"})
    late = driver.main.callbacks[-1]
    driver.drop_exchanges()  # the scenario is over (reset)
    late({"result": {"result": {"value": {"ok": True}}}})
    assert driver.events == [] and driver.pending_calls == set()


def test_a_beacon_keeps_the_driver_busy_until_its_request_reaches_the_proxy(driver):
    driver.perform("fetch", {"view": 1, "url": "http://a.example/collect", "kind": "beacon"})
    driver.main.callbacks[-1]({"result": {"result": {"value": {"ok": True}}}})
    assert driver.events[-1] == {"type": "fetch-done", "request": 1, "ok": True}
    assert driver.busy()  # queued: its request is still to come
    driver.open_exchange("POST", "http://A.example/collect", [], "")
    driver.exchanges.clear()
    assert not driver.busy()


def test_settle_returns_the_scenarios_request_at_once_and_says_idle_only_when_nothing_is_left(driver):
    exchange = driver.open_exchange("GET", "http://a.example/", [], None)
    reply = driver.perform("settle", {"wait": 2})
    assert reply == {"events": [{"type": "http-request", "exchange": exchange.number, "method": "GET",
                                 "url": "http://a.example/", "headers": [], "body": None}], "idle": False}
    driver.perform("respond", {"exchange": exchange.number, "status": 200})
    assert exchange.response == (200, [], "")
    with pytest.raises(ProtocolError, match="no pending exchange"):
        driver.perform("respond", {"exchange": exchange.number, "status": 200})
    driver.close_exchange(exchange)
    assert driver.perform("settle", {"wait": 2}) == {"events": [], "idle": True}


def test_settle_with_a_dead_browser_is_an_error_not_idle(driver):
    driver.main.alive = False
    reply = driver.handle(json.dumps({"id": 4, "op": "settle", "wait": 2}))
    assert (reply["status"], reply["message"]) == ("errored", "RuntimeError: the browser exited (crashed or killed)")


def test_settle_that_runs_out_says_what_keeps_the_driver_busy(driver):
    driver.expect_navigation(driver.views[1])
    reply = driver.perform("settle", {"wait": 0.05})
    assert reply == {"events": [], "idle": False,
                     "busy": "tab 1: navigations asked [1], started [], requests 0"}


def test_reset_starts_another_browser_when_the_last_one_died(driver, monkeypatch):
    restarted = []
    monkeypatch.setattr(driver, "restart_main", restarted.append)
    store = driver.stores[1]
    driver.perform("reset", {})
    assert restarted == []
    assert driver.pool == [store] and driver.stores == {}  # the context kept, its cookies cleared
    assert ("Storage.clearCookies", {"browserContextId": "C1"}, None) in driver.main.commands
    driver.main.alive = False
    driver.perform("reset", {})
    assert restarted == [driver.directory + "/profile"]


def test_a_persistent_store_is_its_folders_browser_started_again_when_gone(driver, monkeypatch):
    launched = []

    def launch_on(directory):
        launched.append(directory)
        return Recorder()

    monkeypatch.setattr(driver, "launch_on", launch_on)
    first = driver.perform("new-data-store", {"persistent": True, "directory": "/data/a"})["store"]
    second = driver.perform("new-data-store", {"persistent": True, "directory": "/data/a"})["store"]
    assert launched == ["/data/a"]
    assert driver.stores[first].browser is driver.stores[second].browser
    assert driver.stores[first].context is None  # the browser's default context: its folder's cookies
    driver.perform("terminate-app", {})
    assert driver.stores == {} and driver.persistent == {}
    driver.perform("new-data-store", {"persistent": True, "directory": "/data/a"})
    assert launched == ["/data/a", "/data/a"]


def test_a_clock_that_cannot_move_is_skipped_with_the_reason(driver):
    driver.faketime = False
    reply = driver.handle(json.dumps({"id": 2, "op": "set-clock", "now": 1900000000}))
    assert reply["status"] == "skipped"
    assert reply["reason"].startswith("Chromium's clock cannot be moved here (")


def test_user_scripts_are_refused_for_a_tab(driver):
    with pytest.raises(Unsupported, match="user scripts"):
        driver.perform("new-web-view", {"store": 1, "scripts": [{"source": "1"}]})
    assert driver.main.commands == []


def test_a_connection_delivers_a_reply_that_came_before_its_waiter():
    """Connection.wait on a reply already delivered (the reader was faster than the caller)."""

    class Quiet(browser_driver.Connection):
        def open(self, executable, proxy_uri, environment):
            pass

        def read_loop(self):
            pass

        def transmit(self, text):
            self.sent = json.loads(text)

        @staticmethod
        def failure(reply, what):
            return None

    connection = Quiet(None, "/p", "http://127.0.0.1:9", {}, lambda *_: None)
    number = connection.send("X.y", {"a": 1}, session="S")
    assert connection.sent == {"id": number, "method": "X.y", "params": {"a": 1}, "sessionId": "S"}
    connection.deliver(number, {"id": number, "result": {"b": 2}})
    assert connection.wait(number, timeout=0.5) == {"b": 2}
    assert connection.replies == {}
    connection.closed({"error": {}})
    with pytest.raises(RuntimeError, match="connection is closed"):
        connection.wait(number + 1, timeout=0.5)
