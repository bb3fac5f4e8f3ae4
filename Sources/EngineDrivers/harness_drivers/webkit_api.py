"""The WebKitGTK driver's gi modules (GLib, Gio, Soup, WebKit2), imported by the first `start` and never before, so
that a missing package becomes an `errored` reply naming it, not a traceback; and what reads their values."""

import os
import sys

from . import driver_protocol
from .driver_protocol import INSTALL_HINT, Unavailable

NAME = "webkitgtk"
GLib = Gio = Soup = WebKit2 = None  # filled in by load()



def log(message):
    driver_protocol.log(NAME, message)


def load():
    """Imports GTK 3, libsoup 3 and WebKitGTK 4.1 through PyGObject and opens the display; Unavailable names the
    Debian package that is missing."""
    global GLib, Gio, Soup, WebKit2
    try:
        import gi
    except ImportError:
        raise Unavailable("PyGObject is missing: install the Debian package python3-gi (" + INSTALL_HINT + ")")
    try:
        gi.require_version("Gtk", "3.0")
        gi.require_version("Soup", "3.0")
        gi.require_version("WebKit2", "4.1")
        from gi.repository import GLib as glib, Gio as gio, Gtk, Soup as soup, WebKit2 as webkit2
    except (ImportError, ValueError) as error:
        raise Unavailable(
            f"WebKitGTK 4.1 is missing ({error}): install the Debian package gir1.2-webkit2-4.1 ({INSTALL_HINT})"
        )
    initialised = Gtk.init_check(sys.argv[:1])
    if not (initialised[0] if isinstance(initialised, tuple) else initialised):
        raise Unavailable(f"GTK cannot open the display {os.environ.get('DISPLAY')}")
    GLib, Gio, Soup, WebKit2 = glib, gio, soup, webkit2


def version():
    """WebKitGTK's version and libsoup's, e.g. `2.50.6 (libsoup 3.2.3)`."""
    return (
        f"{WebKit2.get_major_version()}.{WebKit2.get_minor_version()}.{WebKit2.get_micro_version()} "
        f"(libsoup {Soup.get_major_version()}.{Soup.get_minor_version()}.{Soup.get_micro_version()})"
    )


def soup_headers(headers):
    """Every field of a Soup.MessageHeaders, in order, as [name, value] pairs."""
    pairs = []
    if headers is not None:
        headers.foreach(lambda name, value: pairs.append([name, value]))
    return pairs
