"""A WebSocket client for one local connection (RFC 6455): what firefox.py needs to speak WebDriver BiDi.

Standard library only, blocking: one thread reads (`receive`), any thread sends (`send`, serialised by a lock).
Text messages only; pings are answered; no extensions, no TLS (the browser listens on 127.0.0.1). Written here
rather than taken from python3-websockets so the drivers need no package beyond python3 (the 10.4 Debian ships
is asyncio-only, which the drivers' thread-per-reader shape does not use).
"""

import base64
import os
import socket
import struct
import threading
import urllib.parse

TEXT, BINARY, CLOSE, PING, PONG, CONTINUATION = 0x1, 0x2, 0x8, 0x9, 0xA, 0x0


class Closed(Exception):
    """The connection is closed (by either side, or the peer is gone)."""


class WebSocket:
    def __init__(self, url, timeout=10.0):
        parts = urllib.parse.urlsplit(url)
        if parts.scheme != "ws":
            raise ValueError(f"not a ws:// URL: {url}")
        self.socket = socket.create_connection((parts.hostname, parts.port or 80), timeout=timeout)
        self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.send_lock = threading.Lock()
        self.buffer = b""
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET {parts.path or '/'} HTTP/1.1\r\nHost: {parts.netloc}\r\nUpgrade: websocket\r\n"
                   f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.socket.sendall(request.encode("ascii"))
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self.read_some()
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        status = head.split(b"\r\n", 1)[0]
        if b" 101 " not in status + b" ":
            raise Closed(f"the WebSocket handshake was refused: {status.decode('latin-1')}")
        self.socket.settimeout(None)

    def read_some(self):
        chunk = self.socket.recv(65536)
        if not chunk:
            raise Closed("the peer closed the connection")
        return chunk

    def read_exactly(self, count):
        while len(self.buffer) < count:
            self.buffer += self.read_some()
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def send_frame(self, opcode, payload):
        header = bytes([0x80 | opcode])
        length = len(payload)
        if length < 126:
            header += bytes([0x80 | length])
        elif length < 1 << 16:
            header += bytes([0x80 | 126]) + struct.pack("!H", length)
        else:
            header += bytes([0x80 | 127]) + struct.pack("!Q", length)
        mask = os.urandom(4)  # a client masks every frame (RFC 6455 §5.3)
        masked = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
        try:
            with self.send_lock:
                self.socket.sendall(header + mask + masked)
        except OSError as error:
            raise Closed(str(error))

    def send(self, text):
        self.send_frame(TEXT, text.encode("utf-8"))

    def receive(self):
        """The next text message (continuations joined); Closed at the end."""
        message = b""
        while True:
            first, second = self.read_exactly(2)
            opcode, length = first & 0x0F, second & 0x7F
            if length == 126:
                length = struct.unpack("!H", self.read_exactly(2))[0]
            elif length == 127:
                length = struct.unpack("!Q", self.read_exactly(8))[0]
            mask = self.read_exactly(4) if second & 0x80 else None
            payload = self.read_exactly(length)
            if mask:
                payload = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
            if opcode == PING:
                self.send_frame(PONG, payload)
                continue
            if opcode == CLOSE:
                raise Closed("the peer closed the WebSocket")
            if opcode in (TEXT, BINARY, CONTINUATION):
                message += payload
                if first & 0x80:
                    return message.decode("utf-8")

    def close(self):
        try:
            self.send_frame(CLOSE, b"")
        except Closed:
            pass
        try:
            self.socket.close()
        except OSError:
            pass
