"""A page's subresource request, as the real engines make it: `fetch()`, an `XMLHttpRequest`, an image, an iframe, a
script element, `navigator.sendBeacon`, an `EventSource` or a `WebSocket`.

One JavaScript function for every driver (WebKitGTK, Chromium, Firefox), so the three engines are asked the same
thing. It returns a promise that resolves when a response arrived, whatever its status, and rejects when the request
failed (no answer, a CORS refusal of an XHR, a method `no-cors` forbids). An image resolves on `load` and on `error`
alike: an empty body is not an image, and the request went all the same. An iframe resolves on `load` when its
document is no longer the empty one it starts with (another origin's document cannot be read: that is a load too);
a frame with no load event in 3 s did not load (a blocked frame fires none). Its element carries the driver's request number (`data-harness-request`), so that a driver that holds the frame's
navigation decisions knows whose they are. A script resolves on `load` and rejects on `error` (blocked, or an answer
that is not ok); a beacon resolves when `sendBeacon` queued it (the request goes out after) and rejects when it refused;
an EventSource resolves on `open` and rejects on `error` (a refused CORS check, a status other than 200, a type other
than text/event-stream), and is closed either way so that it does not reconnect. A WebSocket resolves on `open` (its
handshake got a 101) and is closed at once; it rejects on `error` (any other answer, a redirect included) and when
its constructor throws (a ws: URL from an https page: mixed content). The protocol gives its URL as the handshake's
http(s) URL (Fetch, "establish a WebSocket connection"); the page is given the ws(s) one.
"""

import json

from .driver_protocol import ProtocolError, field, header_pairs

KINDS = ("fetch", "xhr", "image", "iframe", "script", "beacon", "event-source", "websocket")
CREDENTIALS = ("omit", "same-origin", "include")
MODES = ("no-cors", "cors")
# A kind whose request leaves after the page's call returned (sendBeacon queues it): a driver counts the step as busy
# until the request reaches its proxy, for this long at most (a refused one is forgotten at once).
QUEUED_KINDS = ("beacon",)
QUEUED_REQUEST_GRACE = 5.0


class AwaitedRequests:
    """Requests a page makes after its call returned (a beacon; a target=_blank link's new tab), by URL as the owner
    normalises it, each pending until it reaches the proxy or its deadline passes. A request that follows redirects
    (a beacon) has each hop awaited in turn: WebKit's network process sends a beacon's next hop late, after the quiet
    window a settle waits for. Not thread-safe: the owner calls it under its lock."""

    def __init__(self):
        self.deadlines = {}  # url -> monotonic deadline
        self.following = set()  # awaited URLs whose redirects are awaited too
        self.hops = set()  # those of them that arrived: a redirect from one is awaited

    def expect(self, url, until, follow_redirects=False):
        self.deadlines[url] = until
        if follow_redirects:
            self.following.add(url)

    def arrived(self, url):
        """A request for `url` reached the proxy."""
        if self.deadlines.pop(url, None) is not None and url in self.following:
            self.following.discard(url)
            self.hops.add(url)

    def redirected(self, url, location, until):
        """`url`'s answer redirects to `location`: awaited in turn when `url` was a hop of a chain awaited."""
        if url in self.hops:
            self.hops.discard(url)
            self.expect(location, until, follow_redirects=True)

    def forget(self, url):
        """The page's call refused the request: it never leaves."""
        self.deadlines.pop(url, None)
        self.following.discard(url)

    def pending(self, now):
        self.deadlines = {url: until for url, until in self.deadlines.items() if until > now}
        return bool(self.deadlines)

    def clear(self):
        self.deadlines, self.following, self.hops = {}, set(), set()

