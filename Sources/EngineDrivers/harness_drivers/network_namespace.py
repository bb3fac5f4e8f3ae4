"""A browser driver's own network namespace: loopback only, so nothing a scenario's page does reaches the network.

The browser drivers (chromium.py, firefox.py) serve every request of their browser from the run's proxy, which
listens on the loopback interface and answers over the driver protocol, never by a connection of its own. So the
driver and its browser need no other interface. Moved into a namespace of their own before the proxy or the browser
starts, they keep the loopback interface (the proxy, Firefox's BiDi socket) and lose every route out: a page's
WebRTC STUN/TURN packets, Chromium's mDNS announcements and Firefox's look-ups of its vendor's hosts through the
system resolver find no network, whatever the browser's switches say (measured with `strace -f -e trace=network`:
docs/reliability.md).

As root, `unshare(CLONE_NEWNET)`; otherwise inside a user namespace that maps this process's own user and group
(the files the browser writes keep their owner). Where the kernel allows neither (a container without the
capability, user namespaces turned off), the driver runs on the machine's network and says so at `start`; the
browsers' own switches are then the only barrier. Standard library only.
"""

import ctypes
import fcntl
import os
import socket
import struct

CLONE_NEWUSER = 0x10000000
CLONE_NEWNET = 0x40000000
SIOCGIFFLAGS = 0x8913
SIOCSIFFLAGS = 0x8914
IFF_UP = 0x1
IFREQ = "16sh14x"  # struct ifreq: the interface's name, then ifr_flags in the union

ISOLATED = "isolated"  # what `start` says when the namespace is in place


def isolate():
    """Moves this process into a new network namespace whose loopback interface is up.

    Call it while the process has one thread (a user namespace requires it) and before anything listens or
    connects. Returns ISOLATED, or why the process stays on the machine's network."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(CLONE_NEWNET) != 0:
        refused = os.strerror(ctypes.get_errno())
        uid, gid = os.getuid(), os.getgid()
        if libc.unshare(CLONE_NEWUSER | CLONE_NEWNET) != 0:
            return (f"on the machine's network: no network namespace could be made (unshare: {refused}; in a user "
                    f"namespace: {os.strerror(ctypes.get_errno())})")
        try:
            write("/proc/self/setgroups", "deny")
            write("/proc/self/uid_map", f"{uid} {uid} 1")
            write("/proc/self/gid_map", f"{gid} {gid} 1")
        except OSError as error:
            # The namespace exists without a route out; only the mapping failed, so the process's files would be
            # owned by the overflow user. Still isolated: the loopback interface is what matters here.
            return loopback_up() or f"{ISOLATED} (user and group not mapped: {error.strerror})"
    return loopback_up() or ISOLATED


def loopback_up():
    """Brings `lo` up (a new namespace has it down); None, or why it failed (then even the proxy is unreachable,
    which the browser's start reports)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            flags = struct.unpack(IFREQ, fcntl.ioctl(probe, SIOCGIFFLAGS, struct.pack(IFREQ, b"lo", 0)))[1]
            fcntl.ioctl(probe, SIOCSIFFLAGS, struct.pack(IFREQ, b"lo", flags | IFF_UP))
    except OSError as error:
        return f"in a network namespace whose loopback interface could not be brought up: {error.strerror}"
    return None


def write(path, text):
    with open(path, "w") as handle:
        handle.write(text)
