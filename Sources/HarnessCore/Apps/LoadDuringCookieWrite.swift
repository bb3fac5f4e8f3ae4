import Foundation

/// A request a web view sent while a cookie write of its data store had not landed (`<expect-no-load-during-cookie-write/>`):
/// the race an app's unawaited `WKHTTPCookieStore.setCookie` runs with its next load, seen even when the load
/// happened to carry what the scenario checks (a header the app set, a cookie the store already had).
public struct LoadDuringCookieWrite: Sendable, Hashable {
    /// The request as it went out, e.g. `GET https://app.example.com/home (navigation #5)`.
    public var load: String
    /// When it went out, on the scenario's clock.
    public var at: Date
    /// The writes of its data store then in flight, oldest first.
    public var writes: [PendingWork]

    public init(load: String, at: Date, writes: [PendingWork]) {
        self.load = load
        self.at = at
        self.writes = writes
    }

    /// `LOAD at TIME while WRITE since TIME (0.050 s ago) was in flight`.
    public var description: String {
        "\(load) at \(PendingWork.timestamp(at)) while "
            + writes.map { $0.description(now: at) }.joined(separator: ", ") + " \(writes.count == 1 ? "was" : "were") in flight"
    }
}
