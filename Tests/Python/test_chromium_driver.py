"""The Chromium driver (Sources/EngineDrivers/harness_drivers/chromium.py) without Chromium: its DevTools pipe against
a peer on an os.pipe pair (NUL-framed JSON, replies by id, events, error replies, a browser that dies or answers
garbage), a fake Chromium script for the process start, and the driver ops against a recorder of the commands they
send. What is pinned is what would silently change a verdict: a cookie attribute lost on the way in or out, an event
of another tab taken as ours, an error reply swallowed."""

import base64
import json
import os
import select
import shutil
import threading
import time

import pytest

from harness_drivers import browser_driver
from browser_stand_ins import EventLog, wait_for, wait_until_stopped
from harness_drivers import chromium
from harness_drivers.driver_protocol import Unavailable, Unsupported


# -- the DevTools pipe ---------------------------------------------------------------------------------------------


class Peer:
    """The browser's end of the DevTools pipe: the test reads the commands the driver wrote and writes what the
    browser says."""

    def __init__(self):
        self.commands, self.to_browser = os.pipe()
        self.from_browser, self.replies = os.pipe()
        self.buffer = b""

    def command(self, timeout=2.0):
        while b"\0" not in self.buffer:
            ready, _, _ = select.select([self.commands], [], [], timeout)
            assert ready, "the driver sent no command"
            chunk = os.read(self.commands, 65536)
            assert chunk, "the driver closed its end"
            self.buffer += chunk
        text, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(text)

    def write(self, data):
        os.write(self.replies, data)

    def say(self, message):
        self.write(json.dumps(message).encode() + b"\0")

    def hang_up(self):
        if self.replies is not None:
            os.close(self.replies)
            self.replies = None


class PipeBrowser(chromium.Browser):
    """chromium.Browser on a Peer's pipes instead of a spawned Chromium (the executable argument is the Peer)."""

    def open(self, peer, proxy_uri, environment):
        self.to_browser, self.from_browser = peer.to_browser, peer.from_browser


@pytest.fixture
def pipe():
    """(browser, peer, events): events is every on_event message, None when the pipe ended."""
    peer = Peer()
    log = EventLog()
    browser = PipeBrowser(peer, "/nonexistent-profile", "http://127.0.0.1:9", {}, log.on_event)
    browser.heard = log.heard
    try:
        yield browser, peer, log.events
    finally:
        peer.hang_up()
        wait_until_stopped(browser)
        for fd in (peer.commands, peer.to_browser, peer.from_browser):
            os.close(fd)


def test_commands_are_nul_terminated_json_with_increasing_ids_and_the_tabs_session(pipe):
    browser, peer, _ = pipe
    first = browser.send("Storage.getCookies", {"browserContextId": "C1"})
    second = browser.send("Runtime.evaluate", {"expression": "1"}, session="S1")
    assert second == first + 1
    assert peer.command() == {"id": first, "method": "Storage.getCookies", "params": {"browserContextId": "C1"}}
    assert peer.command() == {"id": second, "method": "Runtime.evaluate", "params": {"expression": "1"},
                              "sessionId": "S1"}
    assert peer.buffer == b""  # exactly one NUL after each


def test_replies_go_by_id_events_to_on_event_across_split_and_joined_chunks(pipe):
    browser, peer, events = pipe
    first, second = browser.send("A.one"), browser.send("A.two")
    event = {"method": "Network.requestWillBeSent", "sessionId": "S1", "params": {"requestId": "r"}}
    joined = json.dumps({"id": second, "result": {"n": 2}}).encode() + b"\0" + json.dumps(event).encode() + b"\0"
    reply = json.dumps({"id": first, "result": {"value": "caf\u00e9"}}, ensure_ascii=False).encode() + b"\0"
    cut = reply.index(b"\xc3") + 1  # inside the UTF-8 of the accent: framing is by bytes, decoding per message
    peer.write(joined + reply[:cut])
    assert browser.wait(second) == {"n": 2}
    time.sleep(0.02)  # the reader has the first part alone
    peer.write(reply[cut:])
    assert browser.wait(first) == {"value": "caf\u00e9"}
    browser.heard(1)
    assert events == [event]


