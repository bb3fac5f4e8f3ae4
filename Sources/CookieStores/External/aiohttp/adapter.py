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

try:
    import aiohttp
    import aiohttp.cookiejar
    from aiohttp._cookie_helpers import preserve_morsel_with_coded_value
    from http.cookies import SimpleCookie
    from yarl import URL


    MISSING = None
except ImportError as error:  # reported on every request, so that the harness shows why
    MISSING = (f"aiohttp is not installed for {sys.executable} ({error}); run .ci/install-deps stores, which installs it "
               "from PyPI into .build/aiohttp-venv")

# What the Python programs share (the JSON-lines loop, the bench timing): the harness puts the package's parent
# folder on PYTHONPATH (ExternalAdapters.swift).
from harness_drivers.support.bench_loop import measure  # noqa: E402
from harness_drivers.support.harness_lines import Unsupported, field  # noqa: E402
from harness_drivers.support.store_adapter import PROTOCOL, StoreAdapter, VirtualTime  # noqa: E402

NAME = "aiohttp"
CAPABILITIES = ["virtual-clock", "persistence", "store-inspection", "raw-set-cookie", "bench"]


CLOCK = VirtualTime()
if MISSING is None:
    aiohttp.cookiejar.time = CLOCK


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


class Adapter(StoreAdapter):
    MISSING = MISSING

    def __init__(self):
        # The jar wants an event loop (AbstractCookieJar keeps one); nothing runs on it.
        self.loop = asyncio.new_event_loop()
        self.jar = self.new_jar()

    def set_clock(self, now):
        CLOCK.now = now

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
        self.handshake(request)
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
        return measure(self.new_jar, store, header, responses, requests, seconds)


if __name__ == "__main__":
    if MISSING is not None:
        sys.stderr.write(MISSING + "\n")
    try:
        (Adapter() if MISSING is None else Adapter.__new__(Adapter)).run(sys.stdin.buffer, sys.stdout.buffer)
    except (BrokenPipeError, KeyboardInterrupt):
        pass
