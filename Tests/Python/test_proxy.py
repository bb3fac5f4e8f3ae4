"""The proxy's request parsing (Sources/EngineDrivers/harness_drivers/proxy.py, Proxy.read_request)."""

import io
import socket

import pytest

from harness_drivers.proxy import Proxy, answered, close_unanswered, Exchange, make_certificate, websocket_accept


def read(raw):
    return Proxy.read_request(io.BufferedReader(io.BytesIO(raw)))


def test_an_absolute_form_request_with_headers_in_order():
    method, target, headers, body = read(
        b"GET http://a.example/p?q=1 HTTP/1.1\r\nHost: a.example\r\nCookie: a=1\r\nX-Two:  spaced \r\n\r\n")
    assert (method, target, body) == ("GET", "http://a.example/p?q=1", None)
    assert headers == [["Host", "a.example"], ["Cookie", "a=1"], ["X-Two", "spaced"]]


def test_a_body_by_content_length_and_utf8_header_bytes():
    raw = "POST /f HTTP/1.1\r\nContent-Length: 7\r\nX-Name: caf\u00e9\r\n\r\na=1&b=2NEXT".encode("utf-8")
    method, target, headers, body = read(raw)
    assert (method, target, body) == ("POST", "/f", "a=1&b=2")
    assert headers[1] == ["X-Name", "caf\u00e9"]  # the wire's UTF-8, not ISO-8859-1 mojibake


def test_a_chunked_body():
    raw = (b"POST /u HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
           b"3\r\nabc\r\n4;ext=1\r\ndefg\r\n0\r\nTrailer: x\r\n\r\n")
    assert read(raw)[3] == "abcdefg"


def test_connect_and_keep_alive():
    assert read(b"CONNECT a.example:443 HTTP/1.1\r\nHost: a.example:443\r\n\r\n")[:2] == ("CONNECT", "a.example:443")
    reader = io.BufferedReader(io.BytesIO(b"GET /1 HTTP/1.1\r\n\r\n\r\nGET /2 HTTP/1.1\r\n\r\n"))
    assert Proxy.read_request(reader)[1] == "/1"
    assert Proxy.read_request(reader)[1] == "/2"  # a stray blank line between requests is passed over
    assert Proxy.read_request(reader) is None  # the connection's end


def test_a_bad_request_line_is_refused():
    with pytest.raises(ValueError, match="bad request line"):
        read(b"HELLO\r\n\r\n")


def test_close_unanswered():
    exchanges = [Exchange(1), Exchange(2)]
    exchanges[0].response = (200, [], "")
    close_unanswered(exchanges)
    assert all(exchange.ready.is_set() and exchange.response is None for exchange in exchanges)


def test_the_websocket_accept_value_is_rfc_6455s():
    assert websocket_accept("dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="  # RFC 6455 1.3's example


class UpgradingOwner:
    """Answers every request 101 with a cookie, noting the URL the harness would see."""

    def __init__(self):
        self.urls = []

    def open_exchange(self, method, url, headers, body):
        self.urls.append(url)
        return answered((101, [["Set-Cookie", "ws=1"], ["Content-Type", "text/plain"]], ""))

    def close_exchange(self, exchange):
        pass

    def note_redirect(self, url, location):
        pass


def handshake(proxy, lines):
    """Sends `lines` (a request, or a CONNECT then a request) and returns the answer's head after the last one."""
    with socket.create_connection(("127.0.0.1", proxy.port), timeout=5) as client:
        answer = b""
        for line in lines:
            client.sendall(line)
            answer = b""
            while b"\r\n\r\n" not in answer:
                answer += client.recv(4096)
        return answer.split(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")


UPGRADE = (b"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
           b"Sec-WebSocket-Version: 13\r\n\r\n")


@pytest.mark.parametrize("lines", [
    [b"GET ws://a.example/socket HTTP/1.1\r\nHost: a.example\r\n" + UPGRADE],  # WebKitGTK's absolute ws: form
    [b"CONNECT a.example:80 HTTP/1.1\r\nHost: a.example:80\r\n\r\n",  # a browser's plain tunnel
     b"GET /socket HTTP/1.1\r\nHost: a.example\r\n" + UPGRADE],
])
def test_a_101_to_a_websocket_handshake_gets_the_handshake_headers_and_an_http_url(tmp_path, lines):
    owner = UpgradingOwner()
    proxy = Proxy(owner, *make_certificate(str(tmp_path), "proxy"))
    try:
        head = handshake(proxy, lines)
    finally:
        proxy.close()
    assert head[0] == "HTTP/1.1 101 Switching Protocols"
    assert {"Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=",
            "Set-Cookie: ws=1"} <= set(head[1:])
    assert not any(line.lower().startswith(("content-type", "content-length")) for line in head)
    assert owner.urls == ["http://a.example/socket"]
