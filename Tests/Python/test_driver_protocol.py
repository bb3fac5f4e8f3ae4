"""The drivers' side of the protocol (Sources/EngineDrivers/harness_drivers/driver_protocol.py): dispatch, start,
stop, respond. No engine: a stand-in driver with the same base the WebKitGTK, Chromium and Firefox drivers have."""

import io
import json
import os
import subprocess
import sys
import threading

import pytest

from harness_drivers import driver_protocol
from harness_drivers import proxy
from conftest import program_environment


class StandIn(driver_protocol.Requests, driver_protocol.ProxyOwner):
    NAME = "stand-in"
    OPERATIONS = ("start", "echo", "respond", "profile")

    def __init__(self):
        super().__init__()
        self.lock = threading.Lock()
        self.exchanges = {}
        self.waiting_since = {}
        self.last_activity = 0.0
        self.brought_up = 0
        self.version = "1.0"

    def bring_up(self):
        self.brought_up += 1

    def echo(self, request):
        return {"echo": request.get("value")}

    def note_activity(self):
        self.last_activity += 1


def ask(driver, **request):
    return driver.handle(json.dumps(request))


def test_an_op_before_start_is_errored_and_start_brings_up_once():
    driver = StandIn()
    early = ask(driver, id=1, op="echo", value=1)
    assert early["status"] == "errored" and early["message"] == "ProtocolError: 'echo' before a successful 'start'"
    started = ask(driver, id=2, op="start", protocol=1)
    assert started == {"id": 2, "status": "ok", "result": {
        "protocol": 1, "name": "stand-in", "version": "1.0", "capabilities": [], "faketime": False, "language": "python"}}
    ask(driver, id=3, op="start", protocol=1)
    assert driver.brought_up == 1
    assert ask(driver, id=4, op="echo", value=7) == {"id": 4, "status": "ok", "result": {"echo": 7}}


def test_start_with_another_protocol_is_refused():
    reply = ask(StandIn(), id=1, op="start", protocol=2)
    assert reply["message"] == "ProtocolError: this driver speaks protocol 1, the harness asked for 2"


def test_an_unknown_op_is_skipped_even_before_start():
    reply = ask(StandIn(), id=5, op="decide")
    assert reply == {"id": 5, "status": "skipped", "reason": "unknown op 'decide' (this driver speaks protocol 1)"}


def test_a_malformed_line_is_errored_and_the_driver_goes_on():
    driver = StandIn()
    assert driver.handle("{nope")["id"] is None
    assert driver.handle('"a string"')["message"] == "ProtocolError: a request must be a JSON object"
    assert ask(driver, id=1, op="start", protocol=1)["status"] == "ok"


def test_stop_replies_and_ends_the_loop(monkeypatch):
    driver = StandIn()
    output = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    monkeypatch.setattr(sys, "stdout", output)
    lines = [b'{"id":1,"op":"start","protocol":1}\n', b'{"id":2,"op":"stop"}\n', b'{"id":3,"op":"echo"}\n']
    driver.serve(lines)
    replies = [json.loads(line) for line in output.buffer.getvalue().splitlines()]
    assert [reply["id"] for reply in replies] == [1, 2]
    assert replies[1] == {"id": 2, "status": "ok", "result": {}}
    assert driver.stopping


def test_every_request_is_timed_for_the_profile():
    driver = StandIn()
    ask(driver, id=1, op="start", protocol=1)
    ask(driver, id=2, op="echo")
    times = ask(driver, id=3, op="profile")["result"]["times"]
    assert times["op start"][0] == 1 and times["op echo"][0] == 1
    assert ask(driver, id=4, op="profile")["result"]["times"] == {"op profile": [1, pytest.approx(0, abs=1)]}


def test_respond_answers_a_waiting_exchange_once():
    driver = StandIn()
    ask(driver, id=1, op="start", protocol=1)
    exchange = proxy.Exchange(1)
    driver.exchanges[1] = exchange
    driver.waiting_since[("exchange", 1)] = 0.0
    reply = ask(driver, id=2, op="respond", exchange=1, status=302, headers=[["Location", "/b"]])
    assert reply["status"] == "ok"
    assert exchange.ready.is_set() and exchange.response == (302, [["Location", "/b"]], "")
    assert "proxy: a request waits for the harness's respond" in driver.times.totals
    again = ask(driver, id=3, op="respond", exchange=1, status=200)
    assert again["message"] == "ProtocolError: no pending exchange 1"
    bad = ask(driver, id=4, op="respond", exchange=1, status=200, headers={"A": "1"})
    assert bad["status"] == "errored"


def test_no_server_closes_the_connection():
    driver = StandIn()
    ask(driver, id=1, op="start", protocol=1)
    exchange = proxy.Exchange(4)
    driver.exchanges[4] = exchange
    assert ask(driver, id=2, op="respond", exchange=4, **{"no-server": True})["status"] == "ok"
    assert exchange.ready.is_set() and exchange.response is None
    driver.close_exchange(exchange)
    assert driver.exchanges == {}


def test_settle_window():
    start, deadline = driver_protocol.settle_window({"wait": 2})
    assert deadline - start == pytest.approx(2)
    start, deadline = driver_protocol.settle_window({"wait": -1})
    assert deadline == start


def test_stale_folders_of_dead_drivers_go(tmp_path, monkeypatch):
    monkeypatch.setattr(driver_protocol.tempfile, "gettempdir", lambda: str(tmp_path))
    dead = tmp_path / "standin-driver-999999999-x"
    alive = tmp_path / f"standin-driver-{os.getpid()}-x"
    other = tmp_path / "other-driver-999999999-x"
    for folder in (dead, alive, other):
        folder.mkdir()
    driver_protocol.remove_stale_directories("standin")
    assert not dead.exists() and alive.exists() and other.exists()


def test_the_webkitgtk_driver_answers_without_an_engine():
    """The WebKitGTK driver itself, as the harness starts it (`python3 -u -P -m harness_drivers.webkit`), for what
    needs no display: an unknown op, a malformed line, an op before start, stop."""
    lines = '{"id":1,"op":"teleport"}\n{oops\n{"id":3,"op":"settle","wait":0}\n{"id":4,"op":"stop"}\n'
    finished = subprocess.run([sys.executable, "-u", "-P", "-m", "harness_drivers.webkit"], input=lines,
                              capture_output=True, text=True, timeout=60, env=program_environment(), cwd="/")
    replies = [json.loads(line) for line in finished.stdout.splitlines()]
    assert [reply["status"] for reply in replies] == ["skipped", "errored", "errored", "ok"], finished.stderr
    assert replies[2]["message"] == "ProtocolError: 'settle' before a successful 'start'"
    assert finished.returncode == 0