def test_garbage_between_messages_is_skipped_and_the_next_reply_still_arrives(pipe):
    browser, peer, events = pipe
    number = browser.send("Browser.getVersion")
    peer.write(b"{not json\0")
    peer.say({"id": number, "result": {"product": "Chrome/1.2"}})
    assert browser.wait(number) == {"product": "Chrome/1.2"}
    assert browser.alive and events == []


def test_an_error_reply_is_raised_with_the_command_and_the_browsers_message(pipe):
    browser, peer, _ = pipe
    number = browser.send("Storage.setCookies")
    peer.say({"id": number, "error": {"code": -32602, "message": "Invalid cookie fields"}})
    with pytest.raises(chromium.DevToolsError, match="^Storage.setCookies: Invalid cookie fields$"):
        browser.wait(number, what="Storage.setCookies")


def test_a_reply_that_never_comes_is_a_timeout_naming_the_command(pipe):
    browser, peer, _ = pipe
    started = time.monotonic()
    with pytest.raises(TimeoutError, match="^Page.navigate had no reply within 0.1 s$"):
        browser.call("Page.navigate", {"url": "about:blank"}, timeout=0.1)
    assert time.monotonic() - started < 1.5
    assert peer.command()["method"] == "Page.navigate"


def test_a_reply_to_a_callback_goes_to_it_not_to_a_waiter(pipe):
    browser, peer, _ = pipe
    got = []
    done = threading.Condition()

    def callback(reply):
        with done:
            got.append(reply)
            done.notify_all()

    number = browser.send("Page.navigate", {"url": "http://a.example/"}, callback=callback)
    peer.say({"id": number, "error": {"message": "net::ERR_ABORTED"}})
    wait_for(done, lambda: got)
    assert got == [{"id": number, "error": {"message": "net::ERR_ABORTED"}}]
    assert number not in browser.replies


def test_a_browser_that_dies_fails_the_waiting_call_and_the_callbacks_and_tells_the_driver(pipe):
    browser, peer, events = pipe
    got = []
    number = browser.send("Runtime.evaluate", callback=got.append)
    outcome = []
    waiter = threading.Thread(target=lambda: outcome.append(catch(lambda: browser.call("Storage.getCookies"))))
    waiter.start()
    peer.command(), peer.command()
    peer.hang_up()
    waiter.join(5)
    assert not waiter.is_alive()
    assert isinstance(outcome[0], chromium.DevToolsError)
    assert str(outcome[0]) == "the browser is gone (its DevTools pipe is closed)"
    assert got == [{"error": {"message": "the browser closed its DevTools pipe"}}]
    assert number not in browser.callbacks
    browser.heard(1)
    assert events == [None]
    with pytest.raises(chromium.DevToolsError, match="the browser is gone"):
        browser.send("Browser.getVersion")


def catch(function):
    try:
        return function()
    except Exception as error:
        return error


# -- the process: a fake Chromium on fds 3 and 4 -------------------------------------------------------------------

FAKE_CHROMIUM = """#!/usr/bin/python3
import json, os, sys
with open(os.environ["FAKE_ARGV"], "w") as handle:
    json.dump(sys.argv, handle)
if os.environ.get("FAKE_SILENT"):
    sys.exit(0)
buffer = b""
while True:
    chunk = os.read(3, 65536)
    if not chunk:
        break
    buffer += chunk
    while b"\\0" in buffer:
        text, buffer = buffer.split(b"\\0", 1)
        command = json.loads(text)
        os.write(4, json.dumps({"id": command["id"], "result": {"method": command["method"]}}).encode() + b"\\0")
        if command["method"] == "Browser.close":
            sys.exit(0)
"""


@pytest.fixture
def fake_chromium(tmp_path, monkeypatch):
    script = tmp_path / "chromium"
    script.write_text(FAKE_CHROMIUM)
    script.chmod(0o755)
    monkeypatch.setenv("FAKE_ARGV", str(tmp_path / "argv.json"))
    return str(script), tmp_path


class ProxyStandIn:
    uri = "http://127.0.0.1:4321"


@pytest.fixture
def driver():
    driver = chromium.Driver()
    driver.started = True
    yield driver
    shutil.rmtree(driver.directory, ignore_errors=True)