# (url, kind, init, request) -> Promise. `init` is fetch()'s: method, headers, body, credentials, mode; `request` the
# driver's number of the request.
REQUEST = """(function (url, kind, init, request) {
  const FRAME_WAIT_MS = 3000;
  if (kind === 'fetch') return fetch(url, init).then(() => true);
  if (kind === 'iframe') return new Promise((resolve, reject) => {
    const frame = document.createElement('iframe');
    frame.setAttribute('data-harness-request', String(request));
    // A frame the engine blocks (an http frame of an https page: mixed content) fires no load event at all: after
    // FRAME_WAIT_MS without one the frame did not load, and the step fails instead of hanging the driver.
    const timer = setTimeout(() => reject(new Error('the frame did not load ' + url + ' (no load event)')), FRAME_WAIT_MS);
    frame.onload = () => {
      clearTimeout(timer);
      let loaded = true;
      try { loaded = frame.contentWindow.location.href !== 'about:blank'; } catch (e) {}
      if (loaded) resolve(true); else reject(new Error('the frame did not load ' + url));
    };
    frame.src = url;
    (document.body || document.documentElement).appendChild(frame);
  });
  if (kind === 'script') return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.onload = () => resolve(true);
    script.onerror = () => reject(new Error('the script did not load ' + url));
    script.src = url;
    (document.head || document.documentElement).appendChild(script);
  });
  if (kind === 'beacon') {
    if (!navigator.sendBeacon(url, init.body === undefined ? null : init.body)) {
      return Promise.reject(new Error('sendBeacon refused ' + url));
    }
    return Promise.resolve(true);
  }
  if (kind === 'event-source') return new Promise((resolve, reject) => {
    const source = new EventSource(url, {withCredentials: init.credentials === 'include'});
    source.onopen = () => { source.close(); resolve(true); };
    source.onerror = () => { source.close(); reject(new Error('the EventSource did not open ' + url)); };
  });
  if (kind === 'websocket') return new Promise((resolve, reject) => {
    const socket = new WebSocket(url.replace(/^http/, 'ws'));
    socket.onopen = () => { socket.onerror = null; socket.close(); resolve(true); };
    socket.onerror = () => reject(new Error('the WebSocket did not open ' + url));
  });
  if (kind === 'image') return new Promise((resolve) => {
    const image = new Image();
    image.onload = image.onerror = () => resolve(true);
    image.src = url;
  });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    xhr.withCredentials = init.credentials === 'include';
    for (const [name, value] of init.headers) xhr.setRequestHeader(name, value);
    xhr.onload = () => resolve(true);
    xhr.onerror = () => reject(new TypeError('Load failed'));
    xhr.send(init.body === undefined ? null : init.body);
  });
})"""


def subresource(request):
    """The protocol's `fetch` fields as (url, kind, init): `kind` (default `fetch`), `with-credentials` (an XHR's
    withCredentials, default false), `credentials` and `mode` (a fetch()'s, default `include` and `no-cors`),
    `method`, `headers`, `body` (only for a method other than GET and HEAD)."""
    url = field(request, "url", str)
    kind = field(request, "kind", str, "fetch", optional=True)
    if kind not in KINDS:
        raise ProtocolError(f"field 'kind' must be one of {', '.join(KINDS)}, not '{kind}'")
    with_credentials = field(request, "with-credentials", bool, False, optional=True)
    if with_credentials and kind not in ("xhr", "event-source"):
        raise ProtocolError("field 'with-credentials' belongs to kind 'xhr' or 'event-source'")
    method = field(request, "method", str, "GET", optional=True)
    body = request.get("body")
    if body is not None and not isinstance(body, str):
        raise ProtocolError("field 'body' must be a string or null")
    credentials = field(request, "credentials", str, "include", optional=True)
    mode = field(request, "mode", str, "no-cors", optional=True)
    if kind != "fetch" and ("credentials" in request or "mode" in request):
        raise ProtocolError("fields 'credentials' and 'mode' belong to kind 'fetch'")
    if credentials not in CREDENTIALS:
        raise ProtocolError(f"field 'credentials' must be one of {', '.join(CREDENTIALS)}, not '{credentials}'")
    if mode not in MODES:
        raise ProtocolError(f"field 'mode' must be one of {', '.join(MODES)}, not '{mode}'")
    if kind in ("xhr", "event-source"):
        credentials, mode = ("include" if with_credentials else "same-origin"), "cors"
    elif kind == "websocket":
        credentials, mode = "include", "websocket"
    elif kind != "fetch":
        credentials, mode = "include", "no-cors"
    init = {"method": method, "headers": header_pairs(request.get("headers")), "credentials": credentials,
            "mode": mode}
    if body is not None and method.upper() not in ("GET", "HEAD"):
        init["body"] = body
    return url, kind, init


def expression(request, number=0):
    """The JavaScript expression (a promise) that makes the request the protocol's `fetch` fields describe;
    `number` is the driver's number of it."""
    url, kind, init = subresource(request)
    return "%s(%s, %s, %s, %d)" % (REQUEST, json.dumps(url), json.dumps(kind), json.dumps(init), number)
