// The WebKit-shaped API carries HTTP's header fields (`WebRequest.headerFields`) and the engine seam its requests and
// responses: whoever imports WebKitModel speaks HTTP too.
@_exported import HTTPModel
