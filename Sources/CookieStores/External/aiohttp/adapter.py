#!/usr/bin/env python3
"""aiohttp: aiohttp's client CookieJar as a CookieHarness out-of-process adapter.

Speaks the harness's JSON-lines protocol, version 1 (Sources/CookieStores/OutOfProcess/PROTOCOL.md): one
request per line on stdin, one reply per line on stdout, logs on stderr. Needs aiohttp (PyPI), which
.ci/install-deps installs into .build/aiohttp-venv; the harness runs this script with that environment's python.

The jar is driven exactly as aiohttp.ClientSession drives it, without a network: a received Set-Cookie line goes
to CookieJar.update_cookies_from_headers([line], response_url) (what the session does with a response's raw
Set-Cookie headers); the Cookie header is what ClientRequest.update_cookies makes of CookieJar.filter_cookies(url):
a SimpleCookie of the morsels (preserve_morsel_with_coded_value), output with sep=";". The jar has the session's
defaults (CookieJar(): unsafe=False, quote_cookie=True). It has no request context: SameSite, top-level and the
method never reach it.

The harness's virtual clock: aiohttp.cookiejar reads the time through its module-level `time` name
(time.time() in _update_cookies for Max-Age, _do_expiration, clear). That name is replaced by a proxy whose
time() answers the `now` of the request being served; everything else is the real time module.

App restart: CookieJar.save(path) to a temporary file (removed right after), then a fresh CookieJar loads it
(CookieJar.load): what survives is what aiohttp persists.
"""

import asyncio
import json
import os
import sys
import tempfile
import time as _real_time
import traceback

try:
    import aiohttp
    import aiohttp.cookiejar
    from aiohttp._cookie_helpers import preserve_morsel_with_coded_value
    from http.cookies import SimpleCookie
    from yarl import URL


    MISSING = None
except ImportError as error:  # reported on every request, so that the harness shows why
    MISSING = (f"aiohttp is not installed for {sys.executable} ({error}); run .ci/install-deps, which installs it "
               "from PyPI into .build/aiohttp-venv")

# The bench request's timing loop and checksum, shared by the Python adapters (../bench/bench_loop.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "bench"))
from bench_loop import checksum, timed  # noqa: E402

PROTOCOL = 1
NAME = "aiohttp"
CAPABILITIES = ["virtual-clock", "persistence", "store-inspection", "raw-set-cookie", "bench"]


class VirtualTime:
    """Stands in for the `time` module inside aiohttp.cookiejar: time() is the harness's virtual clock."""

    def __init__(self):
        self.now = None

    def time(self):
        return self.now if self.now is not None else _real_time.time()

    def __getattr__(self, name):
        return getattr(_real_time, name)


CLOCK = VirtualTime()
if MISSING is None:
    aiohttp.cookiejar.time = CLOCK


class ProtocolError(Exception):
    """A request the adapter cannot make sense of: replied to as `errored`."""


class Unsupported(Exception):
    """An operation aiohttp has no equivalent for: replied to as `skipped`."""


def field(request, name, kind):
    if name not in request:
        raise ProtocolError(f"missing field '{name}'")
    value = request[name]
    if kind is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ProtocolError(f"field '{name}' must be a number")
        return float(value)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ProtocolError(f"field '{name}' must be of type {kind.__name__}")
    return value


def store(jar, url, line):
    """A Set-Cookie line received from `url`, as ClientSession hands a response's headers to the jar."""
    jar.update_cookies_from_headers([line], url)


def header(jar, url):
    """The Cookie header ClientRequest would send to `url`, or None."""
    cookies = jar.filter_cookies(url)
    if not cookies:
        return None
    header = SimpleCookie()
    for name, value in cookies.items():
        header[name] = preserve_morsel_with_coded_value(value)
    return header.output(header="", sep=";").strip() or None


