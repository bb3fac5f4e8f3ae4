"""A browser driver's own network namespace (Sources/EngineDrivers/harness_drivers/network_namespace.py): loopback
works, nothing else is reachable. Each case runs isolate() in a child process, so this interpreter keeps the machine's
network."""

import errno
import multiprocessing
import os
import shutil
import socket
import subprocess

import pytest

from harness_drivers import network_namespace


def namespaces_available():
    unshare = shutil.which("unshare")
    return unshare is not None and any(
        subprocess.run([unshare, flag, "true"], stderr=subprocess.DEVNULL).returncode == 0 for flag in ("-n", "-rn"))


def isolated_child(results):
    outcome = network_namespace.isolate()
    # Loopback: a listener and a connection to it, as the proxy and the browser have.
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        with socket.create_connection(listener.getsockname(), timeout=2):
            loopback = True
    # Anything else: no route (TEST-NET-2, never a real host).
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
        try:
            udp.sendto(b"stun", ("198.51.100.7", 3478))
            outward = "sent"
        except OSError as error:
            outward = errno.errorcode.get(error.errno, str(error.errno))
    results.put((outcome, loopback, outward, os.readlink("/proc/self/ns/net")))


def run_isolated():
    context = multiprocessing.get_context("fork")
    results = context.Queue()
    child = context.Process(target=isolated_child, args=(results,))
    child.start()
    outcome = results.get(timeout=20)
    child.join(timeout=20)
    return outcome


@pytest.mark.skipif(not namespaces_available(), reason="this machine lets no process make a network namespace")
def test_isolated_keeps_loopback_and_loses_every_route_out():
    outcome, loopback, outward, namespace = run_isolated()
    assert outcome.startswith(network_namespace.ISOLATED), outcome
    assert loopback
    assert outward == "ENETUNREACH"
    assert namespace != os.readlink("/proc/self/ns/net")


def test_a_refused_namespace_is_said_not_hidden(monkeypatch):
    class RefusingLibc:
        def unshare(self, flags):
            return -1

    monkeypatch.setattr(network_namespace.ctypes, "CDLL", lambda *arguments, **options: RefusingLibc())
    monkeypatch.setattr(network_namespace.ctypes, "get_errno", lambda: errno.EPERM)
    outcome = network_namespace.isolate()
    assert outcome.startswith("on the machine's network: no network namespace could be made"), outcome
    assert "Operation not permitted" in outcome
