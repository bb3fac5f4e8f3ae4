"""The app's own URL schemes in the WebKitGTK driver (`WKURLSchemeHandler`): `WebContext.register_uri_scheme` sends
every request of a registered scheme to `on_scheme_request`, which holds it and queues a `scheme-request` event;
`finish-scheme-task` answers it with the harness's response (or error).

A scheme is registered on the data store's WebContext, which outlives a scenario when the store is reused; a request
from a view that did not ask for the scheme (a later scenario's) fails as an unsupported URL, as WebKit fails a scheme
nobody handles."""

import time

from . import webkit_api as api
from .driver_protocol import ProtocolError, field


class Schemes:
    """A mixin of the Driver: `scheme_tasks` (number -> (held URISchemeRequest, view)) is the driver's."""

    def register_schemes(self, view, schemes):
        """The view answers `schemes` through the harness; each is registered once on the view's WebContext."""
        if not isinstance(schemes, list) or not all(isinstance(scheme, str) and scheme for scheme in schemes):
            raise ProtocolError("field 'schemes' must be a list of scheme names")
        context = view.store.context
        registered = getattr(context, "harness_schemes", None)
        if registered is None:
            registered = set()
            context.harness_schemes = registered
        for scheme in schemes:
            scheme = scheme.lower()
            if scheme not in registered:
                context.register_uri_scheme(scheme, self.on_scheme_request)
                registered.add(scheme)
        view.schemes = {scheme.lower() for scheme in schemes}

    def on_scheme_request(self, request, *_):
        widget = request.get_web_view()
        view = next((view for view in self.views.values() if view.widget is widget), None)
        scheme = (request.get_scheme() or "").lower()
        if view is None or scheme not in getattr(view, "schemes", ()):
            request.finish_error(api.GLib.Error.new_literal(
                api.GLib.quark_from_string("WebKitNetworkError"), f"no handler for {scheme}: URLs", 1))
            return
        number = self.next_number("scheme-task")
        self.scheme_tasks[number] = (request, view)
        with self.lock:
            self.waiting_since[("scheme-task", number)] = time.monotonic()
        headers = []
        fields = request.get_http_headers()
        if fields is not None:
            fields.foreach(lambda name, value, *_: headers.append([name, value]))
        self.queue_event({"type": "scheme-request", "task": number, "view": view.number, "url": request.get_uri(),
                          "method": request.get_http_method() or "GET", "headers": headers})
        self.note_activity()

    def finish_scheme_task(self, request):
        """The harness's answer: `status`, `headers` (pairs) and `body` (text), or `error` (a message)."""
        number = field(request, "task", int)
        entry = self.scheme_tasks.pop(number, None)
        if entry is None:
            raise ProtocolError(f"no pending scheme task {number}")
        held, _ = entry
        with self.lock:
            self.waiting_since.pop(("scheme-task", number), None)
        self.note_activity()
        error = request.get("error")
        if error is not None:
            held.finish_error(api.GLib.Error.new_literal(api.GLib.quark_from_string("WebKitNetworkError"), str(error), 2))
            return {}
        body = (request.get("body") or "").encode("utf-8")
        stream = api.Gio.MemoryInputStream.new_from_bytes(api.GLib.Bytes.new(body))
        response = api.WebKit2.URISchemeResponse.new(stream, len(body))
        response.set_status(field(request, "status", int, 200, optional=True), None)
        headers = api.Soup.MessageHeaders.new(api.Soup.MessageHeadersType.RESPONSE)
        content_type = "text/plain"
        for name, value in request.get("headers") or []:
            headers.append(name, value)
            if name.lower() == "content-type":
                content_type = value
        response.set_content_type(content_type)
        response.set_http_headers(headers)
        held.finish_with_response(response)
        return {}

    def drop_scheme_tasks(self):
        """A scenario's end: its held requests fail (the page is gone)."""
        for held, _ in self.scheme_tasks.values():
            try:
                held.finish_error(api.GLib.Error.new_literal(api.GLib.quark_from_string("WebKitNetworkError"), "cancelled", 3))
            except Exception:
                pass
        self.scheme_tasks = {}
