"""The JSON-lines envelope every Python program of CookieHarness speaks: the store adapters
(Sources/CookieStores/External/*/adapter.py) and the drivers (harness_drivers, the package this module belongs to).

One JSON object per line on stdin (`{"id":N,"op":"…",…}`), one reply per line on stdout (`ok` with `result`,
`skipped` with `reason`, `errored` with `message` and `details`), as Sources/CookieStores/OutOfProcess/PROTOCOL.md
describes. What a program does with an op is its own; reading a line, checking the envelope, turning an outcome or
an exception into the reply, and writing it are here, once. Standard library only.

The programs import it as `harness_drivers.support.harness_lines`: the harness starts each one with the package's
parent folder (Sources/EngineDrivers) on PYTHONPATH, found wherever the package is checked out (this repository, or
an app's .build/checkouts/CookieHarness).
"""

import json
import traceback

STOP = object()  # an op's outcome: end the loop without a reply (a store adapter's `stop`)


class ProtocolError(Exception):
    """A request the program cannot make sense of: replied to as `errored`."""


class Unavailable(Exception):
    """Something the program needs is missing (a package, the display): `errored` with exactly this message."""


class Unsupported(Exception):
    """An operation the program has no equivalent for: replied to as `skipped`."""


def field(request, name, kind, default=None, optional=False):
    """`request[name]`, checked to be a `kind` (int excludes bool; float takes any number). Missing (or null, when
    `optional`): `default` when optional, else a ProtocolError."""
    if name not in request or (optional and request[name] is None):
        if optional:
            return default
        raise ProtocolError(f"missing field '{name}'")
    value = request[name]
    if kind is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ProtocolError(f"field '{name}' must be a number")
        return float(value)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ProtocolError(f"field '{name}' must be of type {kind.__name__}")
    return value


def header_pairs(value, name="headers"):
    """A field of `[name, value]` string pairs (null: none)."""
    if value is None:
        return []
    if not isinstance(value, list) or not all(
        isinstance(pair, list) and len(pair) == 2 and all(isinstance(part, str) for part in pair) for pair in value
    ):
        raise ProtocolError(f"field '{name}' must be an array of [name, value] string pairs")
    return value


def check_protocol(request, protocol, program):
    """The `start` request's `protocol` must be the one this program (`"adapter"`, `"driver"`) speaks."""
    version = field(request, "protocol", int)
    if version != protocol:
        raise ProtocolError(f"this {program} speaks protocol {protocol}, the harness asked for {version}")


def unknown_op(op, program, protocol):
    """What a program replies to an op it does not know: `skipped`, so a newer harness can add operations."""
    return Unsupported(f"unknown op '{op}' (this {program} speaks protocol {protocol})")


def describe(error):
    """An exception as an `errored` reply's message: Unavailable's own words, else the type and the message."""
    if isinstance(error, Unavailable):
        return str(error)
    return f"{type(error).__name__}: {error}"


def answer(text, perform, describe=describe):
    """The reply to one request line, or None when `perform` says STOP.

    `perform(op, request)` does the operation and returns its result (a dict); it raises Unsupported for `skipped`
    and anything else for `errored` (described by `describe`). A line that is not a JSON object with an integer
    `id` and a string `op` is `errored`, with `"id": null` when the id cannot be read: never a crash.
    """
    request_id = None
    try:
        request = json.loads(text)
        if not isinstance(request, dict):
            raise ProtocolError("a request must be a JSON object")
        request_id = request.get("id")
        field(request, "id", int)
        op = field(request, "op", str)
        result = perform(op, request)
        if result is STOP:
            return None
        return {"id": request_id, "status": "ok", "result": result}
    except Unsupported as unsupported:
        return {"id": request_id, "status": "skipped", "reason": str(unsupported)}
    except Exception as error:  # every failure is reported, never fatal: the harness decides
        return {
            "id": request_id if isinstance(request_id, int) and not isinstance(request_id, bool) else None,
            "status": "errored",
            "message": describe(error),
            "details": traceback.format_exc(),
        }


def encode(reply):
    """One reply line, ASCII only (JSON escapes the rest)."""
    return json.dumps(reply, ensure_ascii=True).encode("ascii") + b"\n"


def serve(lines, output, reply_to, finished=lambda: False):
    """Answers request lines (bytes) until they end, a reply is None (STOP) or `finished()` after a reply; blank
    lines are passed over. `output` is a binary stream, flushed after every reply."""
    for raw in lines:
        text = raw.decode("utf-8", "replace").strip()
        if not text:
            continue
        reply = reply_to(text)
        if reply is None:
            break
        output.write(encode(reply))
        output.flush()
        if finished():
            break
