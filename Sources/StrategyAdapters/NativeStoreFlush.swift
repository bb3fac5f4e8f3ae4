import CookieModel
import Foundation

/// The native store's disk, when it is written some time after a change (``WebKitModel/PlatformProfile/nativeStoreFlushDelay``,
/// field note 000): what a kill keeps is what was written, not what the store held.
///
/// The app notes the store after every step (``note(_:at:)``); a change starts the flush timer, and the store is
/// written `delay` after the first unwritten change. At a kill (``unwritten(at:)``) the changes whose timer had not
/// run out are lost: the store reverts to what was written.
struct NativeStoreFlush {
    let delay: TimeInterval
    /// The persistent cookies on disk.
    private(set) var written: [Cookie]
    /// The persistent cookies held now, and since when some of them are not on disk.
    private var pending: (cookies: [Cookie], since: Date)?

    init(delay: TimeInterval, cookies: [Cookie]) {
        self.delay = delay
        self.written = Self.persistent(cookies)
    }

    mutating func note(_ cookies: [Cookie], at now: Date) {
        flushIfDue(at: now)
        let current = Self.persistent(cookies)
        let last = pending?.cookies ?? written
        guard Self.keys(current) != Self.keys(last) else { return }
        pending = (current, pending?.since ?? now)
    }

    /// The persistent cookies a kill at `now` keeps, or nil when everything is on disk.
    mutating func unwritten(at now: Date) -> [Cookie]? {
        flushIfDue(at: now)
        return pending == nil ? nil : written
    }

    private mutating func flushIfDue(at now: Date) {
        guard let pending, now.timeIntervalSince(pending.since) >= delay else { return }
        written = pending.cookies
        self.pending = nil
    }

    static func persistent(_ cookies: [Cookie]) -> [Cookie] { cookies.filter(\.isPersistent) }

    /// What a change is: identity, value, expiry and flags (not the last-access time a request updates).
    static func key(_ c: Cookie) -> String {
        "\(c.name)=\(c.value);\(c.domain);\(c.path);\(c.expiry?.timeIntervalSince1970 ?? -1);\(c.isSecure);\(c.isHTTPOnly);\(c.isHostOnly)"
    }

    static func keys(_ cookies: [Cookie]) -> Set<String> { Set(cookies.map(key)) }
}
