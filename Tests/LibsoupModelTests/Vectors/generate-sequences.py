#!/usr/bin/python3
"""Writes libsoup-sequences.json: short histories of one SoupCookieJarText, each run by libsoup 3.2.3 itself.

Run from this folder with Debian's Python (python3-gi, gir1.2-soup-3.0) and libfaketime installed:
    /usr/bin/python3 generate-sequences.py
The script re-executes itself under libfaketime with a timestamp file it rewrites before each step (as the
libsoup adapter does), so the clock moves only when a history says so. A history stores Set-Cookie lines from
several URLs (same-site or cross-site first party), asks for Cookie headers and document.cookie in every request
context, advances the clock, restarts (a new SoupCookieJarText on the same file) and lists the jar. Random, from a
fixed seed: the same file every time."""

import json
import os
import random
import sys
import tempfile

FAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"
if "SEQUENCES_FAKETIME" not in os.environ:
    directory = tempfile.mkdtemp(prefix="libsoup-sequences-")
    env = dict(os.environ, SEQUENCES_FAKETIME=directory, LD_PRELOAD=FAKETIME, FAKETIME_NO_CACHE="1",
               FAKETIME_TIMESTAMP_FILE=os.path.join(directory, "now"), FAKETIME_DONT_FAKE_MONOTONIC="1", TZ="UTC")
    with open(os.path.join(directory, "now"), "w") as handle:
        handle.write("2026-01-01 00:00:00\n")
    os.execve(sys.executable, [sys.executable] + sys.argv, env)

import gi  # noqa: E402

gi.require_version("Soup", "3.0")
from gi.repository import GLib, Soup  # noqa: E402

DIRECTORY = os.environ["SEQUENCES_FAKETIME"]
START = 1_767_225_600  # 2026-01-01T00:00:00Z
CROSS = GLib.Uri.parse("https://cross-site.invalid/", GLib.UriFlags.NONE)
URLS = ["https://app.example.com/", "http://app.example.com/", "https://app.example.com/account/settings",
        "https://app.example.com/", "http://app.example.com/", "https://b.example.org/", "http://b.example.org/",
        "https://www.example.com/a/b", "http://example.com/", "https://other.example.org/", "http://192.168.0.10/p",
        "http://10.168.0.10/", "https://sub.app.example.com/x/y"]
NAMES = ["sid", "sid", "a", ""]
ATTRIBUTES = ["Secure", "HttpOnly", "SameSite=Lax", "SameSite=Strict", "SameSite=None", "Path=/", "Path=/account",
              "Path=/a", "Domain=example.com", "Domain=app.example.com", "Domain=168.0.10", "Max-Age=60",
              "Max-Age=3600", "Max-Age=0", "Max-Age=40000000", "Expires=Thu, 01 Jan 2026 01:00:00 GMT",
              "Expires=Wed, 31 Dec 2025 00:00:00 GMT", "Expires=Fri, 01 Jan 2100 00:00:00 GMT"]


def set_clock(now):
    stamp = GLib.DateTime.new_from_unix_utc(now).format("%Y-%m-%d %H:%M:%S")
    with open(os.path.join(DIRECTORY, "now.new"), "w") as handle:
        handle.write(stamp + "\n")
    os.replace(os.path.join(DIRECTORY, "now.new"), os.path.join(DIRECTORY, "now"))


def record(cookie):
    expires = cookie.get_expires()
    return [cookie.get_name(), cookie.get_value(), cookie.get_domain(), cookie.get_path(), cookie.get_secure(),
            cookie.get_http_only(), int(cookie.get_same_site_policy()), None if expires is None else expires.to_unix()]


def line(rng):
    name = rng.choice(NAMES)
    value = rng.choice(["1", "1", "2", ""])
    pair = f"{name}={value}" if name else value
    return "; ".join([pair] + rng.sample(ATTRIBUTES, rng.randrange(4)))


def history(rng, path):
    if os.path.exists(path):
        os.remove(path)
    now = START
    set_clock(now)
    jar = Soup.CookieJarText.new(path, False)
    steps = []
    for _ in range(rng.randrange(6, 20)):
        kind = rng.choices(["set", "header", "document", "advance", "restart", "list"], [6, 4, 2, 1, 1, 1])[0]
        set_clock(now)
        if kind == "set":
            url, text, same = rng.choice(URLS), line(rng), rng.random() < 0.8
            uri = GLib.Uri.parse(url, GLib.UriFlags.NONE)
            party = uri if same else CROSS
            if rng.random() < 0.8:
                cookie = Soup.Cookie.parse(text, uri)
                if cookie is not None:
                    jar.add_cookie_full(cookie, uri, party)
                steps.append({"op": "set", "url": url, "line": text, "same-site": same})
            else:
                jar.set_cookie_with_first_party(uri, party, text)
                steps.append({"op": "write-document", "url": url, "line": text, "same-site": same})
        elif kind in ("header", "document"):
            url = rng.choice(URLS)
            uri = GLib.Uri.parse(url, GLib.UriFlags.NONE)
            same, safe, top = rng.random() < 0.6, rng.random() < 0.7, rng.random() < 0.5
            party = uri if same else CROSS
            for_http = kind == "header"
            if not for_http:
                safe, top = True, False
            cookies = jar.get_cookie_list_with_same_site_info(uri, party, party, for_http, safe, top)
            result = Soup.cookies_to_cookie_header(cookies) if cookies else None
            steps.append({"op": kind, "url": url, "same-site": same, "safe": safe, "top-level": top,
                          "result": result})
        elif kind == "advance":
            seconds = rng.choice([1, 59, 61, 3600, 86400 * 30])
            now += seconds
            steps.append({"op": "advance", "seconds": seconds})
        elif kind == "restart":
            jar = Soup.CookieJarText.new(path, False)
            steps.append({"op": "restart"})
        else:
            steps.append({"op": "list", "cookies": sorted(record(c) for c in jar.all_cookies())})
    set_clock(now)
    steps.append({"op": "list", "cookies": sorted(record(c) for c in jar.all_cookies())})
    return steps


def main():
    rng = random.Random(2326)
    path = os.path.join(DIRECTORY, "cookies.txt")
    histories = [history(rng, path) for _ in range(600)]
    with open("libsoup-sequences.json", "w", encoding="utf-8") as handle:
        handle.write('{"start": %d, "histories": [\n' % START)
        handle.write(",\n".join(json.dumps(h, ensure_ascii=True) for h in histories))
        handle.write("\n]}\n")


if __name__ == "__main__":
    main()
