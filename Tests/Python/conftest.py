"""pytest for the Python side of CookieHarness: the package `harness_drivers` is imported as the harness starts it,
with its parent folder on the path (pytest.ini's `pythonpath`, as PYTHONPATH is for the programs). Run with Debian's
pytest: `/usr/bin/python3 -m pytest -q Tests/Python` (swift test runs it too:
Tests/WebKitGTKTests/PythonPackageTests.swift)."""

import os

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir, os.pardir))
PACKAGE_PARENT = os.path.join(ROOT, "Sources", "EngineDrivers")
EXTERNAL = os.path.join(ROOT, "Sources", "CookieStores", "External")


def program_environment():
    """The environment the harness starts a driver or a Python store adapter in: the package's parent on PYTHONPATH."""
    return dict(os.environ, PYTHONPATH=PACKAGE_PARENT)
