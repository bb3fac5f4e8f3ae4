#!/usr/bin/env python3
"""python-cookiejar: Python's http.cookiejar as a CookieHarness out-of-process adapter.

Speaks the harness's JSON-lines protocol, version 1 (Sources/CookieStores/OutOfProcess/PROTOCOL.md): one
request per line on stdin, one reply per line on stdout, logs on stderr. Standard library only.

http.cookiejar is driven exactly as urllib drives it, but without a network: every operation builds a
urllib.request.Request for the URL, and a received Set-Cookie line becomes a fake response whose info() is the
email.message.Message (an http.client.HTTPMessage) that http.client.parse_headers makes of the header's bytes on
the wire, handed to CookieJar.extract_cookies(response, request). The Cookie header is whatever
CookieJar.add_cookie_header(request) puts on the request, read back as the bytes urllib would send. The policy is
the module's default (DefaultCookiePolicy()), because that is what is being measured.

Bytes: http.client decodes header fields as ISO-8859-1 and urllib encodes them the same way, so UTF-8 in a cookie
travels through http.cookiejar as mojibake and leaves as the original bytes. The adapter does the same: a line is
sent to parse_headers as UTF-8, and every string it reports (the Cookie header, stored names and values) is
re-read from ISO-8859-1 bytes as UTF-8, i.e. as the wire would show it.

The harness's virtual clock: http.cookiejar reads the time through its module-level `time` name
(time.time() in make_cookies, add_cookie_header, is_expired, clear_expired_cookies, the LWP loader). That name
is replaced by a proxy whose time() answers the `now` of the request being served; everything else is the real
time module.

App restart: the jar is saved with LWPCookieJar.save(ignore_discard=False, ignore_expires=False) to a temporary
file and loaded into a fresh LWPCookieJar, so what survives is exactly what http.cookiejar persists: cookies with
an expiry (discard false), not yet expired; session cookies are dropped.
"""

import http.client
import http.cookiejar
import io
import json
import os
import platform
import sys
import tempfile
import urllib.parse
import urllib.request


# What the Python programs share (the JSON-lines loop, the bench timing): the harness puts the package's parent
# folder on PYTHONPATH (ExternalAdapters.swift).
from harness_drivers.support.bench_loop import measure  # noqa: E402
from harness_drivers.support.harness_lines import ProtocolError, Unsupported, field  # noqa: E402
from harness_drivers.support.store_adapter import PROTOCOL, StoreAdapter, VirtualTime  # noqa: E402

NAME = "python-cookiejar"
CAPABILITIES = ["virtual-clock", "persistence", "store-inspection", "bench"]
# A host no request host can domain-match: the "origin request host" of a cross-site request, whose real
# initiator the harness does not pass (only the same-site bit).
CROSS_SITE_ORIGIN = "cross-site.invalid"


CLOCK = VirtualTime()
http.cookiejar.time = CLOCK


class FakeResponse:
    """What CookieJar.extract_cookies needs of a response: info() with the Set-Cookie header fields.

    The headers are parsed from bytes by http.client.parse_headers, as urllib's responses are, so a line reaches
    http.cookiejar exactly as it would from a socket (ISO-8859-1 text; a bare CR ends the field).
    """

    def __init__(self, set_cookie_lines):
        raw = b"".join(b"Set-Cookie: " + line.encode("utf-8") + b"\r\n" for line in set_cookie_lines) + b"\r\n"
        self._headers = http.client.parse_headers(io.BytesIO(raw))

    def info(self):
        return self._headers


def from_wire(text):
    """A string http.client decoded as ISO-8859-1, read as the UTF-8 its bytes are."""
    if text is None:
        return None
    try:
        return text.encode("latin-1").decode("utf-8")
    except UnicodeEncodeError:
        return text
    except UnicodeDecodeError:
        return text.encode("latin-1").decode("utf-8", "replace")


def make_request(url, context):
    """A urllib request for `url` in the request context of PROTOCOL.md (same-site, top-level, safe method).

    RFC 2965 calls embedded and automatic requests "unverifiable"; http.cookiejar reads that from
    request.unverifiable and compares request hosts with request.origin_req_host (is_third_party). The default
    policy only consults either for RFC 2965 cookies (strict_rfc2965_unverifiable) and, with
    strict_ns_unverifiable=False, never for Netscape ones; they are set faithfully all the same.
    """
    if not isinstance(context, dict):
        raise ProtocolError("field 'context' must be an object")
    same_site = field(context, "same-site", bool)
    top_level = field(context, "top-level", bool)
    safe = field(context, "safe-method", bool)
    host = urllib.parse.urlsplit(url).hostname or ""
    return urllib.request.Request(
        url,
        method="GET" if safe else "POST",
        origin_req_host=host if same_site else CROSS_SITE_ORIGIN,
        unverifiable=not top_level,
    )


