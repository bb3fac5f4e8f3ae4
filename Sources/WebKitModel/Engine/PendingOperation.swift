import Foundation

/// A call the app made into the engine that has not finished: its effect has not landed and its completion handler
/// has not run (a `WKHTTPCookieStore.setCookie` in flight, or held until the data store's first load).
///
/// The harness settles the run loop after every step (unless a scenario says not to), so what is still pending then
/// will not finish by waiting: an app that counts on its completion handler waits forever, and a load sent meanwhile
/// goes without its effect.
public struct PendingOperation: Sendable, Hashable {
    /// The call as the transcript names it, with its data store, e.g. `WKHTTPCookieStore.setCookie session (data store #1)`.
    public var what: String
    /// When the app made the call (the scenario's clock).
    public var since: Date

    public init(what: String, since: Date) {
        self.what = what
        self.since = since
    }
}

