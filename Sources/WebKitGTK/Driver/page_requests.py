"""A page's subresource request, as the real engines make it: `fetch()`, an `XMLHttpRequest`, an image or an iframe.

One JavaScript function for every driver (WebKitGTK, Chromium, Firefox), so the three engines are asked the same
thing. It returns a promise that resolves when a response arrived, whatever its status, and rejects when the request
failed (no answer, a CORS refusal of an XHR, a method `no-cors` forbids). An image resolves on `load` and on `error`
alike: an empty body is not an image, and the request went all the same. An iframe resolves on `load` when its
document is no longer the empty one it starts with (another origin's document cannot be read: that is a load too);
a frame with no load event in 3 s did not load (a blocked frame fires none). Its element carries the driver's request number (`data-harness-request`), so that a driver that holds the frame's
navigation decisions knows whose they are.
"""

import json

from driver_protocol import ProtocolError, field, header_pairs

KINDS = ("fetch", "xhr", "image", "iframe")

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
    withCredentials, default false), `method`, `headers`, `body` (only for a method other than GET and HEAD)."""
    url = field(request, "url", str)
    kind = field(request, "kind", str, "fetch", optional=True)
    if kind not in KINDS:
        raise ProtocolError(f"field 'kind' must be one of {', '.join(KINDS)}, not '{kind}'")
    with_credentials = field(request, "with-credentials", bool, False, optional=True)
    if with_credentials and kind != "xhr":
        raise ProtocolError("field 'with-credentials' belongs to kind 'xhr'")
    method = field(request, "method", str, "GET", optional=True)
    body = request.get("body")
    if body is not None and not isinstance(body, str):
        raise ProtocolError("field 'body' must be a string or null")
    credentials = "include" if kind != "xhr" or with_credentials else "same-origin"
    init = {"method": method, "headers": header_pairs(request.get("headers")), "credentials": credentials,
            "mode": "cors" if kind == "xhr" else "no-cors"}
    if body is not None and method.upper() not in ("GET", "HEAD"):
        init["body"] = body
    return url, kind, init


def expression(request, number=0):
    """The JavaScript expression (a promise) that makes the request the protocol's `fetch` fields describe;
    `number` is the driver's number of it."""
    url, kind, init = subresource(request)
    return "%s(%s, %s, %s, %d)" % (REQUEST, json.dumps(url), json.dumps(kind), json.dumps(init), number)
