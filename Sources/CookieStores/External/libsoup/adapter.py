#!/usr/bin/python3
"""libsoup: libsoup 3's SoupCookieJar (the jar inside WebKitGTK) as a CookieHarness out-of-process adapter.

Speaks the harness's JSON-lines protocol, version 1 (Sources/CookieStores/OutOfProcess/PROTOCOL.md): one
request per line on stdin, one reply per line on stdout, logs on stderr. Runs on Debian's /usr/bin/python3 with
PyGObject (python3-gi) and libsoup's introspection data (gir1.2-soup-3.0).

The jar is driven exactly as a SoupSession drives it (libsoup/cookies/soup-cookie-jar.c), without a network:
- set-cookie: soup_cookie_parse(line, uri), then soup_cookie_jar_add_cookie_full(jar, cookie, uri, first_party),
  what process_set_cookie_header does with each Set-Cookie field of a response;
- cookie-header: soup_cookie_jar_get_cookie_list_with_same_site_info(jar, uri, first_party, site_for_cookies,
  for_http, is_safe_method, is_top_level_navigation), then soup_cookies_to_cookie_header, as msg_starting_cb does;
- document.cookie: the same list with for_http FALSE; a write is soup_cookie_jar_set_cookie_with_first_party
  (libsoup has no non-HTTP write that protects HttpOnly cookies: WebKit does that check itself).
The request context becomes the message's first party and site for cookies (PROTOCOL.md, "SameSite"): the
request's own URL for a same-site request, https://cross-site.invalid/ for a cross-site one; top-level and
safe-method are passed as they are. The jar has libsoup's default accept policy (SOUP_COOKIE_JAR_ACCEPT_ALWAYS).

The harness's virtual clock: libsoup reads the time with g_date_time_new_now_utc (Max-Age in soup_cookie_parse,
soup_date_time_is_past for expiry), which no API can move. The adapter therefore runs itself under libfaketime
(Debian faketime): at start it re-executes itself with LD_PRELOAD, FAKETIME_TIMESTAMP_FILE (a file of its own)
and FAKETIME_NO_CACHE=1, and before each request writes the request's `now` there as a frozen absolute time.
Without libfaketime it runs on the machine's clock and does not claim virtual-clock.
libsoup's soup_date_time_is_past() treats every date before 2020 as past, whatever the clock says (an
"optimization" in libsoup/soup-date-utils.c), so on a virtual clock before 2020 (the http-state corpus runs in
2011) a cookie whose expiry falls before 2020 is dropped at once: libsoup's behaviour, listed in its expectation
file, not the clock's.

App restart: the jar is a SoupCookieJarText on a file of this process (libsoup's own persistence: it rewrites the
file on every change, keeping cookies with an expiry only); restart opens a new SoupCookieJarText on that file.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

FAKETIME_MARK = "COOKIEHARNESS_LIBSOUP_FAKETIME"


# What the Python programs share (the JSON-lines loop, the bench timing): the harness puts the package's parent
# folder on PYTHONPATH (ExternalAdapters.swift).
from harness_drivers.support.bench_loop import measure  # noqa: E402
from harness_drivers.support import faketime  # noqa: E402
from harness_drivers.support.harness_lines import field  # noqa: E402
from harness_drivers.support.store_adapter import PROTOCOL, StoreAdapter  # noqa: E402

NAME = "libsoup"
CROSS_SITE_ORIGIN = "https://cross-site.invalid/"

try:
    import gi

    gi.require_version("Soup", "3.0")
    from gi.repository import GLib, Soup

    MISSING = None
except (ImportError, ValueError) as error:  # reported on every request, so that the harness shows why
    MISSING = (f"libsoup 3 is not available to {sys.executable} ({error}); install the Debian packages "
               "python3-gi and gir1.2-soup-3.0, and run this adapter with /usr/bin/python3")


TEMPORARY_PREFIX = "cookieharness-libsoup-"
STALE = re.compile(re.escape(TEMPORARY_PREFIX) + r"(?:jar-)?(\d+)-")


def remove_stale_directories():
    """Removes the temporary directories of adapter processes that are gone (killed with SIGKILL, say).

    Each directory's name carries the pid of the process that made it (the same pid after the re-execution under
    libfaketime); one whose process no longer exists is removed. A live process's directories are left alone."""
    base = tempfile.gettempdir()
    for entry in os.listdir(base):
        match = STALE.match(entry)
        if match is None or int(match.group(1)) == os.getpid():
            continue
        try:
            os.kill(int(match.group(1)), 0)
        except ProcessLookupError:
            shutil.rmtree(os.path.join(base, entry), ignore_errors=True)
        except OSError:
            pass  # alive, another user's