def test_launch_spawns_on_the_pipe_with_the_profile_and_proxy_and_third_party_cookies_as_shipped(fake_chromium, driver):
    script, folder = fake_chromium
    driver.executable, driver.proxy = script, ProxyStandIn()
    driver.clock.available = False  # no libfaketime in the fake
    profile = str(folder / "profile")
    browser = driver.launch(profile)
    try:
        assert browser.call("Browser.getVersion") == {"method": "Browser.getVersion"}
    finally:
        browser.close(2)
    with pytest.raises(ChildProcessError):  # reaped by close: it answered Browser.close and exited
        os.waitpid(browser.pid, os.WNOHANG)
    argv = json.loads((folder / "argv.json").read_text())
    assert argv[1:3] == [f"--user-data-dir={profile}", "--proxy-server=http://127.0.0.1:4321"]
    assert "--remote-debugging-pipe" in argv and "--proxy-bypass-list=<-loopback>" in argv
    assert argv[-1] == "about:blank"
    preferences = json.loads((folder / "profile" / "Default" / "Preferences").read_text())
    # DevTools contexts are off-the-record; mode 0 keeps the regular profile's third-party cookie default.
    assert preferences["profile"] == {"cookie_controls_mode": 0}


def test_a_chromium_that_exits_at_once_is_unavailable_with_the_reason(fake_chromium, driver, monkeypatch):
    script, folder = fake_chromium
    monkeypatch.setenv("FAKE_SILENT", "1")
    driver.executable, driver.proxy = script, ProxyStandIn()
    driver.clock.available = False
    started = time.monotonic()
    with pytest.raises(Unavailable, match="^Chromium did not answer on its DevTools pipe: the browser is gone"):
        driver.launch(str(folder / "profile"))
    assert time.monotonic() - started < 5


def test_a_restart_starts_a_new_browser_on_a_fresh_profile_and_forgets_the_old_ones_contexts(fake_chromium, driver):
    script, folder = fake_chromium
    driver.executable, driver.proxy = script, ProxyStandIn()
    driver.clock.available = False
    profile = str(folder / "profile")
    old = driver.launch(profile)
    driver.main = old
    driver.pool = [chromium.Store(0, old, "C-old", False)]
    (folder / "profile" / "Default" / "Cookies").write_text("the last scenario's")
    try:
        driver.restart_main(profile)
        assert driver.main is not old and driver.main.alive and not old.alive
        assert driver.pool == []  # a context of the old browser is no store of the new one
        assert not (folder / "profile" / "Default" / "Cookies").exists()
        with pytest.raises(ChildProcessError):
            os.waitpid(old.pid, os.WNOHANG)  # the old one reaped
        assert driver.main.call("Browser.getVersion") == {"method": "Browser.getVersion"}
    finally:
        driver.main.close(2)
        if old.alive:  # the restart failed before closing it (closing twice would close fds reused since)
            old.close(0.1)


# -- the driver's ops, against a recorder of the commands -----------------------------------------------------------


class Recorder:
    """A browser that answers each command from `answers` (a value, or a function of the params) and keeps them."""

    def __init__(self, answers=None):
        self.answers = answers or {}
        self.commands = []
        self.callbacks = []
        self.alive = True

    def answer(self, method, params):
        answer = self.answers.get(method, {})
        answer = answer(params) if callable(answer) else answer
        if isinstance(answer, Exception):
            raise answer
        return answer

    def call(self, method, params=None, session=None, timeout=None):
        self.commands.append((method, params, session))
        return self.answer(method, params)

    def send(self, method, params=None, session=None, callback=None):
        self.commands.append((method, params, session))
        self.callbacks.append((method, callback))
        return len(self.commands)

    def methods(self):
        return [method for method, _, _ in self.commands]


def cookie(**fields):
    record = {"name": "n", "value": "v", "domain": "a.example", "path": "/"}
    record.update(fields)
    return record


