"""The WebKitGTK driver's objects: its display (an Xvfb of its own), a data store (a WebsiteDataManager with its
WebContext) and a web view with its navigation bookkeeping."""

import collections
import ctypes
import os
import select
import shutil
import signal
import subprocess
import time

from .driver_protocol import INSTALL_HINT, Unavailable
from .webkit_api import log

PROVISIONAL_GRACE = 5.0  # an allowed main-frame navigation counts as loading this long before it starts



def set_pdeathsig():
    """In a child: die with the driver even if the driver itself is SIGKILLed (Linux prctl PR_SET_PDEATHSIG)."""
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)
    except Exception:
        pass


# -- the display -----------------------------------------------------------------------------------------------------


class Display:
    """An Xvfb of the driver's own, when DISPLAY is unset."""

    def __init__(self):
        self.process = None

    def ensure(self):
        if os.environ.get("DISPLAY"):
            return
        xvfb = shutil.which("Xvfb")
        if xvfb is None:
            raise Unavailable("Xvfb not installed: " + INSTALL_HINT)
        read_end, write_end = os.pipe()
        try:
            self.process = subprocess.Popen(
                [xvfb, "-displayfd", str(write_end), "-nolisten", "tcp", "-screen", "0", "1024x768x24"],
                pass_fds=(write_end,),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                preexec_fn=set_pdeathsig,
            )
        finally:
            os.close(write_end)
        number = b""
        deadline = time.monotonic() + 10
        try:
            while not number.endswith(b"\n"):
                remaining = deadline - time.monotonic()
                if remaining <= 0 or not select.select([read_end], [], [], remaining)[0]:
                    raise Unavailable("Xvfb did not report a display within 10 s")
                chunk = os.read(read_end, 64)
                if not chunk:
                    raise Unavailable(f"Xvfb exited (status {self.process.poll()}) before reporting a display")
                number += chunk
        except Exception:
            self.stop()
            raise
        finally:
            os.close(read_end)
        os.environ["DISPLAY"] = ":" + number.decode().strip()
        log(f"started Xvfb on {os.environ['DISPLAY']}")

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(2)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


# -- WebKit objects --------------------------------------------------------------------------------------------------


class Store:
    """A data store: a WebsiteDataManager with its own WebContext (its own network session)."""

    def __init__(self, manager, context, persistent):
        self.manager = manager
        self.context = context
        self.cookies = manager.get_cookie_manager()
        self.persistent = persistent
        self.number = None
        self.observer = None  # handler id of `changed` while observed
        # A web view kept across scenarios (ephemeral stores only): a new view costs a web process launch
        # (~120 ms before its first navigation action), a reused one nothing. (widget, UserContentManager).
        self.spare = None

    def forget_observer(self):
        if self.observer is not None:
            self.cookies.disconnect(self.observer)
            self.observer = None

    def destroy(self):
        self.forget_observer()
        if self.spare is not None:
            self.spare[0].destroy()
            self.spare = None
        # The CookieManager wrapper must go before its WebsiteDataManager (the other order segfaults).
        self.cookies = None
        self.context = None
        self.manager = None


class View:
    """A web view and its navigation bookkeeping."""

    def __init__(self, number, store, widget, content):
        self.number = number
        self.store = store
        self.widget = widget
        self.content = content
        self.handlers = []
        self.assigned_since = 0.0  # when the last entry of `assigned` was added
        self.reused = False  # the widget was a store's spare (its web process already running)
        self.actions = 0  # main-frame navigation actions so far (the first one's wait includes a web process start)
        self.assigned = collections.deque()  # (number, url) from load/click-link, for the next main-frame actions
        self.provisional = False  # a main-frame navigation was decided and has not committed or failed yet
        self.provisional_since = 0.0
        self.frame_urls = {}  # URL whose navigation action was classified as a frame's -> its fetch request (0: none)
        self.navigation = None  # the current navigation's number
        self.cancelled = False  # the harness cancelled the current navigation: not loading for idle
        self.message_handlers = {}  # script message handler name -> its signal handler on `content`
        self.opener = None  # for a new window: the view whose page asked for it (the widget is related to its)
        self.opening = None  # the view to hand to WebKit's next `create` (open-window said so)
        # The back-forward items of the current document: the one its main-frame commit made current, and those
        # its `history.pushState` added since (`note_history_change`); going to one of them loads nothing.
        self.document_items = []
        self.history_handler = None  # the back-forward list's `changed` handler

    def loading(self):
        """WebKit says it is loading, or a main-frame navigation was allowed and has not started yet: a
        cross-site navigation swaps the web process first, and `is_loading()` is false meanwhile (for a few
        hundred milliseconds), which must not pass for idle. The wait is bounded, for a navigation WebKit drops
        without a word."""
        if self.widget is None or self.cancelled:
            return False
        if self.provisional and time.monotonic() - self.provisional_since < PROVISIONAL_GRACE:
            return True
        # A load, link, form or history step was asked for and its navigation action has not come yet: a form's
        # submit() (and a link's click()) schedules the navigation on a timer of the page, so `is_loading()` is
        # still false right after the script returned.
        if self.assigned and time.monotonic() - self.assigned_since < PROVISIONAL_GRACE:
            return True
        return self.widget.is_loading()

    def committed(self):
        """A main-frame commit: a new document, whose one item so far is the current one."""
        current = self.widget.get_back_forward_list().get_current_item()
        self.document_items = [current] if current is not None else []

    def note_history_change(self, history, added, removed):
        """The back-forward list's `changed`: an item added outside a main-frame navigation is the current
        document's own (`pushState`); one a navigation adds is made the document's first item at its commit."""
        if added is not None and not self.provisional:
            self.document_items.append(added)

    def in_document(self, item):
        """Whether `item` belongs to the current document (the wrappers compare by their GObject)."""
        return any(known == item for known in self.document_items)

    def detach(self):
        """Disconnect the driver's handlers; the (widget, content manager) pair, or None if already detached."""
        widget, self.widget = self.widget, None
        if widget is None:
            return None
        for handler in self.handlers:
            widget.disconnect(handler)
        self.handlers = []
        if self.history_handler is not None:
            widget.get_back_forward_list().disconnect(self.history_handler)
            self.history_handler = None
        self.document_items = []
        for name in list(self.message_handlers):
            self.forget_message_handler(name)
        try:
            widget.stop_loading()
        except Exception:
            pass
        content, self.content = self.content, None
        return widget, content

    def forget_message_handler(self, name):
        """`window.webkit.messageHandlers.NAME` is gone from the pages (a reused content manager keeps none)."""
        handler = self.message_handlers.pop(name)
        self.content.disconnect(handler)
        self.content.unregister_script_message_handler(name)

    def destroy(self):
        parts = self.detach()
        if parts is not None:
            parts[0].destroy()
