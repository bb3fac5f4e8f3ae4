"""The WebSocket client firefox.py speaks BiDi with (Sources/EngineDrivers/harness_drivers/websocket.py), against a
small server on 127.0.0.1: the handshake, masking, lengths of 7, 16 and 64 bits, fragments, ping, close."""

import socket
import struct
import threading

import pytest

from harness_drivers import websocket


def frame(opcode, payload, final=True):
    """A server frame (unmasked)."""
    head = bytes([(0x80 if final else 0) | opcode])
    if len(payload) < 126:
        head += bytes([len(payload)])
    elif len(payload) < 1 << 16:
        head += bytes([126]) + struct.pack("!H", len(payload))
    else:
        head += bytes([127]) + struct.pack("!Q", len(payload))
    return head + payload


def read_client_frame(connection):
    """(opcode, unmasked payload) of the client's next frame; the client must mask."""
    def exactly(count):
        data = b""
        while len(data) < count:
            chunk = connection.recv(count - len(data))
            assert chunk
            data += chunk
        return data

    first, second = exactly(2)
    assert second & 0x80, "a client frame must be masked"
    length = second & 0x7F
    if length == 126:
        length = struct.unpack("!H", exactly(2))[0]
    elif length == 127:
        length = struct.unpack("!Q", exactly(8))[0]
    mask = exactly(4)
    return first & 0x0F, bytes(byte ^ mask[index % 4] for index, byte in enumerate(exactly(length)))


@pytest.fixture
def server():
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    state = {}

    def accept():
        connection, _ = listener.accept()
        request = b""
        while b"\r\n\r\n" not in request:
            request += connection.recv(4096)
        state["request"] = request
        reply = state.get("handshake", b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n")
        connection.sendall(reply + state.get("then", b""))
        state["connection"] = connection

    def start(**options):
        state.update(options)
        thread = threading.Thread(target=accept, daemon=True)
        thread.start()
        return f"ws://127.0.0.1:{listener.getsockname()[1]}/session", thread

    yield start, state
    listener.close()
    if "connection" in state:
        state["connection"].close()


def test_handshake_masking_and_lengths(server):
    start, state = server
    url, thread = start()
    client = websocket.WebSocket(url)
    thread.join(5)
    assert state["request"].startswith(b"GET /session HTTP/1.1\r\n")
    assert b"Sec-WebSocket-Version: 13" in state["request"]
    for text in ("hi", "x" * 300, "y" * 70000, "caf\u00e9"):
        client.send(text)
        assert read_client_frame(state["connection"]) == (websocket.TEXT, text.encode("utf-8"))
    client.close()


def test_messages_of_every_length_fragments_and_a_ping(server):
    start, state = server
    long_text = "z" * 70000
    then = (frame(websocket.TEXT, b"one") + frame(websocket.TEXT, b"x" * 200) + frame(websocket.TEXT, long_text.encode())
            + frame(websocket.PING, b"p?") + frame(websocket.TEXT, b"frag", final=False)
            + frame(websocket.CONTINUATION, b"mented") + frame(websocket.CLOSE, b""))
    url, thread = start(then=then)
    client = websocket.WebSocket(url)
    thread.join(5)
    assert client.receive() == "one"
    assert client.receive() == "x" * 200
    assert client.receive() == long_text
    assert client.receive() == "fragmented"  # the ping in between is answered, not returned
    assert read_client_frame(state["connection"]) == (websocket.PONG, b"p?")
    with pytest.raises(websocket.Closed):
        client.receive()


def test_a_refused_handshake(server):
    start, _ = server
    url, _ = start(handshake=b"HTTP/1.1 403 Forbidden\r\n\r\n")
    with pytest.raises(websocket.Closed, match="refused"):
        websocket.WebSocket(url)


def test_only_ws_urls():
    with pytest.raises(ValueError):
        websocket.WebSocket("http://127.0.0.1:1/")