@pytest.mark.parametrize("record, expected", [
    (cookie(), {"name": "n", "value": "v", "path": "/", "secure": False, "httpOnly": False,
                "url": "http://a.example/"}),
    (cookie(domain=".a.example", path="/p", secure=True, **{"http-only": True, "same-site": "strict"}),
     {"name": "n", "value": "v", "path": "/p", "secure": True, "httpOnly": True, "domain": ".a.example",
      "sameSite": "Strict"}),
    (cookie(secure=True, path="/deep", expires=1900000000, **{"same-site": "none"}),
     {"name": "n", "value": "v", "path": "/deep", "secure": True, "httpOnly": False,
      "url": "https://a.example/deep", "expires": 1900000000.0, "sameSite": "None"}),
    ({"name": "n", "domain": "a.example", "same-site": "lax"},
     {"name": "n", "value": "", "path": "/", "secure": False, "httpOnly": False, "url": "http://a.example/",
      "sameSite": "Lax"}),
])
def test_a_protocol_cookie_as_devtools_cookie_param(record, expected):
    # Host-only by URL, never by domain (Chromium would make a domain cookie of a domain without a dot).
    assert chromium.Driver.cookie_param(record) == expected


@pytest.mark.parametrize("reported, expected", [
    ({"name": "n", "value": "v", "domain": ".a.example", "path": "/", "expires": 1900000000.7, "secure": True,
      "httpOnly": True, "sameSite": "Lax", "session": False},
     {"name": "n", "value": "v", "domain": ".a.example", "path": "/", "secure": True, "http-only": True,
      "expires": 1900000000, "same-site": "lax"}),
    ({"name": "s", "value": "", "domain": "a.example", "path": "/p", "expires": -1, "size": 1, "session": True},
     {"name": "s", "value": "", "domain": "a.example", "path": "/p", "secure": False, "http-only": False,
      "expires": None, "same-site": None}),
    ({"name": "x", "value": "1", "domain": "a.example", "path": "/", "expires": -1, "sameSite": "Strict"},
     {"name": "x", "value": "1", "domain": "a.example", "path": "/", "secure": False, "http-only": False,
      "expires": None, "same-site": "strict"}),
    ({"name": "x", "value": "1", "domain": "a.example", "path": "/", "expires": 5, "sameSite": "None"},
     {"name": "x", "value": "1", "domain": "a.example", "path": "/", "secure": False, "http-only": False,
      "expires": 5, "same-site": "none"}),
])
def test_a_devtools_cookie_as_a_protocol_cookie(reported, expected):
    assert chromium.Driver.cookie_record(reported) == expected


def stores(driver, browser):
    """Store 1 ephemeral (context C1), store 2 persistent (the browser's default context)."""
    driver.main = browser
    driver.stores = {1: chromium.Store(1, browser, "C1", False), 2: chromium.Store(2, browser, None, True, "/p")}


def test_set_cookie_goes_to_the_stores_context_and_is_set_again_when_the_read_back_misses_it(driver):
    present = [{"name": "n", "value": "v", "domain": ".a.example", "path": "/"}]
    reads = iter([[], present])
    browser = Recorder({"Storage.getCookies": lambda params: {"cookies": next(reads)}})
    stores(driver, browser)
    record = cookie(domain=".a.example")
    assert driver.perform("set-cookie", {"store": 1, "cookie": record}) == {}
    param = chromium.Driver.cookie_param(record)
    assert browser.commands == [
        ("Storage.setCookies", {"cookies": [param], "browserContextId": "C1"}, None),
        ("Storage.getCookies", {"browserContextId": "C1"}, None),
        ("Storage.setCookies", {"cookies": [param], "browserContextId": "C1"}, None),
    ]
    browser.commands.clear()
    driver.perform("set-cookie", {"store": 2, "cookie": record})  # persistent: the default context, no id
    assert browser.commands == [("Storage.setCookies", {"cookies": [param]}, None), ("Storage.getCookies", {}, None)]


def test_get_cookies_reads_the_stores_context_and_converts_each(driver):
    reported = {"name": "n", "value": "v", "domain": "a.example", "path": "/", "expires": -1, "session": True}
    browser = Recorder({"Storage.getCookies": {"cookies": [reported]}})
    stores(driver, browser)
    assert driver.perform("get-cookies", {"store": 1}) == {"cookies": [chromium.Driver.cookie_record(reported)]}
    assert browser.commands == [("Storage.getCookies", {"browserContextId": "C1"}, None)]