def under_faketime():
    """Re-executes this script under libfaketime (once), with a timestamp file of this process's own."""
    if os.environ.get(FAKETIME_MARK) or not faketime.available() or MISSING is not None:
        return
    directory = tempfile.mkdtemp(prefix=f"{TEMPORARY_PREFIX}{os.getpid()}-")
    environment = dict(os.environ)
    environment[FAKETIME_MARK] = directory
    environment.update(faketime.preload(environment, os.path.join(directory, "now"), TZ="UTC"))
    os.execve(sys.executable, [sys.executable] + sys.argv, environment)


class Clock:
    """The frozen libfaketime clock of this process: set() before each request."""

    def __init__(self):
        self.directory = os.environ.get(FAKETIME_MARK)
        self.available = self.directory is not None

    def set(self, now):
        if not self.available or now is None:
            return
        stamp = GLib.DateTime.new_from_unix_utc(int(now // 1)).format("%Y-%m-%d %H:%M:%S")
        fraction = f"{now % 1:.6f}"[1:]
        faketime.write_atomically(os.path.join(self.directory, "now"), stamp + fraction)

    def remove(self):
        if self.available:
            shutil.rmtree(self.directory, ignore_errors=True)


def parse_uri(text):
    return GLib.Uri.parse(text, GLib.UriFlags.NONE)


def first_party(uri, same_site):
    """The message's first party and site for cookies: the request itself when same-site."""
    return uri if same_site else parse_uri(CROSS_SITE_ORIGIN)


SAME_SITE = {}


def store(jar, uri, line, same_site):
    """A Set-Cookie line received from `uri`, as process_set_cookie_header handles it."""
    cookie = Soup.Cookie.parse(line, uri)
    if cookie is not None:
        jar.add_cookie_full(cookie, uri, first_party(uri, same_site))


def cookie_list(jar, uri, same_site, for_http, safe, top_level):
    party = first_party(uri, same_site)
    return jar.get_cookie_list_with_same_site_info(uri, party, party, for_http, safe, top_level)


def header(jar, uri, context):
    """The Cookie header msg_starting_cb would put on a request to `uri`, or None."""
    cookies = cookie_list(jar, uri, field(context, "same-site", bool), field(context, "api", str) == "http",
                          field(context, "safe-method", bool), field(context, "top-level", bool))
    return Soup.cookies_to_cookie_header(cookies) if cookies else None


def bench(path, seconds):
    """The bench result for the workload at `path` (a plain in-memory SoupCookieJar, as a session has by default)."""
    with open(path, encoding="utf-8") as handle:
        workload = json.load(handle)
    context = workload["context"]
    responses = [(parse_uri(url), line) for url, line in workload["responses"]]
    requests = [parse_uri(url) for url in workload["requests"]]
    return measure(Soup.CookieJar.new, store, header, responses, requests, seconds,
                   size=lambda jar: len(jar.all_cookies()), store_extra=(context["same-site"],), header_extra=(context,))


def cookie_record(cookie):
    domain = cookie.get_domain()
    expires = cookie.get_expires()
    return {
        "name": cookie.get_name(),
        "value": cookie.get_value(),
        "domain": domain.lstrip("."),
        "path": cookie.get_path(),
        "host-only": not domain.startswith("."),
        "secure": cookie.get_secure(),
        "http-only": cookie.get_http_only(),
        "same-site": SAME_SITE.get(cookie.get_same_site_policy(), "default"),
        "expires": None if expires is None else float(expires.to_unix()),
    }


class Adapter(StoreAdapter):
    MISSING = MISSING

    def __init__(self, clock):
        self.clock = clock
        self.directory = tempfile.mkdtemp(prefix=f"{TEMPORARY_PREFIX}jar-{os.getpid()}-")
        self.path = os.path.join(self.directory, "cookies.txt")
        self.jar = Soup.CookieJarText.new(self.path, False)
        SAME_SITE.update({Soup.SameSitePolicy.NONE: "none", Soup.SameSitePolicy.LAX: "lax",
                          Soup.SameSitePolicy.STRICT: "strict"})

    def set_clock(self, now):
        self.clock.set(now)

    def capabilities(self):
        return (["virtual-clock"] if self.clock.available else []) + [
            "persistence", "store-inspection", "javascript", "bench"]

    # -- operations ---------------------------------------------------------------------------------------------

    def start(self, request):
        self.handshake(request)
        soup = f"{Soup.get_major_version()}.{Soup.get_minor_version()}.{Soup.get_micro_version()}"
        return {
            "protocol": PROTOCOL,
            "name": NAME,
            "version": f"libsoup {soup}" + ("" if self.clock.available else " (no libfaketime: machine clock)"),
            "capabilities": self.capabilities(),
            "language": "c (through PyGObject)",
            "homepage": "https://libsoup.org/libsoup-3.0/class.CookieJar.html",
        }

    def set_cookie(self, request):
        store(self.jar, parse_uri(field(request, "url", str)), field(request, "set-cookie", str),
              field(field(request, "context", dict), "same-site", bool))
        return {}

    def cookie_header(self, request):
        return {"header": header(self.jar, parse_uri(field(request, "url", str)), field(request, "context", dict))}

    def document_cookie(self, request):
        cookies = cookie_list(self.jar, parse_uri(field(request, "url", str)), field(request, "same-site", bool), False,
                              True, False)
        return {"value": Soup.cookies_to_cookie_header(cookies) if cookies else ""}

    def write_document_cookie(self, request):
        uri = parse_uri(field(request, "url", str))
        party = first_party(uri, field(request, "same-site", bool))
        self.jar.set_cookie_with_first_party(uri, party, field(request, "value", str))
        return {}

    def cookies(self, request):
        return {"cookies": [cookie_record(cookie) for cookie in self.jar.all_cookies()]}

    def restart(self, request):
        self.jar = Soup.CookieJarText.new(self.path, False)
        return {}

    def remove_all_cookies(self, request):
        """Every cookie deleted with soup_cookie_jar_delete_cookie (the file rewritten by libsoup on each change)."""
        for cookie in self.jar.all_cookies():
            self.jar.delete_cookie(cookie)
        return {}

    def reset(self, request):
        self.jar = None
        if os.path.exists(self.path):
            os.remove(self.path)
        self.jar = Soup.CookieJarText.new(self.path, False)
        return {}

    def bench(self, request):
        """The standard workload, timed (PROTOCOL.md, "bench"); the adapter's own jar is left alone.

        Under libfaketime every clock call re-reads the timestamp file (FAKETIME_NO_CACHE), which would be timed
        with libsoup; so the workload runs in a fresh interpreter without it, on the machine's clock (the
        workload's cookies have a Max-Age and no Expires, so any clock gives the same headers)."""
        if not self.clock.available:
            return bench(field(request, "workload", str), field(request, "seconds", float))
        environment = {key: value for key, value in os.environ.items()
                       if key != FAKETIME_MARK and not key.startswith("FAKETIME") and key != "LD_PRELOAD"}
        command = [sys.executable, os.path.abspath(__file__), "--bench", field(request, "workload", str),
                   str(field(request, "seconds", float))]
        finished = subprocess.run(command, env=environment, stdout=subprocess.PIPE, check=True)
        return json.loads(finished.stdout)

    def close(self):
        self.jar = None
        shutil.rmtree(self.directory, ignore_errors=True)
        self.clock.remove()


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--bench":  # the bench request's own interpreter, without libfaketime
        sys.stdout.write(json.dumps(bench(sys.argv[2], float(sys.argv[3]))))
        sys.exit(0)
    if MISSING is not None:
        sys.stderr.write(MISSING + "\n")
    if not os.environ.get(FAKETIME_MARK):
        remove_stale_directories()
    under_faketime()
    adapter = Adapter(Clock()) if MISSING is None else Adapter.__new__(Adapter)
    try:
        adapter.run(sys.stdin.buffer, sys.stdout.buffer)
    except (BrokenPipeError, KeyboardInterrupt):
        pass
    finally:
        if MISSING is None:
            adapter.close()