class Adapter:
    def __init__(self):
        # The jar wants an event loop (AbstractCookieJar keeps one); nothing runs on it.
        self.loop = asyncio.new_event_loop()
        self.jar = self.new_jar()

    def new_jar(self):
        return aiohttp.CookieJar(loop=self.loop)

    def cookie_record(self, domain, path, morsel):
        key = (domain, path, morsel.key)
        expires = self.jar._expirations.get(key)
        same_site = str(morsel["samesite"] or "").lower()
        return {
            "name": morsel.key,
            "value": morsel.value,
            "domain": domain.lstrip("."),
            "path": morsel["path"] or path or "/",  # the jar's key has the path without its trailing "/"
            "host-only": key in self.jar.host_only_cookies,
            "secure": bool(morsel["secure"]),
            "http-only": bool(morsel["httponly"]),
            "same-site": same_site if same_site in ("strict", "lax", "none") else "default",
            "expires": None if expires is None else float(min(expires, 10**15)),
        }

    # -- operations ---------------------------------------------------------------------------------------------

    def start(self, request):
        version = field(request, "protocol", int)
        if version != PROTOCOL:
            raise ProtocolError(f"this adapter speaks protocol {PROTOCOL}, the harness asked for {version}")
        return {
            "protocol": PROTOCOL,
            "name": NAME,
            "version": f"aiohttp {aiohttp.__version__} (Python {sys.version.split()[0]})",
            "capabilities": CAPABILITIES,
            "language": "python",
            "homepage": "https://docs.aiohttp.org/en/stable/client_advanced.html#cookie-jar",
        }

    def set_cookie(self, request):
        store(self.jar, URL(field(request, "url", str)), field(request, "set-cookie", str))
        return {}

    def cookie_header(self, request):
        return {"header": header(self.jar, URL(field(request, "url", str)))}

    def document_cookie(self, request):
        raise Unsupported("aiohttp's CookieJar has no non-HTTP API (document.cookie)")

    def write_document_cookie(self, request):
        raise Unsupported("aiohttp's CookieJar has no non-HTTP API (document.cookie)")

    def cookies(self, request):
        self.jar._do_expiration()
        return {"cookies": [
            self.cookie_record(domain, path, morsel)
            for (domain, path), cookies in self.jar.cookies.items()
            for morsel in cookies.values()
        ]}

    def restart(self, request):
        handle, path = tempfile.mkstemp(prefix="aiohttp-", suffix=".json")
        os.close(handle)
        try:
            self.jar.save(path)
            jar = self.new_jar()
            jar.load(path)
        finally:
            os.remove(path)
        self.jar = jar
        return {}

    def reset(self, request):
        self.jar = self.new_jar()
        return {}

    def bench(self, request):
        """The standard workload, timed here (PROTOCOL.md, "bench"); the adapter's own jar is left alone."""
        with open(field(request, "workload", str), encoding="utf-8") as handle:
            workload = json.load(handle)
        seconds = field(request, "seconds", float)
        CLOCK.now = float(workload["now"])
        responses = [(URL(url), line) for url, line in workload["responses"]]
        requests = [URL(url) for url in workload["requests"]]

        def fill():
            jar = self.new_jar()
            for url, line in responses:
                store(jar, url, line)
            return jar

        storing = timed(fill, len(responses), seconds)
        jar = fill()
        headers = [None] * len(requests)

        def compute():
            for index, url in enumerate(requests):
                headers[index] = header(jar, url)

        computing = timed(compute, len(requests), seconds)
        return {"set-cookie": storing, "cookie-header": computing, "stored": len(jar), "checksum": checksum(headers),
                "headers": headers}

    OPERATIONS = {
        "start": start,
        "set-cookie": set_cookie,
        "cookie-header": cookie_header,
        "document-cookie": document_cookie,
        "write-document-cookie": write_document_cookie,
        "cookies": cookies,
        "restart": restart,
        "reset": reset,
        "bench": bench,
    }

    # -- the loop -----------------------------------------------------------------------------------------------

    def handle(self, line):
        """The reply to one request line, or None for `stop`."""
        request_id = None
        try:
            request = json.loads(line)
            if not isinstance(request, dict):
                raise ProtocolError("a request must be a JSON object")
            request_id = request.get("id")
            op = field(request, "op", str)
            field(request, "id", int)
            if op == "stop":
                return None
            operation = self.OPERATIONS.get(op)
            if operation is None:
                raise Unsupported(f"unknown op '{op}' (this adapter speaks protocol {PROTOCOL})")
            if MISSING is not None:
                raise RuntimeError(MISSING)
            CLOCK.now = field(request, "now", float) if "now" in request else None
            result = operation(self, request)
            return {"id": request_id, "status": "ok", "result": result}
        except Unsupported as unsupported:
            return {"id": request_id, "status": "skipped", "reason": str(unsupported)}
        except Exception as error:  # every failure is reported, never fatal: the harness decides
            return {
                "id": request_id,
                "status": "errored",
                "message": f"{type(error).__name__}: {error}",
                "details": traceback.format_exc(),
            }
        finally:
            CLOCK.now = None

    def run(self, stdin, stdout):
        for raw in stdin:
            line = raw.decode("utf-8", "replace").strip()
            if not line:
                continue
            reply = self.handle(line)
            if reply is None:
                break
            stdout.write(json.dumps(reply, ensure_ascii=True).encode("ascii") + b"\n")
            stdout.flush()


if __name__ == "__main__":
    if MISSING is not None:
        sys.stderr.write(MISSING + "\n")
    try:
        (Adapter() if MISSING is None else Adapter.__new__(Adapter)).run(sys.stdin.buffer, sys.stdout.buffer)
    except (BrokenPipeError, KeyboardInterrupt):
        pass
