"""The subresource request every driver makes (Sources/EngineDrivers/harness_drivers/page_requests.py): the protocol's
`fetch` fields turned into the page's `fetch(url, init)` arguments, a fetch's credentials and mode included. The
engines' side: Suites/subresource/fetch-credentials.xml on the live adapters, Chromium and Firefox."""

import pytest

from harness_drivers import page_requests
from harness_drivers.driver_protocol import ProtocolError


def test_a_plain_fetch_includes_credentials_in_no_cors_mode():
    url, kind, init = page_requests.subresource({"url": "https://a.example/x"})
    assert (url, kind) == ("https://a.example/x", "fetch")
    assert (init["credentials"], init["mode"]) == ("include", "no-cors")


@pytest.mark.parametrize("credentials", ["omit", "same-origin", "include"])
@pytest.mark.parametrize("mode", ["no-cors", "cors"])
def test_a_fetch_passes_its_credentials_and_mode(credentials, mode):
    _, _, init = page_requests.subresource(
        {"url": "https://a.example/x", "kind": "fetch", "credentials": credentials, "mode": mode})
    assert (init["credentials"], init["mode"]) == (credentials, mode)


def test_an_xhr_takes_its_credentials_from_with_credentials():
    _, _, without = page_requests.subresource({"url": "https://a.example/x", "kind": "xhr"})
    _, _, with_them = page_requests.subresource({"url": "https://a.example/x", "kind": "xhr", "with-credentials": True})
    assert (without["credentials"], without["mode"]) == ("same-origin", "cors")
    assert (with_them["credentials"], with_them["mode"]) == ("include", "cors")


def test_a_websocket_includes_credentials_and_is_given_its_ws_url_by_the_page():
    url, kind, init = page_requests.subresource({"url": "https://a.example/socket", "kind": "websocket"})
    assert (url, kind, init["credentials"], init["mode"]) == ("https://a.example/socket", "websocket", "include", "websocket")
    assert "new WebSocket(url.replace(/^http/, 'ws'))" in page_requests.REQUEST
    with pytest.raises(ProtocolError, match="belongs to kind 'xhr' or 'event-source'"):
        page_requests.subresource({"url": "https://a.example/socket", "kind": "websocket", "with-credentials": True})


@pytest.mark.parametrize("request_fields, message", [
    ({"kind": "image", "credentials": "omit"}, "belong to kind 'fetch'"),
    ({"kind": "xhr", "mode": "cors"}, "belong to kind 'fetch'"),
    ({"credentials": "all"}, "field 'credentials' must be one of omit, same-origin, include"),
    ({"mode": "navigate"}, "field 'mode' must be one of no-cors, cors"),
    ({"credentials": 1}, "field 'credentials' must be of type str"),
])
def test_a_wrong_credentials_or_mode_is_refused(request_fields, message):
    with pytest.raises(ProtocolError, match=message):
        page_requests.subresource({"url": "https://a.example/x", **request_fields})


def test_the_expression_carries_the_init():
    expression = page_requests.expression({"url": "https://a.example/x", "credentials": "omit", "mode": "cors"}, 7)
    assert '"credentials": "omit"' in expression and '"mode": "cors"' in expression and expression.endswith(", 7)")


def test_awaited_requests_follow_a_beacons_hops_only_after_each_arrived():
    awaited = page_requests.AwaitedRequests()
    awaited.expect("https://a.example/b", 10.0, follow_redirects=True)
    awaited.redirected("https://a.example/b", "https://a.example/c", 10.0)  # not arrived yet: no hop awaited
    assert awaited.pending(0.0) and set(awaited.deadlines) == {"https://a.example/b"}
    awaited.arrived("https://a.example/b")
    assert not awaited.pending(0.0)
    awaited.redirected("https://a.example/b", "https://a.example/c", 10.0)
    assert set(awaited.deadlines) == {"https://a.example/c"}
    awaited.forget("https://a.example/c")
    assert not awaited.pending(0.0)
    awaited.expect("https://a.example/tab", 10.0)  # a new tab: its redirects are not awaited
    awaited.arrived("https://a.example/tab")
    awaited.redirected("https://a.example/tab", "https://a.example/d", 10.0)
    assert not awaited.pending(0.0)
    awaited.expect("https://a.example/late", 1.0)
    assert awaited.pending(0.5) and not awaited.pending(1.5)
