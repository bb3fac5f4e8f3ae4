"""The JSON-lines envelope every Python program shares
(Sources/EngineDrivers/harness_drivers/support/harness_lines.py)."""

import io
import json

import pytest

from harness_drivers.support import harness_lines
from harness_drivers.support.harness_lines import ProtocolError, STOP, Unavailable, Unsupported, field


def echo(op, request):
    if op == "stop":
        return STOP
    if op == "skip":
        raise Unsupported("not here")
    if op == "fail":
        raise ValueError("boom")
    if op == "missing":
        raise Unavailable("Xvfb not installed: run .ci/install-deps")
    return {"op": op}


@pytest.mark.parametrize("line, message", [
    ("not json", "JSONDecodeError"),
    ("[1, 2]", "ProtocolError: a request must be a JSON object"),
    ('{"op": "x"}', "ProtocolError: missing field 'id'"),
    ('{"id": "7", "op": "x"}', "ProtocolError: field 'id' must be of type int"),
    ('{"id": true, "op": "x"}', "ProtocolError: field 'id' must be of type int"),
    ('{"id": 3}', "ProtocolError: missing field 'op'"),
])
def test_a_malformed_line_is_an_errored_reply_not_a_crash(line, message):
    reply = harness_lines.answer(line, echo)
    assert reply["status"] == "errored"
    assert reply["message"].startswith(message)
    assert "Traceback" in reply["details"]
    # The id is the request's only when it is an integer; otherwise null (PROTOCOL.md).
    assert reply["id"] == (3 if '"id": 3' in line else None)


def test_outcomes_become_ok_skipped_errored_or_no_reply():
    assert harness_lines.answer('{"id": 1, "op": "go"}', echo) == {"id": 1, "status": "ok", "result": {"op": "go"}}
    assert harness_lines.answer('{"id": 2, "op": "skip"}', echo) == {"id": 2, "status": "skipped", "reason": "not here"}
    failed = harness_lines.answer('{"id": 3, "op": "fail"}', echo)
    assert (failed["id"], failed["status"], failed["message"]) == (3, "errored", "ValueError: boom")
    missing = harness_lines.answer('{"id": 4, "op": "missing"}', echo)
    assert missing["message"] == "Xvfb not installed: run .ci/install-deps"
    assert harness_lines.answer('{"id": 5, "op": "stop"}', echo) is None


def test_a_program_may_describe_its_own_errors():
    reply = harness_lines.answer('{"id": 1, "op": "fail"}', echo, describe=lambda error: "said: " + str(error))
    assert reply["message"] == "said: boom"


def test_an_unknown_op_is_skipped_with_the_protocol_named():
    def perform(op, request):
        raise harness_lines.unknown_op(op, "driver", 1)

    reply = harness_lines.answer('{"id": 9, "op": "teleport"}', perform)
    assert reply == {"id": 9, "status": "skipped", "reason": "unknown op 'teleport' (this driver speaks protocol 1)"}


def test_field_checks_types_and_defaults():
    request = {"n": 1, "b": True, "f": 2, "s": "x", "none": None}
    assert field(request, "n", int) == 1
    assert field(request, "f", float) == 2.0 and isinstance(field(request, "f", float), float)
    assert field(request, "absent", str, "d", optional=True) == "d"
    assert field(request, "none", str, "d", optional=True) == "d"
    with pytest.raises(ProtocolError, match="must be of type int"):
        field(request, "b", int)
    with pytest.raises(ProtocolError, match="must be a number"):
        field(request, "b", float)
    with pytest.raises(ProtocolError, match="missing field 'absent'"):
        field(request, "absent", str)


def test_header_pairs():
    assert harness_lines.header_pairs(None) == []
    assert harness_lines.header_pairs([["A", "1"]]) == [["A", "1"]]
    for bad in ([["A"]], [["A", 1]], {"A": "1"}, "A: 1"):
        with pytest.raises(ProtocolError, match="string pairs"):
            harness_lines.header_pairs(bad)


def test_check_protocol():
    harness_lines.check_protocol({"protocol": 1}, 1, "adapter")
    with pytest.raises(ProtocolError, match="this adapter speaks protocol 1, the harness asked for 2"):
        harness_lines.check_protocol({"protocol": 2}, 1, "adapter")


def test_serve_answers_each_line_passes_blank_ones_and_stops():
    lines = [b'{"id": 1, "op": "a"}\n', b"\n", b"   \n", b'{"id": 2, "op": "\xc3\xa9"}\n', b'{"id": 3, "op": "stop"}\n',
             b'{"id": 4, "op": "never"}\n']
    output = io.BytesIO()
    harness_lines.serve(lines, output, lambda text: harness_lines.answer(text, echo))
    replies = output.getvalue().split(b"\n")
    assert replies[-1] == b""
    assert [json.loads(reply)["id"] for reply in replies[:-1]] == [1, 2]
    assert b"\\u00e9" in replies[1]  # ASCII on the wire
    replies[1].decode("ascii")


def test_serve_ends_when_finished_after_a_reply():
    output = io.BytesIO()
    answered = []

    def reply_to(text):
        answered.append(text)
        return {"id": len(answered), "status": "ok", "result": {}}

    harness_lines.serve([b"a\n", b"b\n", b"c\n"], output, reply_to, finished=lambda: len(answered) == 2)
    assert answered == ["a", "b"]
    assert output.getvalue().count(b"\n") == 2
