"""CookieHarness's Python: the engine drivers and what every Python program of the harness shares.

The harness starts a driver as `python3 -P -m harness_drivers.webkit` (or `.chromium`, `.firefox`) with this
package's parent folder (Sources/EngineDrivers) on PYTHONPATH; the store adapters (Sources/CookieStores/External/*/adapter.py)
stay scripts and import `harness_drivers.support` the same way. README.md says which module holds what.
"""
