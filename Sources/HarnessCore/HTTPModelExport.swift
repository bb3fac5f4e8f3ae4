// HTTP (requests, responses, header fields, redirects) is part of what the harness's apps, worlds and adapters speak:
// whoever imports HarnessCore speaks it too.
@_exported import HTTPModel
