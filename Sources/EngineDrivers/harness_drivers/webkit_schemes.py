"""The app's own URL schemes in the WebKitGTK driver (`WKURLSchemeHandler`): `WebContext.register_uri_scheme` sends
every request of a registered scheme to `SchemeTasks.on_request`, which holds it and queues a `scheme-request` event;
`finish-scheme-task` answers it with the harness's response (or error).

A scheme is registered on the data store's WebContext, which outlives a scenario when the store is reused; a request
from a view that did not ask for the scheme (a later scenario's) fails as an unsupported URL, as WebKit fails a scheme
nobody handles."""

from . import webkit_api as api
from .driver_protocol import ProtocolError, field


class SchemeTasks:
    """The app's URL schemes of one driver and the requests they hold for the harness (`tasks`: number -> (held
    URISchemeRequest, view)).

    An object the driver owns rather than a mixin of it: it receives what it uses, `find_view` (the driver's view of
    a widget, or None), `next_number` (the numbering every held thing of a scenario shares), and `queue_event` and
    `note_activity` (the driver's event queue, which `settle` hands to the harness)."""

    def __init__(self, find_view, next_number, queue_event, note_activity):
        self.find_view = find_view
        self.next_number = next_number
        self.queue_event = queue_event
        self.note_activity = note_activity
        self.tasks = {}

    def register(self, view, schemes):
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
                context.register_uri_scheme(scheme, self.on_request)
                registered.add(scheme)
        view.schemes = {scheme.lower() for scheme in schemes}

    def on_request(self, request, *_):
        """WebKit's callback for a registered scheme: held, and a `scheme-request` event for the harness."""
        view = self.find_view(request.get_web_view())
        scheme = (request.get_scheme() or "").lower()
        if view is None or scheme not in getattr(view, "schemes", ()):
            request.finish_error(network_error(f"no handler for {scheme}: URLs", 1))
            return
        number = self.next_number("scheme-task")
        self.tasks[number] = (request, view)
        headers = []
        fields = request.get_http_headers()
        if fields is not None:
            fields.foreach(lambda name, value, *_: headers.append([name, value]))
        self.queue_event({"type": "scheme-request", "task": number, "view": view.number, "url": request.get_uri(),
                          "method": request.get_http_method() or "GET", "headers": headers})
        self.note_activity()

    def finish(self, request):
        """The harness's answer (`finish-scheme-task`): `status`, `headers` (pairs) and `body` (text), or `error`."""
        number = field(request, "task", int)
        entry = self.tasks.pop(number, None)
        if entry is None:
            raise ProtocolError(f"no pending scheme task {number}")
        held, _ = entry
        self.note_activity()
        error = request.get("error")
        if error is not None:
            held.finish_error(network_error(str(error), 2))
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

    def drop(self):
        """A scenario's end: its held requests fail (the page is gone)."""
        for held, _ in self.tasks.values():
            try:
                held.finish_error(network_error("cancelled", 3))
            except Exception:
                pass
        self.tasks = {}


def network_error(message, code):
    """The GLib.Error WebKit shows the page for a failed scheme request."""
    return api.GLib.Error.new_literal(api.GLib.quark_from_string("WebKitNetworkError"), message, code)
