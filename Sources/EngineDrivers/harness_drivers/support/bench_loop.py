"""The timing loop and the checksum of the `bench` request (PROTOCOL.md, "bench"), for the Python adapters.

Each adapter calls `measure` with its own jar, store and header functions (`harness_drivers.support.bench_loop`), so the
three Python adapters time and check the workload the same way; what each stores and reads is its own.
"""

import time


def timed(body, operations, seconds):
    """Runs body once to warm up, then until `seconds` have passed; notes the fastest round."""
    body()
    rounds, start, best = 0, time.perf_counter(), float("inf")
    while True:
        begin = time.perf_counter()
        body()
        end = time.perf_counter()
        rounds, best = rounds + 1, min(best, end - begin)
        if end - start >= seconds:
            return {"operations": rounds * operations, "seconds": end - start, "best": best}


def checksum(headers):
    """FNV-1a (64 bits) of every header's UTF-8 bytes, each followed by a newline; None counts as empty."""
    value = 0xCBF29CE484222325
    for text in headers:
        for byte in (text or "").encode("utf-8") + b"\n":
            value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{value:016x}"


def measure(new_jar, store, header, responses, requests, seconds, size=len, store_extra=(), header_extra=()):
    """The bench result: `store(jar, url, line, *store_extra)` for every response into a fresh `new_jar()` a round,
    then `header(jar, url, *header_extra)` for every request on one filled jar; `size(jar)` cookies stored."""

    def fill():
        jar = new_jar()
        for url, line in responses:
            store(jar, url, line, *store_extra)
        return jar

    storing = timed(fill, len(responses), seconds)
    jar = fill()
    headers = [None] * len(requests)

    def compute():
        for index, url in enumerate(requests):
            headers[index] = header(jar, url, *header_extra)

    computing = timed(compute, len(requests), seconds)
    return {"set-cookie": storing, "cookie-header": computing, "stored": size(jar), "checksum": checksum(headers),
            "headers": headers}
