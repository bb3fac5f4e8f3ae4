"""What every driver of this folder shares as a program: the driver protocol's requests and replies (PROTOCOL.md,
version 1, in the JSON-lines envelope of support/harness_lines.py), and the process around them
(its own process group, a private reply pipe, SIGTERM, a killed driver's leftover folder).

A driver subclasses `Requests`: it lists its ops in OPERATIONS (each the method of that name, `new-data-store` is
`new_data_store`, unless the driver's `operation` names another), provides `bring_up` (called by the first `start`),
`version`, `faketime` and `shutdown`, and runs with `main(DriverClass)`. Standard library only.
"""

import os
import signal
import shutil
import sys
import tempfile
import time

from . import network_namespace  # a browser driver's loopback-only network
from . import proxy  # the proxy every driver shares
from .support import harness_lines  # the JSON-lines envelope the store adapters speak too
from .support.harness_lines import ProtocolError, Unavailable, Unsupported, field, header_pairs  # noqa: F401  (for the drivers)

PROTOCOL = 1
INSTALL_HINT = "run .ci/install-deps live"


def log(name, message):
    sys.stderr.write(f"{name}-driver: {message}\n")
    sys.stderr.flush()


class Profile:
    """Where a driver's time goes, for `bench live --profile`: named totals, each a count and seconds. Cheap
    enough to be always on (a dictionary update per request and per wait)."""

    def __init__(self):
        self.totals = {}

    def add(self, name, seconds):
        entry = self.totals.get(name)
        if entry is None:
            self.totals[name] = [1, seconds]
        else:
            entry[0] += 1
            entry[1] += seconds

    def take(self):
        totals, self.totals = self.totals, {}
        return totals


class Requests:
    """A driver's side of the protocol: dispatch, the `start` handshake, `stop`, the reply loop."""

    NAME = "driver"  # what `start` says, and the prefix of the driver's temporary folder and log lines
    OPERATIONS = ()  # every op besides `stop`

    def __init__(self):
        self.started = False
        self.stopping = False
        self.version = None
        self.faketime = False  # whether `set-clock` can move the engine's clock (said by `start`)
        self.network = None  # main's network_namespace.isolate() outcome, said by `start` (None: not asked for)
        self.times = Profile()  # each request's time by `op NAME`, and whatever else the driver notes
        self.counters = {}  # kind -> the last number given out (stores, views, navigations, exchanges, …)

    def log(self, message):
        log(self.NAME, message)

    def next_number(self, kind):
        self.counters[kind] = self.counters.get(kind, 0) + 1
        return self.counters[kind]

    def describe(self, error):
        """An `errored` reply's message for `error`."""
        return harness_lines.describe(error)

    def operation(self, op):
        """The method that performs `op`: the driver's method of that name (`new-data-store` is `new_data_store`)."""
        return getattr(self, op.replace("-", "_"))

    def perform(self, op, request):
        if op == "stop":
            self.stopping = True
            return {}
        if op not in self.OPERATIONS:
            raise harness_lines.unknown_op(op, "driver", PROTOCOL)
        if op != "start" and not self.started:
            raise ProtocolError(f"'{op}' before a successful 'start'")
        began = time.monotonic()
        try:
            return self.operation(op)(request)
        finally:
            self.times.add("op " + op, time.monotonic() - began)

    def handle(self, text):
        """The reply to one request line."""
        return harness_lines.answer(text, self.perform, self.describe)

    def serve(self, lines):
        """Answers request lines until they end or `stop`; the replies go to stdout (main's private copy)."""
        harness_lines.serve(lines, sys.stdout.buffer, self.handle, lambda: self.stopping)

    def start(self, request):
        harness_lines.check_protocol(request, PROTOCOL, "driver")
        if not self.started:
            self.bring_up()
            self.started = True
        reply = {"protocol": PROTOCOL, "name": self.NAME, "version": self.version, "capabilities": [],
                 "faketime": self.faketime, "language": "python"}
        if self.network is not None:
            reply["network"] = self.network
        return reply

    def profile(self, request):
        """Where this driver's time went since the last `profile` (PROTOCOL.md): `{name: [count, seconds]}`."""
        return {"times": self.times.take()}


def settle_window(request):
    """A `settle`'s start and the time by which it returns at the latest (its `wait`, in seconds)."""
    wait = max(0.0, field(request, "wait", float))
    start = time.monotonic()
    return start, start + wait


