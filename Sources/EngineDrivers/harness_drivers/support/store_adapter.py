"""What the Python store adapters (python-cookiejar, aiohttp, libsoup: Sources/CookieStores/External/*/adapter.py)
share: the request loop of the store protocol (Sources/CookieStores/OutOfProcess/PROTOCOL.md), version 1.

An adapter subclasses StoreAdapter, has a method for each op of OPERATIONS (`set-cookie` is `set_cookie(request)`,
returning the result) and says how the scenario's clock reaches its jar (`set_clock(now)`, before each request, and
`set_clock(None)` after it). `stop` ends the loop without a reply; an unknown op is `skipped`; a store whose
library is missing (MISSING, a sentence) answers every known op `errored` with that sentence, so the harness shows
why. Standard library only.
"""

import time as _real_time

from . import harness_lines
from .harness_lines import field

PROTOCOL = 1


# Every op of the protocol but `stop`; each is the adapter's method of that name.
OPERATIONS = ("start", "set-cookie", "cookie-header", "document-cookie", "write-document-cookie", "cookies", "restart",
              "remove-all-cookies", "reset", "bench")


class VirtualTime:
    """Stands in for the `time` module inside a library that reads the time through its module-level `time` name
    (http.cookiejar, aiohttp.cookiejar): time() is the harness's virtual clock (`now`), when one is set."""

    def __init__(self):
        self.now = None

    def time(self):
        return self.now if self.now is not None else _real_time.time()

    def __getattr__(self, name):
        return getattr(_real_time, name)


class StoreAdapter:
    MISSING = None  # why the store's library cannot be used, or None

    def set_clock(self, now):
        """The request's `now` (None: no request, or none given), before the operation and after it."""

    def handshake(self, request):
        """The `start` request's protocol version, checked."""
        harness_lines.check_protocol(request, PROTOCOL, "adapter")

    def perform(self, op, request):
        if op == "stop":
            return harness_lines.STOP
        # An op this adapter has no method for (remove-all-cookies, added later) is unknown to it: skipped.
        if op not in OPERATIONS or not hasattr(self, op.replace("-", "_")):
            raise harness_lines.unknown_op(op, "adapter", PROTOCOL)
        if self.MISSING is not None:
            raise RuntimeError(self.MISSING)
        self.set_clock(field(request, "now", float) if "now" in request else None)
        try:
            return getattr(self, op.replace("-", "_"))(request)
        finally:
            self.set_clock(None)

    def handle(self, line):
        """The reply to one request line, or None for `stop`."""
        return harness_lines.answer(line, self.perform)

    def run(self, stdin, stdout):
        harness_lines.serve(stdin, stdout, self.handle)
