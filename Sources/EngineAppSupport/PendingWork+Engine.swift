import HarnessCore
import WebKitModel

// The engine's calls not finished and its loads that raced a cookie write (WebKitModel's vocabulary) as the harness
// reports them (HarnessCore's), for every app that drives an engine through the WebKit-shaped API. The two modules
// sit side by side, neither above the other, so the one conversion lives here, above both.

extension PendingWork {
    /// The engine's `operation` as a check and a transcript name it; whether it writes matters only to the engine,
    /// which uses it to tell the loads a write races.
    package init(_ operation: PendingOperation) {
        self.init(what: operation.what, since: operation.since)
    }
}

extension LoadDuringCookieWrite {
    /// A load the engine sent while writes of its data store were in flight, as `<expect-no-load-during-cookie-write/>`
    /// reports it.
    package init(_ load: LoadDuringWrite) {
        self.init(load: load.load, at: load.at, writes: load.writes.map(PendingWork.init))
    }
}