def test_delete_cookie_goes_through_a_tab_of_the_store_and_clear_through_the_context(driver):
    browser = Recorder()
    stores(driver, browser)
    with pytest.raises(Unsupported, match="through a tab"):
        driver.perform("delete-cookie", {"store": 1, "cookie": cookie()})
    driver.views = {5: chromium.View(5, driver.stores[2], "T2", "S2"),
                    6: chromium.View(6, driver.stores[1], "T1", "S1")}
    driver.perform("delete-cookie", {"store": 1, "cookie": cookie(domain=".a.example", path="/p")})
    driver.perform("clear-data-store", {"store": 1})
    assert browser.commands == [
        ("Network.deleteCookies", {"name": "n", "domain": ".a.example", "path": "/p"}, "S1"),
        ("Storage.clearCookies", {"browserContextId": "C1"}, None),
    ]


def test_a_devtools_error_reaches_the_harness_as_errored():
    driver = chromium.Driver()
    try:
        driver.started = True
        stores(driver, Recorder({"Storage.setCookies": chromium.DevToolsError("Storage.setCookies: Invalid")}))
        reply = driver.handle(json.dumps({"id": 7, "op": "set-cookie", "store": 1, "cookie": cookie()}))
        assert (reply["id"], reply["status"], reply["message"]) == (
            7, "errored", "DevToolsError: Storage.setCookies: Invalid")
        assert driver.handle('{"id": 8, "op": "observe-cookies", "store": 1}')["status"] == "skipped"
    finally:
        shutil.rmtree(driver.directory, ignore_errors=True)


# -- views: events by session and frame -----------------------------------------------------------------------


def tab(driver, browser=None):
    browser = browser or Recorder()
    stores(driver, browser)
    view = chromium.View(1, driver.stores[1], "T1", "S1")
    driver.views = {1: view}
    driver.sessions = {"S1": view}
    return view, browser


def event(method, session="S1", **params):
    return {"method": method, "sessionId": session, "params": params}


def test_a_navigation_of_our_tab_is_reported_started_redirected_committed_finished(driver):
    view, _ = tab(driver)
    number = driver.expect_navigation(view)
    document = {"type": "Document", "frameId": "T1", "loaderId": "L1", "requestId": "L1"}
    driver.browser_event(None, event("Network.requestWillBeSent", request={"url": "http://a.example/"}, **document))
    driver.browser_event(None, event("Network.requestWillBeSent", request={"url": "http://b.example/"},
                                     redirectResponse={"status": 302}, **document))
    driver.browser_event(None, event("Page.frameNavigated", frame={"id": "T1", "loaderId": "L1",
                                                                   "url": "http://b.example/", "urlFragment": "#f"}))
    driver.browser_event(None, event("Page.frameStoppedLoading", frameId="T1"))
    assert driver.events == [
        {"type": "navigation", "view": 1, "navigation": number, "state": "started", "url": "http://a.example/"},
        {"type": "navigation", "view": 1, "navigation": number, "state": "redirected", "url": "http://b.example/"},
        {"type": "navigation", "view": 1, "navigation": number, "state": "committed", "url": "http://b.example/#f"},
        {"type": "navigation", "view": 1, "navigation": number, "state": "finished", "url": ""},
    ]
    assert view.pending == [] and view.active == set()


def test_events_of_another_session_a_frame_or_a_subresource_are_not_our_tabs_navigation(driver):
    view, _ = tab(driver)
    other_view = chromium.View(2, driver.stores[1], "T2", "S2")
    driver.views[2], driver.sessions["S2"] = other_view, other_view
    driver.expect_navigation(view)
    theirs = driver.expect_navigation(other_view)
    other = {"type": "Document", "frameId": "T2", "loaderId": "L2", "requestId": "L2", "request": {"url": "http://x/"}}
    driver.browser_event(None, event("Network.requestWillBeSent", session="S2", **other))  # the other tab's
    driver.browser_event(None, event("Network.requestWillBeSent", session="S9", **other))  # a tab we do not know
    driver.browser_event(None, event("Network.requestWillBeSent", **other))  # not our frame: an iframe's document
    driver.browser_event(None, event("Network.requestWillBeSent", type="Script", frameId="T1", loaderId="L0",
                                     requestId="R1", request={"url": "http://a.example/s.js"}))
    driver.browser_event(None, event("Page.frameNavigated", frame={"id": "F1", "parentId": "T1", "loaderId": "L2",
                                                                   "url": "about:blank"}))
    driver.browser_event(None, event("Page.frameStoppedLoading", frameId="F1"))
    driver.browser_event(None, {"method": "Target.targetCreated", "params": {}})  # the browser's, no session
    assert driver.events == [
        {"type": "navigation", "view": 2, "navigation": theirs, "state": "started", "url": "http://x/"}]
    assert len(view.pending) == 1  # ours is still to start
    assert set(view.inflight) == {"L2", "R1"}  # the tab's requests are still counted for settle
    assert set(other_view.inflight) == {"L2"}