class ProxyOwner:
    """The proxy's owner side that every driver shares (proxy.py calls `close_exchange` from its threads) and the
    harness's `respond`. The owner (a browser driver; the WebKitGTK driver's EventQueue) has `lock`, `exchanges`
    (number -> proxy.Exchange waiting for the harness), `waiting_since` (("exchange", number) -> when the wait began,
    for the profile), `times` and `note_activity`."""

    def close_exchange(self, exchange):
        with self.lock:
            if self.exchanges.get(exchange.number) is exchange:
                del self.exchanges[exchange.number]
            self.last_activity = time.monotonic()

    def respond(self, request):
        number = field(request, "exchange", int)
        with self.lock:
            exchange = self.exchanges.get(number)
        if exchange is None or exchange.ready.is_set():
            raise ProtocolError(f"no pending exchange {number}")
        with self.lock:
            since = self.waiting_since.pop(("exchange", number), None)
        if since is not None:
            self.times.add("proxy: a request waits for the harness's respond", time.monotonic() - since)
        if request.get("no-server") is True:
            exchange.response = None
        else:
            status = field(request, "status", int)
            headers = header_pairs(request.get("headers"))
            body = field(request, "body", str, "", optional=True)
            exchange.response = (status, headers, body)
        exchange.ready.set()
        self.note_activity()
        return {}


def proxy_certificate(directory, name):
    """The proxy's certificate and key for this run of the `name` driver; Unavailable when openssl is missing."""
    try:
        return proxy.make_certificate(directory, f"cookieharness-{name}-driver")
    except proxy.MissingTool as missing:
        raise Unavailable(f"{missing} not installed: {INSTALL_HINT}")


def temporary_directory(name):
    """The driver's private folder (certificate, clock file, profiles), named so a later driver can tell whether
    its owner is gone (`remove_stale_directories`)."""
    return tempfile.mkdtemp(prefix=f"{name}-driver-{os.getpid()}-")


def remove_stale_directories(name):
    """The temporary folders of `name` drivers that were killed (SIGKILL leaves no chance to clean up)."""
    root = tempfile.gettempdir()
    try:
        entries = os.listdir(root)
    except OSError:
        return
    for entry in entries:
        parts = entry.split("-")
        if len(parts) < 4 or parts[:2] != [name, "driver"] or not parts[2].isdigit():
            continue
        try:
            os.kill(int(parts[2]), 0)
        except ProcessLookupError:
            shutil.rmtree(os.path.join(root, entry), ignore_errors=True)
        except OSError:
            pass


def end_process_group():
    """Whatever is left in the driver's own process group (os.setpgrp in main) goes now; the driver ignores it."""
    if os.getpgrp() == os.getpid():
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        try:
            os.killpg(os.getpgrp(), signal.SIGTERM)
        except OSError:
            pass


def main(driver_class, prepare=lambda: None, own_network=False):
    """Runs a driver on stdin/stdout in its own process group, until `stop`, end-of-file or SIGTERM.

    Replies go to a private copy of stdout; fd 1 becomes stderr. So nothing a library or a browser prints can
    corrupt the protocol, and the engine's processes, which inherit fds 0-2, never hold the reply pipe open after
    the driver is gone (os.dup makes the copy close-on-exec). `prepare` runs once that is in place. With
    `own_network`, the driver (still one thread) moves into a network namespace of its own, loopback only
    (network_namespace.py); `start` says whether it could.
    """
    try:
        os.setpgrp()
    except OSError:  # already a session leader: its own group
        pass
    replies = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = os.fdopen(replies, "w", encoding="utf-8", buffering=1)
    prepare()
    network = None
    if own_network and os.environ.get("BROWSER_DRIVER_SHARED_NETWORK"):
        # The machine's network kept on purpose: the tests check the browsers' own switches so.
        network = "on the machine's network: BROWSER_DRIVER_SHARED_NETWORK is set"
    elif own_network:
        network = network_namespace.isolate()
    remove_stale_directories(driver_class.NAME)
    driver = driver_class()
    driver.network = network
    signal.signal(signal.SIGTERM, lambda *_: (driver.shutdown(), os._exit(0)))
    try:
        driver.run()
    except (BrokenPipeError, KeyboardInterrupt):
        driver.shutdown()
    sys.stdout.flush()
    os._exit(0)
