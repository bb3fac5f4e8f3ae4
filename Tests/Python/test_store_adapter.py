"""The store adapters' request loop (Sources/EngineDrivers/harness_drivers/support/store_adapter.py) and the adapters
that use it."""

import io
import json
import os
import subprocess
import sys

import pytest

from harness_drivers.support import bench_loop
from harness_drivers.support import store_adapter
from conftest import EXTERNAL, ROOT, program_environment
from harness_drivers.support.harness_lines import Unsupported


class Jar(store_adapter.StoreAdapter):
    def __init__(self):
        self.clock = []
        self.cookies_seen = []

    def set_clock(self, now):
        self.clock.append(now)

    def start(self, request):
        self.handshake(request)
        return {"protocol": store_adapter.PROTOCOL}

    def cookies(self, request):
        self.cookies_seen.append(self.clock[-1])
        return {"cookies": []}

    def document_cookie(self, request):
        raise Unsupported("no document.cookie")

    def reset(self, request):
        raise RuntimeError("jar broken")


def run(adapter, *requests):
    output = io.BytesIO()
    adapter.run([json.dumps(request).encode() + b"\n" for request in requests], output)
    return [json.loads(line) for line in output.getvalue().splitlines()]


def test_operations_get_the_clock_before_and_lose_it_after():
    jar = Jar()
    replies = run(jar, {"id": 1, "op": "cookies", "now": 100}, {"id": 2, "op": "reset", "now": 5})
    assert replies[0] == {"id": 1, "status": "ok", "result": {"cookies": []}}
    assert jar.cookies_seen == [100.0]
    assert replies[1]["status"] == "errored" and replies[1]["message"] == "RuntimeError: jar broken"
    assert jar.clock == [100.0, None, 5.0, None]  # reset after a failure too


def test_stop_ends_the_loop_without_a_reply():
    replies = run(Jar(), {"id": 1, "op": "stop"}, {"id": 2, "op": "cookies"})
    assert replies == []


def test_unknown_and_unsupported_ops_are_skipped():
    replies = run(Jar(), {"id": 1, "op": "fly"}, {"id": 2, "op": "document-cookie"})
    assert replies[0] == {"id": 1, "status": "skipped", "reason": "unknown op 'fly' (this adapter speaks protocol 1)"}
    assert replies[1] == {"id": 2, "status": "skipped", "reason": "no document.cookie"}


def test_a_missing_library_makes_every_known_op_errored_with_why():
    class Missing(Jar):
        MISSING = "aiohttp is not installed"

    replies = run(Missing(), {"id": 1, "op": "cookies"}, {"id": 2, "op": "fly"})
    assert replies[0]["status"] == "errored" and replies[0]["message"] == "RuntimeError: aiohttp is not installed"
    assert replies[1]["status"] == "skipped"


def test_the_handshake_refuses_another_protocol():
    replies = run(Jar(), {"id": 1, "op": "start", "protocol": 2}, {"id": 2, "op": "start", "protocol": 1})
    assert replies[0]["message"] == "ProtocolError: this adapter speaks protocol 1, the harness asked for 2"
    assert replies[1] == {"id": 2, "status": "ok", "result": {"protocol": 1}}


def test_a_malformed_line_does_not_end_the_adapter():
    output = io.BytesIO()
    Jar().run([b"{oops\n", b'{"id": 2, "op": "cookies"}\n'], output)
    first, second = [json.loads(line) for line in output.getvalue().splitlines()]
    assert first["id"] is None and first["status"] == "errored"
    assert second["status"] == "ok"


def test_measure_times_both_operations_and_checks_the_headers():
    def store(jar, url, line, tag):
        jar.append((url, line, tag))

    def header(jar, url):
        return "; ".join(line for stored, line, _ in jar if stored == url) or None

    result = bench_loop.measure(list, store, header, [("u1", "a=1"), ("u2", "b=2")], ["u1", "u3"], 0.0,
                                store_extra=("t",))
    assert result["headers"] == ["a=1", None]
    assert result["stored"] == 2
    assert result["checksum"] == bench_loop.checksum(["a=1", None])
    assert result["set-cookie"]["operations"] % 2 == 0 and result["cookie-header"]["operations"] % 2 == 0


def test_the_python_cookiejar_adapter_answers_through_the_shared_loop():
    """The real script, as the harness starts it: the shared modules are found through PYTHONPATH."""
    context = {"api": "http", "same-site": True, "top-level": True, "safe-method": True}
    requests = [
        {"id": 1, "op": "start", "protocol": 1},
        {"id": 2, "op": "set-cookie", "url": "https://a.example/", "set-cookie": "sid=1; Max-Age=60",
         "context": context, "now": 1767225600},
        {"id": 3, "op": "cookie-header", "url": "https://a.example/", "context": context, "now": 1767225630},
        {"id": 4, "op": "cookie-header", "url": "https://a.example/", "context": context, "now": 1767225700},
        "garbage",
        {"id": 6, "op": "stop"},
    ]
    text = "".join((request if isinstance(request, str) else json.dumps(request)) + "\n" for request in requests)
    finished = subprocess.run([sys.executable, os.path.join(EXTERNAL, "python-cookiejar", "adapter.py")], input=text,
                              capture_output=True, text=True, timeout=60, cwd="/", env=program_environment())
    replies = [json.loads(line) for line in finished.stdout.splitlines()]
    assert [reply["status"] for reply in replies] == ["ok", "ok", "ok", "ok", "errored"], finished.stderr
    assert replies[0]["result"]["name"] == "python-cookiejar"
    assert replies[2]["result"] == {"header": "sid=1"}
    assert replies[3]["result"] == {"header": None}  # the virtual clock moved past Max-Age
    assert finished.returncode == 0