def test_a_failed_document_request_is_failed_then_finished_with_its_reason(driver):
    view, _ = tab(driver)
    number = driver.expect_navigation(view)
    driver.browser_event(None, event("Network.requestWillBeSent", type="Document", frameId="T1", loaderId="L1",
                                     requestId="L1", request={"url": "http://a.example/loop"}))
    driver.browser_event(None, event("Network.loadingFailed", type="Document", requestId="L1",
                                     errorText="net::ERR_TOO_MANY_REDIRECTS", canceled=False))
    assert driver.events[1:] == [
        {"type": "navigation", "view": 1, "navigation": number, "state": "failed", "url": "",
         "message": "net::ERR_TOO_MANY_REDIRECTS", "cancelled": False, "too-many-redirects": True},
        {"type": "navigation", "view": 1, "navigation": number, "state": "finished", "url": ""},
    ]
    assert view.active == set() and view.inflight == {}


def test_a_plain_load_is_page_navigate_sent_without_waiting_and_headers_are_set_then_cleared(driver):
    view, browser = tab(driver)
    assert driver.perform("load", {"view": 1, "url": "http://a.example/", "headers": [["X-A", "1"]]}) == {
        "navigation": 1}
    driver.perform("load", {"view": 1, "url": "http://a.example/2"})
    assert browser.commands == [
        ("Network.setExtraHTTPHeaders", {"headers": {"X-A": "1"}}, "S1"),
        ("Page.navigate", {"url": "http://a.example/", "transitionType": "typed"}, "S1"),
        ("Network.setExtraHTTPHeaders", {"headers": {}}, "S1"),  # the next load has none of the last one's
        ("Page.navigate", {"url": "http://a.example/2", "transitionType": "typed"}, "S1"),
    ]
    assert [number for number, _ in view.pending] == [1, 2]


def test_a_post_load_pauses_the_document_request_and_continues_it_once_with_method_and_body(driver):
    view, browser = tab(driver)
    driver.perform("load", {"view": 1, "url": "http://a.example/f", "method": "post", "body": "a=1&b=2"})
    assert browser.commands[0] == (
        "Fetch.enable", {"patterns": [{"urlPattern": "*", "requestStage": "Request"}]}, "S1")
    browser.commands.clear()
    paused = {"requestId": "P1", "resourceType": "Document", "request": {"headers": {"Accept": "text/html"}}}
    driver.browser_event(None, event("Fetch.requestPaused", **paused))
    driver.browser_event(None, event("Fetch.requestPaused", requestId="P2", resourceType="Image", request={}))
    assert browser.commands == [
        ("Fetch.continueRequest", {"requestId": "P1", "method": "POST",
                                   "postData": base64.b64encode(b"a=1&b=2").decode(),
                                   "headers": [{"name": "Accept", "value": "text/html"},
                                               {"name": "Content-Type",
                                                "value": "application/x-www-form-urlencoded"}]}, "S1"),
        ("Fetch.disable", {}, "S1"),
        ("Fetch.continueRequest", {"requestId": "P2"}, "S1"),  # not the document: unchanged
        ("Fetch.disable", {}, "S1"),
    ]


def test_evaluate_returns_the_value_and_raises_the_pages_exception(driver):
    answers = {"value": {"result": {"type": "string", "value": "a=1"}}}
    _, browser = tab(driver, Recorder({"Runtime.evaluate": lambda params: answers["value"]}))
    assert driver.perform("evaluate", {"view": 1, "source": "document.cookie"}) == {"value": "a=1"}
    method, params, session = browser.commands[0]
    assert (method, session) == ("Runtime.evaluate", "S1")
    assert params == {"expression": browser_driver.EVALUATE % json.dumps("document.cookie"), "awaitPromise": False,
                      "returnByValue": True, "userGesture": True}
    answers["value"] = {"result": {"type": "object"}, "exceptionDetails": {
        "text": "Uncaught", "exception": {"description": "ReferenceError: x is not defined\n    at <anonymous>:1:1"}}}
    with pytest.raises(RuntimeError, match="^ReferenceError: x is not defined$"):
        driver.perform("evaluate", {"view": 1, "source": "x"})


