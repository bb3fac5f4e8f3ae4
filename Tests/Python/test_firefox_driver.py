"""The Firefox driver (Sources/EngineDrivers/harness_drivers/firefox.py) without Firefox: its WebDriver BiDi
connection against a peer on a 127.0.0.1 port-0 WebSocket (commands, replies by id, events, error replies, a browser
that dies or answers garbage), the start's address line and profile, and the driver ops against a recorder of the
commands they send. What is pinned is what would silently change a verdict: a cookie attribute or the store's
partition lost, an event of another tab taken as ours, an error reply swallowed."""

import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import threading
import time

import pytest

from harness_drivers import browser_driver
from browser_stand_ins import EventLog, wait_for, wait_until_stopped
from harness_drivers import firefox
from harness_drivers.driver_protocol import Unavailable


# -- the BiDi connection ------------------------------------------------------------------------------------------


class Peer:
    """The browser's end of the BiDi WebSocket: accepts one client, reads its (masked) frames and writes the
    browser's (unmasked) ones."""

    def __init__(self):
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(1)
        self.url = f"ws://127.0.0.1:{self.listener.getsockname()[1]}"
        self.connection = None
        self.accepted = threading.Thread(target=self.accept, daemon=True)
        self.accepted.start()

    def accept(self):
        connection, _ = self.listener.accept()
        connection.settimeout(2.0)
        request = b""
        while b"\r\n\r\n" not in request:
            request += connection.recv(4096)
        self.path = request.split(b" ")[1]
        connection.sendall(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n")
        self.connection = connection

    def exactly(self, count):
        data = b""
        while len(data) < count:
            chunk = self.connection.recv(count - len(data))
            assert chunk, "the driver closed the connection"
            data += chunk
        return data

    def command(self):
        first, second = self.exactly(2)
        length = second & 0x7F
        if length == 126:
            length = struct.unpack("!H", self.exactly(2))[0]
        elif length == 127:
            length = struct.unpack("!Q", self.exactly(8))[0]
        mask = self.exactly(4)
        payload = bytes(byte ^ mask[index % 4] for index, byte in enumerate(self.exactly(length)))
        assert first & 0x0F == 0x1, "a command is a text frame"
        return json.loads(payload)

    def write(self, text):
        payload = text.encode()
        short = len(payload) < 126
        head = bytes([0x81, len(payload)]) if short else bytes([0x81, 126]) + struct.pack("!H", len(payload))
        self.connection.sendall(head + payload)

    def say(self, message):
        self.write(json.dumps(message))

    def hang_up(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None
        self.listener.close()


class SocketBrowser(firefox.Browser):
    """firefox.Browser on a Peer's WebSocket instead of a started Firefox (the executable argument is the Peer)."""

    def open(self, peer, proxy_uri, environment):
        self.socket = firefox.websocket.WebSocket(peer.url + "/session")
        peer.accepted.join(2)


@pytest.fixture
def bidi():
    """(browser, peer, events): events is every on_event message, None when the connection ended."""
    peer = Peer()
    log = EventLog()
    browser = SocketBrowser(peer, "/nonexistent-profile", "http://127.0.0.1:9", {}, log.on_event)
    browser.heard = log.heard
    try:
        yield browser, peer, log.events
    finally:
        peer.hang_up()
        wait_until_stopped(browser)
        browser.socket.close()


def catch(function):
    try:
        return function()
    except Exception as error:
        return error


def test_commands_are_bidi_messages_with_increasing_ids_on_the_session_path(bidi):
    browser, peer, _ = bidi
    assert peer.path == b"/session"
    first = browser.send("storage.getCookies", {"partition": {"type": "storageKey", "userContext": "U1"}})
    second = browser.send("browser.close")
    assert second == first + 1
    assert peer.command() == {"id": first, "method": "storage.getCookies",
                              "params": {"partition": {"type": "storageKey", "userContext": "U1"}}}
    assert peer.command() == {"id": second, "method": "browser.close", "params": {}}


def test_replies_go_by_id_and_events_to_on_event(bidi):
    browser, peer, events = bidi
    first, second = browser.send("a.one"), browser.send("a.two")
    event = {"type": "event", "method": "browsingContext.load", "params": {"context": "C1", "navigation": "N1"}}
    peer.say({"type": "success", "id": second, "result": {"n": 2}})
    peer.say(event)
    peer.say({"type": "success", "id": first, "result": {"n": 1}})
    assert browser.wait(first) == {"n": 1}
    assert browser.wait(second) == {"n": 2}
    browser.heard(1)
    assert events == [event]


def test_garbage_is_skipped_and_the_next_reply_still_arrives(bidi):
    browser, peer, events = bidi
    number = browser.send("session.status")
    peer.write("{not json")
    peer.say({"type": "success", "id": number, "result": {"ready": False}})
    assert browser.wait(number) == {"ready": False}
    assert browser.alive and events == []


def test_an_error_reply_is_raised_with_bidis_code_and_message(bidi):
    browser, peer, _ = bidi
    number = browser.send("storage.setCookie")
    peer.say({"type": "error", "id": number, "error": "unable to set cookie", "message": "Domain mismatch"})
    error = catch(lambda: browser.wait(number, what="storage.setCookie"))
    assert isinstance(error, firefox.BiDiError)
    assert error.error == "unable to set cookie"
    assert str(error) == "unable to set cookie: storage.setCookie: Domain mismatch"


def test_a_reply_that_never_comes_is_a_timeout_naming_the_command(bidi):
    browser, peer, _ = bidi
    with pytest.raises(TimeoutError, match="^script.evaluate had no reply within 0.1 s$"):
        browser.call("script.evaluate", {}, timeout=0.1)
    assert peer.command()["method"] == "script.evaluate"


def test_a_browser_that_dies_fails_the_waiting_call_and_the_callbacks_and_tells_the_driver(bidi):
    browser, peer, events = bidi
    got = []
    browser.send("browsingContext.navigate", callback=got.append)
    outcome = []
    waiter = threading.Thread(target=lambda: outcome.append(catch(lambda: browser.call("storage.getCookies"))))
    waiter.start()
    peer.command(), peer.command()
    peer.hang_up()
    waiter.join(5)
    assert not waiter.is_alive()
    assert isinstance(outcome[0], RuntimeError)
    assert str(outcome[0]) == "the browser is gone (its BiDi connection is closed)"
    assert got == [{"type": "error", "error": "gone", "message": "the browser closed its BiDi connection"}]
    browser.heard(1)
    assert events == [None]
    with pytest.raises(RuntimeError, match="the browser is gone"):
        browser.send("browser.close")


# -- the start: the address line, the profile -----------------------------------------------------------------------


def started(script):
    browser = firefox.Browser.__new__(firefox.Browser)  # only the process: no BiDi yet
    browser.process = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.DEVNULL,
                                       stderr=subprocess.PIPE)
    return browser


def test_the_bidi_address_is_read_from_firefoxs_stderr():
    browser = started("import sys, time; sys.stderr.write('[GFX1-]: noise\\nother\\n"
                      "WebDriver BiDi listening on ws://127.0.0.1:40123\\n'); sys.stderr.flush(); time.sleep(0.2)")
    try:
        assert browser.read_address() == "ws://127.0.0.1:40123"
    finally:
        browser.kill()


def test_a_firefox_that_exits_without_an_address_is_unavailable_at_once():
    browser = started("import sys; sys.stderr.write('Error: no DISPLAY\\n'); sys.exit(3)")
    began = time.monotonic()
    with pytest.raises(Unavailable, match="did not open its WebDriver BiDi port"):
        browser.read_address()
    assert time.monotonic() - began < 5  # the end of stderr, not the start timeout
    assert browser.process.poll() is not None


def test_the_profiles_preferences_route_everything_through_the_proxy_and_leave_cookie_rules_alone(tmp_path):
    firefox.write_preferences(str(tmp_path), "http://127.0.0.1:4321")
    lines = (tmp_path / "user.js").read_text().splitlines()
    preferences = dict(json.loads("[" + line[len("user_pref("):-2] + "]") for line in lines)
    assert {name: preferences[name] for name in (
        "network.proxy.type", "network.proxy.http", "network.proxy.http_port", "network.proxy.ssl",
        "network.proxy.ssl_port", "network.proxy.no_proxies_on", "network.proxy.allow_hijacking_localhost")} == {
        "network.proxy.type": 1, "network.proxy.http": "127.0.0.1", "network.proxy.http_port": 4321,
        "network.proxy.ssl": "127.0.0.1", "network.proxy.ssl_port": 4321, "network.proxy.no_proxies_on": "",
        "network.proxy.allow_hijacking_localhost": True}
    assert preferences["dom.security.https_first"] is False  # an http load stays one
    assert [name for name in preferences if "cookie" in name.lower() or name.startswith("privacy.")] == []


# -- the driver's ops, against a recorder of the commands -----------------------------------------------------------


REPLIES = []  # the threads that hand `send`'s replies to their callbacks (the reader thread's part)


class Recorder:
    """A browser that answers each command from `answers` (a value, or a function of the params) and keeps them;
    `send`'s callback gets its answer (a reply dict) on a thread of its own, as on the reader thread: the driver
    sends some commands under its lock."""

    def __init__(self, answers=None):
        self.answers = answers or {}
        self.commands = []
        self.alive = True

    def answer(self, method, params):
        answer = self.answers.get(method, {})
        return answer(params) if callable(answer) else answer

    def call(self, method, params=None, session=None, timeout=None):
        self.commands.append((method, params))
        answer = self.answer(method, params)
        if isinstance(answer, Exception):
            raise answer
        return answer

    def send(self, method, params=None, session=None, callback=None):
        self.commands.append((method, params))
        answer = self.answer(method, params)
        if callback is not None:
            reply = answer if "type" in answer else {"type": "success", "result": answer}
            REPLIES.append(threading.Thread(target=callback, args=(reply,)))
            REPLIES[-1].start()
        return len(self.commands)


@pytest.fixture
def driver():
    driver = firefox.Driver()
    driver.started = True
    try:
        yield driver
    finally:
        while REPLIES:
            REPLIES.pop().join(5)
        shutil.rmtree(driver.directory, ignore_errors=True)


def stores(driver, browser):
    """Store 1 ephemeral (user context U1), store 2 persistent (its browser's default user context)."""
    driver.main = browser
    driver.stores = {1: firefox.Store(1, browser, "U1", False), 2: firefox.Store(2, browser, "default", True, "/p")}


def cookie(**fields):
    record = {"name": "n", "value": "v", "domain": "a.example", "path": "/"}
    record.update(fields)
    return record


@pytest.mark.parametrize("record, expected", [
    (cookie(), {"name": "n", "value": {"type": "string", "value": "v"}, "domain": "a.example", "path": "/",
                "secure": False, "httpOnly": False}),
    (cookie(domain=".a.example", path="/p", secure=True, expires=1900000000.0,
            **{"http-only": True, "same-site": "strict"}),
     {"name": "n", "value": {"type": "string", "value": "v"}, "domain": ".a.example", "path": "/p", "secure": True,
      "httpOnly": True, "expiry": 1900000000, "sameSite": "strict"}),
    ({"name": "n", "domain": "a.example", "same-site": "none", "expires": None},
     {"name": "n", "value": {"type": "string", "value": ""}, "domain": "a.example", "path": "/", "secure": False,
      "httpOnly": False, "sameSite": "none"}),
])
def test_a_protocol_cookie_as_a_bidi_partial_cookie(record, expected):
    assert firefox.Driver.cookie_param(record) == expected


@pytest.mark.parametrize("reported, expected", [
    ({"name": "n", "value": {"type": "string", "value": "v"}, "domain": ".a.example", "path": "/", "size": 2,
      "httpOnly": True, "secure": True, "sameSite": "lax", "expiry": 1900000000},
     {"name": "n", "value": "v", "domain": ".a.example", "path": "/", "secure": True, "http-only": True,
      "expires": 1900000000, "same-site": "lax"}),
    ({"name": "s", "value": {"type": "string", "value": ""}, "domain": "a.example", "path": "/p", "size": 1,
      "httpOnly": False, "secure": False, "sameSite": "none"},
     {"name": "s", "value": "", "domain": "a.example", "path": "/p", "secure": False, "http-only": False,
      "expires": None, "same-site": "none"}),
    ({"name": "d", "value": {"type": "string", "value": "1"}, "domain": "a.example", "path": "/", "size": 2,
      "httpOnly": False, "secure": False, "sameSite": "default"},
     {"name": "d", "value": "1", "domain": "a.example", "path": "/", "secure": False, "http-only": False,
      "expires": None, "same-site": None}),
])
def test_a_bidi_cookie_as_a_protocol_cookie(reported, expected):
    assert firefox.Driver.cookie_record(reported) == expected


def test_cookie_ops_name_the_stores_partition(driver):
    reported = {"name": "n", "value": {"type": "string", "value": "v"}, "domain": "a.example", "path": "/",
                "sameSite": "lax"}
    browser = Recorder({"storage.getCookies": {"cookies": [reported]}})
    stores(driver, browser)
    driver.perform("set-cookie", {"store": 1, "cookie": cookie(path="/p")})
    driver.perform("set-cookie", {"store": 2, "cookie": cookie()})
    assert driver.perform("get-cookies", {"store": 1}) == {"cookies": [firefox.Driver.cookie_record(reported)]}
    driver.perform("delete-cookie", {"store": 1, "cookie": {"name": "n", "domain": ".a.example"}})
    driver.perform("clear-data-store", {"store": 2})
    ephemeral = {"type": "storageKey", "userContext": "U1"}
    persistent = {"type": "storageKey", "userContext": "default"}
    assert browser.commands == [
        ("storage.setCookie", {"cookie": firefox.Driver.cookie_param(cookie(path="/p")), "partition": ephemeral}),
        ("storage.setCookie", {"cookie": firefox.Driver.cookie_param(cookie()), "partition": persistent}),
        ("storage.getCookies", {"partition": ephemeral}),
        ("storage.deleteCookies", {"filter": {"name": "n", "domain": ".a.example", "path": "/"},
                                   "partition": ephemeral}),
        ("storage.deleteCookies", {"partition": persistent}),  # no filter: every cookie of the store
    ]


def test_a_bidi_error_reaches_the_harness_as_errored(driver):
    stores(driver, Recorder({"storage.setCookie": firefox.BiDiError("unable to set cookie", "storage.setCookie: x")}))
    reply = driver.handle(json.dumps({"id": 3, "op": "set-cookie", "store": 1, "cookie": cookie()}))
    assert (reply["id"], reply["status"]) == (3, "errored")
    assert reply["message"] == "BiDiError: unable to set cookie: storage.setCookie: x"


def test_a_new_tab_is_created_in_the_stores_user_context(driver):
    browser = Recorder({"browsingContext.create": lambda params: {"context": f"C{len(browser.commands)}"}})
    stores(driver, browser)
    assert driver.perform("new-web-view", {"store": 1}) == {"view": 1}
    assert driver.perform("new-web-view", {"store": 2}) == {"view": 2}
    assert browser.commands == [
        ("browsingContext.create", {"type": "tab", "background": True, "userContext": "U1"}),
        ("browsingContext.create", {"type": "tab", "background": True}),  # the default user context
    ]
    assert {context: view.number for context, view in driver.contexts.items()} == {"C1": 1, "C2": 2}


# -- views: events by browsing context -------------------------------------------------------------------------


def tab(driver, browser=None):
    browser = browser or Recorder()
    stores(driver, browser)
    view = firefox.View(1, driver.stores[1], "C1")
    driver.views = {1: view}
    driver.contexts = {"C1": view}
    return view, browser


def event(method, **params):
    return {"type": "event", "method": method, "params": params}


def test_a_navigation_of_our_tab_is_reported_started_redirected_committed_finished(driver):
    view, _ = tab(driver)
    number = driver.expect_navigation(view)
    driver.browser_event(None, event("browsingContext.navigationStarted", context="C1", navigation="N1",
                                     url="http://a.example/"))
    driver.browser_event(None, event("network.beforeRequestSent", context="C1", navigation="N1", redirectCount=1,
                                     request={"request": "R1", "url": "http://b.example/"}))
    driver.browser_event(None, event("browsingContext.navigationCommitted", context="C1", navigation="N1",
                                     url="http://b.example/"))
    driver.browser_event(None, event("browsingContext.load", context="C1", navigation="N1", url="http://b.example/"))
    assert driver.events == [
        {"type": "navigation", "view": 1, "navigation": number, "state": "started", "url": "http://a.example/"},
        {"type": "navigation", "view": 1, "navigation": number, "state": "redirected", "url": "http://b.example/"},
        {"type": "navigation", "view": 1, "navigation": number, "state": "committed", "url": "http://b.example/"},
        {"type": "navigation", "view": 1, "navigation": number, "state": "finished", "url": "http://b.example/"},
    ]
    assert view.active == set()


def test_events_of_another_tab_or_of_a_frame_in_ours_are_not_our_tabs_navigation(driver):
    view, _ = tab(driver)
    driver.expect_navigation(view)
    driver.browser_event(None, event("browsingContext.navigationStarted", context="C9", navigation="N9", url="x"))
    driver.browser_event(None, event("browsingContext.contextCreated", context="F1", parent="C1", url="about:blank"))
    driver.browser_event(None, event("browsingContext.contextCreated", context="F9", parent="C9", url="about:blank"))
    driver.browser_event(None, event("browsingContext.navigationStarted", context="F1", navigation="N2",
                                     url="http://frame.example/"))
    driver.browser_event(None, event("network.beforeRequestSent", context="F1", navigation="N2",
                                     request={"request": "R2", "url": "http://frame.example/"}))
    driver.browser_event(None, event("browsingContext.load", context="F1", navigation="N2", url="x"))
    assert driver.events == []
    assert len(view.pending) == 1
    assert driver.contexts["F1"] is view and "F9" not in driver.contexts
    assert view.inflight == {"R2": "N2"}  # the frame's request is the tab's, for settle


def test_a_failed_navigation_says_why_from_the_document_requests_error(driver):
    view, _ = tab(driver)
    number = driver.expect_navigation(view)
    driver.browser_event(None, event("browsingContext.navigationStarted", context="C1", navigation="N1", url="u"))
    driver.browser_event(None, event("network.fetchError", context="C1", navigation="N1",
                                     errorText="NS_ERROR_REDIRECT_LOOP", request={"request": "R1"}))
    driver.browser_event(None, event("browsingContext.navigationFailed", context="C1", navigation="N1", url="u"))
    assert driver.events[1:] == [
        {"type": "navigation", "view": 1, "navigation": number, "state": "failed", "url": "u",
         "message": "NS_ERROR_REDIRECT_LOOP", "cancelled": False, "too-many-redirects": True},
        {"type": "navigation", "view": 1, "navigation": number, "state": "finished", "url": ""},
    ]


def test_an_error_page_commit_is_a_failed_navigation(driver):
    view, _ = tab(driver)
    number = driver.expect_navigation(view)
    driver.browser_event(None, event("browsingContext.navigationStarted", context="C1", navigation="N1", url="u"))
    driver.browser_event(None, event("browsingContext.navigationCommitted", context="C1", navigation="N1",
                                     url="about:neterror?e=redirectLoop&u=http%3A//a.example/"))
    assert [(e["state"], e.get("message"), e.get("too-many-redirects")) for e in driver.events[1:]] == [
        ("failed", "redirectLoop", True), ("finished", None, None)]


def test_a_post_load_intercepts_the_document_request_and_continues_it_with_method_body_and_headers(driver):
    view, browser = tab(driver, Recorder({"network.addIntercept": {"intercept": "I1"}}))
    assert driver.perform("load", {"view": 1, "url": "http://a.example/f", "method": "post", "body": "a=1",
                                   "headers": [["x-token", "7"]]}) == {"navigation": 1}
    assert browser.commands == [
        ("network.addIntercept", {"phases": ["beforeRequestSent"], "contexts": ["C1"]}),
        ("browsingContext.navigate", {"context": "C1", "url": "http://a.example/f", "wait": "none"}),
    ]
    browser.commands.clear()
    driver.browser_event(None, event("browsingContext.navigationStarted", context="C1", navigation="N1", url="u"))
    sent = [{"name": "Cookie", "value": {"type": "string", "value": "a=1"}},
            {"name": "X-Token", "value": {"type": "string", "value": "old"}}]
    driver.browser_event(None, event("network.beforeRequestSent", context="C1", navigation="N1", isBlocked=True,
                                     request={"request": "R1", "url": "http://a.example/f", "headers": sent}))
    driver.browser_event(None, event("network.beforeRequestSent", context="C1", navigation=None, isBlocked=True,
                                     request={"request": "R2", "url": "http://a.example/s.js"}))
    hop = [{"name": "Cookie", "value": {"type": "string", "value": "b=2"}}]
    driver.browser_event(None, event("network.beforeRequestSent", context="C1", navigation="N1", isBlocked=True,
                                     redirectCount=1, request={"request": "R1", "url": "http://b.example/",
                                                               "headers": hop}))
    driver.browser_event(None, event("browsingContext.load", context="C1", navigation="N1", url="u"))
    assert browser.commands == [
        ("network.continueRequest", {
            "request": "R1", "method": "POST", "body": {"type": "string", "value": "a=1"},
            "headers": [{"name": "Cookie", "value": {"type": "string", "value": "a=1"}},  # the browser's cookies kept
                        {"name": "x-token", "value": {"type": "string", "value": "7"}},
                        {"name": "Content-Type",
                         "value": {"type": "string", "value": "application/x-www-form-urlencoded"}}]}),
        ("network.continueRequest", {"request": "R2"}),  # a subresource: unchanged
        ("network.continueRequest", {"request": "R1", "headers": [  # a redirect hop: the headers, the browser's method
            {"name": "Cookie", "value": {"type": "string", "value": "b=2"}},
            {"name": "x-token", "value": {"type": "string", "value": "7"}}]}),
        ("network.removeIntercept", {"intercept": "I1"}),
    ]
    assert view.intercept is None and view.override is None


def test_evaluate_returns_a_string_or_none_and_raises_the_pages_exception(driver):
    answers = {"value": {"type": "success", "result": {"type": "string", "value": "a=1"}}}
    _, browser = tab(driver, Recorder({"script.evaluate": lambda params: answers["value"]}))
    assert driver.perform("evaluate", {"view": 1, "source": "document.cookie"}) == {"value": "a=1"}
    assert browser.commands[0] == ("script.evaluate", {
        "expression": browser_driver.EVALUATE % json.dumps("document.cookie"), "target": {"context": "C1"},
        "awaitPromise": False, "userActivation": True, "resultOwnership": "none"})
    answers["value"] = {"type": "success", "result": {"type": "null"}}
    assert driver.perform("evaluate", {"view": 1, "source": "null"}) == {"value": None}
    answers["value"] = {"type": "exception", "exceptionDetails": {"text": "ReferenceError: x is not defined\nmore"}}
    with pytest.raises(RuntimeError, match="^ReferenceError: x is not defined$"):
        driver.perform("evaluate", {"view": 1, "source": "x"})


@pytest.mark.parametrize("reply, outcome", [
    ({"type": "success", "result": {"type": "success", "result": {"type": "string", "value": "ok"}}}, None),
    ({"type": "success",
      "result": {"type": "success", "result": {"type": "string", "value": "error:TypeError: NetworkError"}}},
     "TypeError: NetworkError"),
    ({"type": "error", "error": "no such frame", "message": "the tab is gone"}, "the tab is gone"),
])
def test_a_fetchs_outcome(reply, outcome):
    assert firefox.Driver.fetch_outcome(reply) == outcome


def test_go_back_without_an_entry_is_no_navigation_and_another_error_is_raised(driver):
    answers = {"value": {"type": "error", "error": "no such history entry", "message": "none"}}
    view, browser = tab(driver, Recorder({"browsingContext.traverseHistory": lambda params: answers["value"]}))
    assert driver.perform("go-back", {"view": 1}) == {"navigation": None}
    assert browser.commands == [("browsingContext.traverseHistory", {"context": "C1", "delta": -1})]
    assert view.pending == []  # the navigation asked for is not waited for
    answers["value"] = {"type": "error", "error": "no such frame", "message": "gone"}
    with pytest.raises(firefox.BiDiError, match="^no such frame: browsingContext.traverseHistory: gone$"):
        driver.perform("go-forward", {"view": 1})
    assert view.pending == []
    # A success reply while no navigation has started: the entry was the document's own (its pushState).
    answers["value"] = {"type": "success", "result": {}}
    assert driver.perform("go-forward", {"view": 1}) == {"navigation": 3}
    assert view.pending == []
    assert driver.events == [{"type": "navigation", "view": 1, "navigation": 3, "state": "same-document", "url": ""}]


def test_a_browser_that_resets_the_connection_is_gone_too(bidi):
    browser, peer, events = bidi
    number = browser.send("storage.getCookies")
    peer.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # close with a RST
    peer.hang_up()
    with pytest.raises(RuntimeError, match="^the browser is gone"):
        browser.wait(number, timeout=2)
    browser.heard(1)
    assert events == [None]
