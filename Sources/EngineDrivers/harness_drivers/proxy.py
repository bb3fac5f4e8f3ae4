"""The HTTP proxy of CookieHarness's browser drivers (webkit.py for WebKitGTK, chromium.py for Chromium).

An HTTP/1.1 proxy on 127.0.0.1 (ephemeral port, TCP_NODELAY, keep-alive) that never answers by itself: each
request goes to its owner (`open_exchange`), which queues an `http-request` event and hands the harness's `respond`
back through the Exchange. `CONNECT host:port` is answered 200 and terminated with a certificate made for the run
(`make_certificate`), so requests inside the tunnel become https://host[:port]/… URLs (a tunnel that carries plain
HTTP, a browser's ws: WebSocket, gives http:// ones). A WebSocket handshake (`Upgrade: websocket`) the harness
answers 101 gets RFC 6455's handshake headers added and its connection held for the page to close. Standard library
only.

The owner provides `open_exchange(method, url, headers, body) -> Exchange`, `close_exchange(exchange)` and
`note_redirect(url, location)` (called from the proxy's threads; they must be thread-safe).
"""

import base64
import hashlib
import http
import os
import shutil
import socket
import ssl
import subprocess
import threading


class MissingTool(Exception):
    """A program the proxy needs (openssl) is not installed; the message is its name."""


def make_certificate(directory, common_name):
    """A self-signed EC certificate and key in `directory` for terminating CONNECT tunnels: (cert path, key path)."""
    cert = os.path.join(directory, "cert.pem")
    key = os.path.join(directory, "key.pem")
    if shutil.which("openssl") is None:
        raise MissingTool("openssl")
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
         "-days", "30", "-subj", f"/CN={common_name}", "-keyout", key, "-out", cert],
        check=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    return cert, key


# RFC 6455 4.2.2: the accept value is base64(SHA-1(key + this GUID)).
WEBSOCKET_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
# How long a connection upgraded to WebSocket is held open for the page to see `open` and close it.
UPGRADED_CONNECTION_HOLD = 5.0
# The first byte of a TLS ClientHello (a handshake record): what a CONNECT tunnel carries unless it is plain HTTP.
TLS_HANDSHAKE = b"\x16"


def websocket_accept(key):
    """The `Sec-WebSocket-Accept` value that answers `Sec-WebSocket-Key: key` (RFC 6455 4.2.2)."""
    return base64.b64encode(hashlib.sha1((key + WEBSOCKET_GUID).encode("ascii")).digest()).decode("ascii")


def websocket_key(headers):
    """The request's `Sec-WebSocket-Key` when it asks to upgrade to WebSocket (RFC 6455 4.1), else None."""
    fields = {name.lower(): value for name, value in headers}
    if "websocket" not in fields.get("upgrade", "").lower():
        return None
    return fields.get("sec-websocket-key")


class Exchange:
    """One request through the proxy, waiting for the harness's `respond`."""

    def __init__(self, number):
        self.number = number
        self.ready = threading.Event()
        self.response = None  # (status, headers, body) or None: close the connection


def answered(response):
    """An exchange the driver answers by itself, never an event: `response` is (status, headers, body), or None to
    close the connection without one."""
    exchange = Exchange(0)
    exchange.response = response
    exchange.ready.set()
    return exchange


def close_unanswered(exchanges):
    """The scenario is over: each exchange's connection is closed without a response."""
    for exchange in exchanges:
        exchange.response = None
        exchange.ready.set()


