"""pytest for the Python side of CookieHarness: the modules are found as the scripts find them (their folders on
sys.path). Run with Debian's pytest: `/usr/bin/python3 -m pytest -q Tests/Python` (swift test runs it too:
Tests/WebKitGTKTests/PythonPackageTests.swift)."""

import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir, os.pardir))
SUPPORT = os.path.join(ROOT, "Sources", "PythonSupport")
DRIVER = os.path.join(ROOT, "Sources", "EngineDrivers", "Driver")
EXTERNAL = os.path.join(ROOT, "Sources", "CookieStores", "External")
for folder in (SUPPORT, DRIVER):
    if folder not in sys.path:
        sys.path.insert(0, folder)
