#!/usr/bin/python3
"""Writes libsoup-vectors.json: Set-Cookie lines, each stored by libsoup 3.2.3 itself, and what it kept.

Run from this folder under a frozen libfaketime clock, with Debian's Python (python3-gi, gir1.2-soup-3.0):
    FAKETIME='2026-01-01 00:00:00' TZ=UTC LD_PRELOAD=/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1 \
        /usr/bin/python3 generate.py
Each vector is one line received from one URL by a fresh SoupCookieJar (soup_cookie_parse, then
soup_cookie_jar_add_cookie_full with the URL as first party, as the libsoup adapter does), then the jar's cookies
and the Cookie header for the same URL (soup_cookie_jar_get_cookie_list_with_same_site_info); then how many
cookies a jar under WebKitGTK's SOUP_COOKIE_JAR_ACCEPT_NO_THIRD_PARTY keeps, with the URL and with another site as
the first party. The lines are
random combinations of awkward pieces, from a fixed seed: the same file every time."""

import json
import random

import gi

gi.require_version("Soup", "3.0")
from gi.repository import GLib, Soup  # noqa: E402

CROSS = GLib.Uri.parse("https://cross-site.invalid/", GLib.UriFlags.NONE)
URLS = ["https://www.example.com/a/b", "http://example.com/", "https://app.example.com/x", "http://192.168.0.10/p/q",
        "https://github.io/", "https://user.github.io/", "http://localhost/", "https://sub.app.example.co.uk/"]
NAMES = ["a", "", " b ", "c d", "__Host-x", "n\t", "e,f", "\u00e9t\u00e9", "x\x7fy", "=", "g"]
VALUES = ["1", "", " v ", "a=b", "\"q\"", "caf\u00e9", "x\x01y", "p,q", "tab\tv"]
DOMAINS = ["example.com", ".example.com", "EXAMPLE.COM", "Example.com", "app.example.com", "APP.Example.COM", "com",
           ".com", "168.0.10", "192.168.0.10", "0.10", "github.io", "user.github.io", "co.uk", "example.co.uk",
           "localhost", "", " ", "x", ".", "www.example.com", "other.org"]
PATHS = ["/", "/a", "/a/", "a", "", "/x/y", "/" + "p" * 1030, "%2F"]
DATES = ["Wed, 01 Jan 2030 00:00:00 GMT", "Thu, 01 Jan 2015 00:00:00 GMT", "Fri, 01 Jan 2021 00:00:00 GMT",
         "01 Jan 2030 00:00:00", "Jan  1 00:00:00 2030", "1 jan 30 1:2:3", "garbage", "", "Mon, 01-Jan-30 00:00:00 GMT",
         "31 Feb 2030 00:00:00", "01 Jan 2030 00:00:00 +2459", "01 Jan 2030 00:00:00 PST", "Tue, 31 Dec 2025 23:59:59 GMT",
         "Thu, 01 Jan 2026 00:00:01 GMT", "Thu, 01 Jan 2026 00:00:00 GMT", "Sat, 01 Jan 10000 00:00:00 GMT"]
MAX_AGES = ["60", "0", "-1", "", "+60", "60x", "99999999999999999999", "2147483648", "4294967295", "4294967296",
            " 60 ", "0x10", "-0", "1e3"]
SAME_SITES = ["Lax", "strict", "None", "bogus", ""]


def attribute(rng):
    kind = rng.randrange(11)
    if kind == 0:
        return "Domain=" + rng.choice(DOMAINS)
    if kind == 1:
        return "Path=" + rng.choice(PATHS)
    if kind == 2:
        return "Expires=" + rng.choice(DATES)
    if kind == 3:
        return "Max-Age=" + rng.choice(MAX_AGES)
    if kind == 4:
        return rng.choice(["Secure", "secure", "Secure=no", "SECURE "])
    if kind == 5:
        return rng.choice(["HttpOnly", "httponly=1"])
    if kind == 6:
        return "SameSite=" + rng.choice(SAME_SITES)
    if kind == 7:
        return rng.choice(["domain", "path", "max-age", "expires"])
    if kind == 8:
        return rng.choice([" Domain = example.com", "\tpath\t=\t/a", "Max-Age =60"])
    if kind == 9:
        return rng.choice(["Unknown=1", "x", ""])
    return rng.choice(["Domain=example.com", "Path=/a"])


def line(rng):
    name = rng.choice(NAMES)
    value = rng.choice(VALUES)
    pair = rng.choice([f"{name}={value}", value, f"{name}={value}"])
    separator = rng.choice(["; ", ";", " ; ", ";; ", ", "])
    parts = [pair] + [attribute(rng) for _ in range(rng.randrange(5))]
    return separator.join(parts)


def record(cookie):
    expires = cookie.get_expires()
    return {"name": cookie.get_name(), "value": cookie.get_value(), "domain": cookie.get_domain(),
            "path": cookie.get_path(), "secure": cookie.get_secure(), "http-only": cookie.get_http_only(),
            "same-site": int(cookie.get_same_site_policy()),
            "expires": None if expires is None else expires.to_unix()}


def main():
    rng = random.Random(23)
    vectors = []
    for _ in range(2000):
        url = rng.choice(URLS)
        text = line(rng)
        uri = GLib.Uri.parse(url, GLib.UriFlags.NONE)
        jar = Soup.CookieJar.new()
        cookie = Soup.Cookie.parse(text, uri)
        if cookie is not None:
            jar.add_cookie_full(cookie, uri, uri)
        cookies = jar.get_cookie_list_with_same_site_info(uri, uri, uri, True, True, True)
        # WebKitGTK's policy, with the URL and with another site as the first party.
        strict = []
        for party in (uri, CROSS):
            other = Soup.CookieJar.new()
            other.set_accept_policy(Soup.CookieJarAcceptPolicy.NO_THIRD_PARTY)
            cookie = Soup.Cookie.parse(text, uri)
            if cookie is not None:
                other.add_cookie_full(cookie, uri, party)
            strict.append(len(other.all_cookies()))
        vectors.append({"url": url, "line": text, "cookies": [record(c) for c in jar.all_cookies()],
                        "header": Soup.cookies_to_cookie_header(cookies) if cookies else None,
                        "no-third-party": strict})
    with open("libsoup-vectors.json", "w", encoding="utf-8") as handle:
        handle.write('{"now": %d, "vectors": [\n' % GLib.DateTime.new_now_utc().to_unix())
        handle.write(",\n".join(json.dumps(vector, ensure_ascii=True) for vector in vectors))
        handle.write("\n]}\n")


if __name__ == "__main__":
    main()
