"""libfaketime (Debian `faketime`) for the programs that move a library's clock from outside: the WebKitGTK and
browser drivers (WebKit's or the browser's processes) and the libsoup store adapter (its own interpreter).

`preload` gives the variables that put libfaketime into a process with a timestamp file; `OffsetFile` is such a
file that `set-clock` rewrites with an offset from the real time. Standard library only.
"""

import os
import time

LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"


def available():
    return os.path.exists(LIBFAKETIME)


def preload(environment, timestamp_file, **extra):
    """The variables to add to `environment` to preload libfaketime (before any LD_PRELOAD it has), reading
    `timestamp_file` on every clock call (FAKETIME_NO_CACHE) and leaving the monotonic clock alone; `extra` last."""
    preloaded = environment.get("LD_PRELOAD")
    variables = {
        "LD_PRELOAD": LIBFAKETIME + (":" + preloaded if preloaded else ""),
        "FAKETIME_TIMESTAMP_FILE": timestamp_file,
        "FAKETIME_NO_CACHE": "1",
        "FAKETIME_DONT_FAKE_MONOTONIC": "1",
    }
    variables.update(extra)
    return variables


def write_atomically(path, text):
    """`text` and a newline into `path`, replaced at once (libfaketime re-reads it on every clock call)."""
    temporary = path + ".new"
    with open(temporary, "w") as handle:
        handle.write(text + "\n")
    os.replace(temporary, path)


class OffsetFile:
    """A timestamp file of offsets from the real time: `+0` at first, `set(now)` makes the faked clock say `now`."""

    def __init__(self, directory):
        self.available = available()
        self.path = os.path.join(directory, "faketime")

    def set(self, now):
        # libfaketime takes a fractional offset: whole seconds would put the clock up to half a second off the
        # scenario's, enough to expire a Max-Age=60 cookie 59 seconds later.
        self.write(f"{now - time.time():+.3f}s")

    def write(self, text):
        write_atomically(self.path, text)
