import CookieModel
import Foundation
import Testing

@testable import LibsoupModel

/// Fixtures for the libsoup model's tests: a jar on a virtual clock in 2026 (after libsoup's 2020 cut-off).
enum LibsoupFixture {
    /// 2026-01-01T00:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_767_225_600)

    static func jar(_ policy: LibsoupCookieJar.AcceptPolicy = .always, at start: Date = now) -> (LibsoupCookieJar, VirtualClock) {
        let clock = VirtualClock(start: start)
        return (LibsoupCookieJar(clock: .virtual(clock), acceptPolicy: policy), clock)
    }
}

extension CookieStoreOutcome {
    var isStored: Bool { storedCookie != nil }
    var rejection: CookieRejection? {
        if case .rejected(let reason) = self { return reason }
        return nil
    }
    var isExpiredOnArrival: Bool {
        if case .expiredOnArrival = self { return true }
        return false
    }
}
