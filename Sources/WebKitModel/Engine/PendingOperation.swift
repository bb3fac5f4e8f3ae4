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
    /// Whether the call changes the store (a read, `getAllCookies`, does not: a load sent meanwhile loses nothing).
    public var isWrite: Bool

    public init(what: String, since: Date, isWrite: Bool = true) {
        self.what = what
        self.since = since
        self.isWrite = isWrite
    }
}

/// A request a web view sent while cookie writes of its data store were in flight (not landed): the load goes
/// without their effect, whatever the app meant by calling them first.
public struct LoadDuringWrite: Sendable, Hashable {
    /// The request, e.g. `GET https://app.example.com/home (navigation #5)`.
    public var load: String
    /// When it went out (the scenario's clock).
    public var at: Date
    /// The writes of its data store in flight then, oldest first.
    public var writes: [PendingOperation]

    public init(load: String, at: Date, writes: [PendingOperation]) {
        self.load = load
        self.at = at
        self.writes = writes
    }
}