def cookie_record(cookie):
    """A stored cookie as the protocol lists it (PROTOCOL.md, "cookies")."""
    rest = {key.lower(): value for key, value in cookie._rest.items()}
    same_site = str(rest.get("samesite") or "").lower()
    if same_site not in ("strict", "lax", "none"):
        same_site = "default"
    name, value = from_wire(cookie.name), from_wire(cookie.value)
    if value is None:
        # "Set-Cookie: foo" is kept as name 'foo' without a value and sent as "foo"; RFC 6265bis calls the same
        # thing a cookie with an empty name and the value 'foo' (§5.6 step 3), which is how the harness lists it.
        name, value = "", name
    expires = cookie.expires
    if expires is not None:
        expires = float(min(expires, 10**15))  # JSON numbers past ~1e308 do not exist; 1e15 s is 31 million years
    return {
        "name": name,
        "value": value,
        "domain": from_wire(cookie.domain).lstrip("."),
        "path": from_wire(cookie.path),
        "host-only": not cookie.domain_specified,
        "secure": bool(cookie.secure),
        "http-only": "httponly" in rest,
        "same-site": same_site,
        "expires": expires,
    }


def store(jar, url, line, context):
    """A Set-Cookie line received from `url`: a response as urllib's would reach the jar."""
    jar.extract_cookies(FakeResponse([line]), make_request(url, context))


def header(jar, url, context):
    """The Cookie header urllib would send to `url`, or None."""
    urllib_request = make_request(url, context)
    jar.add_cookie_header(urllib_request)
    return from_wire(urllib_request.get_header("Cookie"))


class Adapter(StoreAdapter):
    def __init__(self):
        self.jar = http.cookiejar.LWPCookieJar()

    def set_clock(self, now):
        CLOCK.now = now

    # -- operations ---------------------------------------------------------------------------------------------

    def start(self, request):
        self.handshake(request)
        return {
            "protocol": PROTOCOL,
            "name": NAME,
            "version": f"{platform.python_implementation()} {platform.python_version()} http.cookiejar",
            "capabilities": CAPABILITIES,
            "language": "python",
            "homepage": "https://docs.python.org/3/library/http.cookiejar.html",
        }

    def set_cookie(self, request):
        store(self.jar, field(request, "url", str), field(request, "set-cookie", str), request.get("context"))
        return {}

    def cookie_header(self, request):
        return {"header": header(self.jar, field(request, "url", str), request.get("context"))}

    def document_cookie(self, request):
        raise Unsupported("http.cookiejar has no non-HTTP API (document.cookie)")

    def write_document_cookie(self, request):
        raise Unsupported("http.cookiejar has no non-HTTP API (document.cookie)")

    def cookies(self, request):
        return {"cookies": [cookie_record(cookie) for cookie in self.jar]}

    def remove_all_cookies(self, request):
        """CookieJar.clear(): every cookie, the jar persisting nothing between restarts but what restart saves."""
        self.jar.clear()
        return {}

    def restart(self, request):
        # Through a file, with the public API, as an application persists its jar; the file lives only for the
        # round trip, so nothing is left behind even if the process is killed later.
        handle, path = tempfile.mkstemp(prefix="python-cookiejar-", suffix=".lwp")
        os.close(handle)
        try:
            self.jar.save(path, ignore_discard=False, ignore_expires=False)
            jar = http.cookiejar.LWPCookieJar()
            jar.load(path, ignore_discard=False, ignore_expires=False)
        finally:
            os.remove(path)
        self.jar = jar
        return {}

    def reset(self, request):
        self.jar = http.cookiejar.LWPCookieJar()
        return {}

    def bench(self, request):
        """The standard workload, timed here (PROTOCOL.md, "bench"); the adapter's own jar is left alone."""
        with open(field(request, "workload", str), encoding="utf-8") as handle:
            workload = json.load(handle)
        seconds, context = field(request, "seconds", float), workload["context"]
        CLOCK.now = float(workload["now"])
        return measure(http.cookiejar.LWPCookieJar, store, header, workload["responses"], workload["requests"], seconds,
                       store_extra=(context,), header_extra=(context,))


if __name__ == "__main__":
    try:
        Adapter().run(sys.stdin.buffer, sys.stdout.buffer)
    except (BrokenPipeError, KeyboardInterrupt):
        pass