@pytest.mark.parametrize("reply, outcome", [
    ({"result": {"result": {"type": "object", "value": {"ok": True}}}}, None),
    ({"result": {"result": {"type": "object", "value": {"ok": False, "message": "TypeError: Failed to fetch"}}}},
     "TypeError: Failed to fetch"),
    ({"error": {"message": "Execution context was destroyed."}}, "Execution context was destroyed."),
])
def test_a_fetchs_outcome(reply, outcome):
    assert chromium.Driver.fetch_outcome(reply) == outcome


def test_go_back_stops_at_the_blank_page_the_reused_tab_was_handed_out_on(driver):
    history = {"currentIndex": 2, "entries": [
        {"id": 10, "url": "http://old.example/"}, {"id": 11, "url": "about:blank"},
        {"id": 12, "url": "http://a.example/"}, {"id": 13, "url": "http://b.example/"}]}
    view, browser = tab(driver, Recorder({"Page.getNavigationHistory": history}))
    view.history_floor = 11
    assert driver.perform("go-back", {"view": 1}) == {"navigation": None}  # the floor, an earlier scenario's
    assert driver.perform("go-forward", {"view": 1}) == {"navigation": 1}
    assert browser.commands[-1] == ("Page.navigateToHistoryEntry", {"entryId": 13}, "S1")
    view.history_floor = 99  # no entry has it any more: nothing left is an earlier scenario's
    history["currentIndex"] = 1
    assert driver.perform("go-back", {"view": 1}) == {"navigation": 2}
    assert browser.commands[-1] == ("Page.navigateToHistoryEntry", {"entryId": 10}, "S1")


def test_a_go_back_within_the_document_ends_on_navigated_within_document(driver):
    history = {"currentIndex": 1, "entries": [
        {"id": 10, "url": "http://a.example/"}, {"id": 11, "url": "http://a.example/x"}]}
    view, browser = tab(driver, Recorder({"Page.getNavigationHistory": history}))
    # The page's own pushState: no go-back waits, nothing to report.
    driver.browser_event(None, event("Page.navigatedWithinDocument", frameId="T1", url="http://a.example/x"))
    assert driver.events == [] and view.traversal is None
    assert driver.perform("go-back", {"view": 1}) == {"navigation": 1}
    driver.browser_event(None, event("Page.navigatedWithinDocument", frameId="T1", url="http://a.example/"))
    assert driver.events == [{"type": "navigation", "view": 1, "navigation": 1, "state": "same-document",
                              "url": "http://a.example/"}]
    assert view.pending == [] and view.traversal is None


def test_a_new_tab_is_made_in_the_stores_context_with_its_cache_off_and_a_kept_one_is_reused(driver):
    history = {"currentIndex": 1,
               "entries": [{"id": 40, "url": "http://old.example/"}, {"id": 41, "url": "about:blank"}]}
    browser = Recorder({"Target.createTarget": {"targetId": "T7"}, "Target.attachToTarget": {"sessionId": "S7"},
                        "Page.getNavigationHistory": history})
    stores(driver, browser)
    assert driver.perform("new-web-view", {"store": 1}) == {"view": 1}
    assert browser.commands == [
        ("Target.createTarget", {"url": "about:blank", "browserContextId": "C1"}, None),
        ("Target.attachToTarget", {"targetId": "T7", "flatten": True}, None),
        ("Page.enable", {}, "S7"), ("Network.enable", {}, "S7"),
        ("Network.setCacheDisabled", {"cacheDisabled": True}, "S7"),  # every load reaches the proxy
    ]
    assert driver.sessions["S7"] is driver.views[1] and driver.views[1].history_floor is None
    browser.commands.clear()
    driver.stores[1].spare.append(("T8", "S8"))  # a tab kept from an earlier scenario, blank
    assert driver.perform("new-web-view", {"store": 1}) == {"view": 2}
    assert browser.commands == [("Page.getNavigationHistory", None, "S8")]
    assert driver.views[2].history_floor == 41  # go-back stops at the blank page it was handed out on