class Proxy:
    """An HTTP/1.1 proxy on 127.0.0.1 that asks the harness for every response.

    Absolute-form requests are http; `CONNECT host:port` is answered 200 and the socket is wrapped in TLS, after
    which origin-form requests become https://host[:port]/… URLs. One thread per connection; no GTK calls.
    """

    def __init__(self, owner, cert, key):
        self.owner = owner
        self.tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        self.tls.load_cert_chain(cert, key)
        self.tls.set_alpn_protocols(["http/1.1"])
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.port = self.listener.getsockname()[1]
        self.uri = f"http://127.0.0.1:{self.port}"
        threading.Thread(target=self.accept_loop, name="proxy-accept", daemon=True).start()

    def accept_loop(self):
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            threading.Thread(target=self.serve, args=(connection,), name="proxy-connection", daemon=True).start()

    def serve(self, connection):
        try:
            reader = connection.makefile("rb")
            request = self.read_request(reader)
            if request is None:
                return
            method, target, _, _ = request
            if method == "CONNECT":
                authority = target
                connection.sendall(b"HTTP/1.1 200 Connection Established\r\n\r\n")
                reader.close()
                host, _, port = authority.rpartition(":")
                if connection.recv(1, socket.MSG_PEEK) == TLS_HANDSHAKE:
                    connection = self.tls.wrap_socket(connection, server_side=True)
                    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                    origin = "https://" + (authority if port and port != "443" else host or authority)
                else:
                    # A browser tunnels a ws: WebSocket too (Chromium): plain HTTP inside, an http URL.
                    origin = "http://" + (authority if port and port != "80" else host or authority)
                reader = connection.makefile("rb")
                request = self.read_request(reader)
            else:
                origin = None
            while request is not None:
                method, target, headers, body = request
                url = origin + target if origin is not None and target.startswith("/") else target
                # A WebSocket handshake's URL is http(s) (Fetch, "establish a WebSocket connection"); WebKitGTK sends
                # a ws: one in absolute form.
                if url.startswith("ws://"):
                    url = "http://" + url[len("ws://"):]
                if not self.exchange(connection, method, url, headers, body):
                    return
                request = self.read_request(reader)
        except (OSError, ValueError, ssl.SSLError):
            pass
        finally:
            try:
                connection.close()
            except OSError:
                pass

    @staticmethod
    def read_request(reader):
        """(method, target, headers, body) of the next request on the connection, or None at its end."""
        line = reader.readline(65536)
        while line in (b"\r\n", b"\n"):
            line = reader.readline(65536)
        if not line:
            return None
        parts = line.decode("latin-1").strip().split(" ")
        if len(parts) != 3:
            raise ValueError("bad request line")
        method, target, _ = parts
        headers = []
        while True:
            line = reader.readline(65536)
            if not line or line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode("latin-1").partition(":")
            headers.append([name.strip(), value.strip()])
        fields = {name.lower(): value for name, value in headers}
        body = None
        if "chunked" in fields.get("transfer-encoding", "").lower():
            data = b""
            while True:
                size = int(reader.readline(1024).split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while reader.readline(65536) not in (b"\r\n", b"\n", b""):
                        pass
                    break
                data += reader.read(size)
                reader.readline(1024)
            body = data
        elif "content-length" in fields:
            body = reader.read(int(fields["content-length"]))
        if method == "CONNECT":
            return method, target, headers, None
        # Header fields are bytes on the wire; http.client's convention (ISO-8859-1) is undone to report UTF-8.
        headers = [[name, Proxy.wire_text(value)] for name, value in headers]
        return method, target, headers, None if body is None else body.decode("utf-8", "replace")

    @staticmethod
    def wire_text(text):
        try:
            return text.encode("latin-1").decode("utf-8")
        except (UnicodeEncodeError, UnicodeDecodeError):
            return text

    def exchange(self, connection, method, url, headers, body):
        """Ask the harness; write its response. False when the connection must be closed."""
        exchange = self.owner.open_exchange(method, url, headers, body)
        exchange.ready.wait()
        self.owner.close_exchange(exchange)
        if exchange.response is None:
            return False
        status, response_headers, response_body = exchange.response
        key = websocket_key(headers)
        if status == 101 and key is not None:
            return self.upgrade(connection, key, response_headers)
        if 300 <= status < 400:
            location = next((value for name, value in response_headers if name.lower() == "location"), None)
            if location is not None:
                self.owner.note_redirect(url, location)
        payload = response_body.encode("utf-8")
        try:
            reason = http.HTTPStatus(status).phrase
        except ValueError:
            reason = "Status"
        lines = [f"HTTP/1.1 {status} {reason}"]
        names = set()
        for name, value in response_headers:
            lower = name.lower()
            if lower in ("content-length", "transfer-encoding", "connection", "keep-alive"):
                continue
            names.add(lower)
            lines.append(f"{name}: {value}")
        if "content-type" not in names:
            lines.append("Content-Type: text/html; charset=utf-8")
        bodiless = method == "HEAD" or status in (204, 304) or 100 <= status < 200
        if status not in (204, 304) and not 100 <= status < 200:
            lines.append(f"Content-Length: {len(payload)}")
        head = ("\r\n".join(lines) + "\r\n\r\n").encode("utf-8")
        connection.sendall(head if bodiless else head + payload)
        return True

    def upgrade(self, connection, key, response_headers):
        """A route's 101 to a WebSocket handshake: the scenario's headers (its Set-Cookie) plus the handshake's own
        (RFC 6455 4.2.2), then the connection is held until the page closes it (no frames are answered). False: the
        connection is no longer HTTP."""
        lines = ["HTTP/1.1 101 Switching Protocols", "Upgrade: websocket", "Connection: Upgrade",
                 f"Sec-WebSocket-Accept: {websocket_accept(key)}"]
        handshake = ("upgrade", "connection", "sec-websocket-accept", "content-length", "transfer-encoding",
                     "content-type")
        lines += [f"{name}: {value}" for name, value in response_headers if name.lower() not in handshake]
        connection.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("utf-8"))
        connection.settimeout(UPGRADED_CONNECTION_HOLD)
        try:
            while connection.recv(65536):
                pass
        except OSError:
            pass
        return False

    def close(self):
        try:
            self.listener.close()
        except OSError:
            pass
