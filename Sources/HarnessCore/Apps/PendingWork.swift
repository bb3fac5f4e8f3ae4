import Foundation

/// Work an app started and that has not finished once its run loop is idle: a completion handler never called, a
/// cookie write still in flight (`<expect-no-pending-work/>`, and the transcript's last line when any is left).
public struct PendingWork: Sendable, Hashable {
    /// The call, as the transcript names it.
    public var what: String
    /// When the app made it, on the scenario's clock.
    public var since: Date

    public init(what: String, since: Date) {
        self.what = what
        self.since = since
    }

    /// `WHAT since 2026-01-01T00:00:00.000Z (1.500 s ago)`.
    public func description(now: Date) -> String {
        let waited = now.timeIntervalSince(since)
        return "\(what) since \(Self.timestamp(since)) (\(waited == 0 ? "this instant" : String(format: "%.3f s ago", waited)))"
    }

    /// `2026-01-01T00:00:00.000Z`: a moment of the scenario's clock as failures and transcripts write it.
    public static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
