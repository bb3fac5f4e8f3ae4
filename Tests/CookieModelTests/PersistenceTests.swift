import Foundation
import TestSupport
import Testing
@testable import CookieModel

/// Snapshots and restore (app kill / relaunch), and the end of a session (§5.7: "When "the current session is over"
/// ..., the user agent MUST remove from the cookie store all cookies with the persistent-flag set to false").
@Suite("Persistence and sessions")
struct PersistenceTests {
    /// Everything a cookie carries except the jar-internal sequence number.
    struct Fields: Hashable, CustomStringConvertible {
        var name, value, domain, path: String
        var expiry: Date?
        var creation, lastAccess: Date
        var isHostOnly, isSecure, isHTTPOnly: Bool
        var sameSite: SameSite

        init(_ c: Cookie) {
            (name, value, domain, path, expiry) = (c.name, c.value, c.domain, c.path, c.expiry)
            (creation, lastAccess) = (c.creation, c.lastAccess)
            (isHostOnly, isSecure, isHTTPOnly, sameSite) = (c.isHostOnly, c.isSecure, c.isHTTPOnly, c.sameSite)
        }

        var description: String { "\(name)=\(value) \(domain)\(path)" }
    }

    /// A jar with persistent and session cookies of every flavour, created at distinct times.
    func populatedJar() throws -> (CookieJar, VirtualClock) {
        let (jar, clock) = Fixture.virtualJar()
        let lines = [
            "persist=1; Max-Age=3600",
            "session=1",
            "secure=1; Secure; HttpOnly; SameSite=Strict; Max-Age=7200; Path=/app",
            "domain=1; Domain=example.com; Max-Age=600; SameSite=None; Secure",
            "nameless; Max-Age=60",
            "lax=1; SameSite=Lax; Expires=Fri, 01 Jan 2100 00:00:00 GMT",
            "session2=1; Path=/app",
        ]
        for line in lines {
            clock.advance(by: 1)
            expectStored(jar.setCookie(line, from: try url("https://www.example.com/")), "\(line)")
        }
        clock.advance(by: 1)
        _ = jar.cookieHeader(for: try url("https://www.example.com/app"))   // touch last-access-times
        return (jar, clock)
    }

    @Test("snapshot: session cookies are dropped unless asked for")
    func snapshotSessionCookies() throws {
        let (jar, _) = try populatedJar()
        let persistent = jar.snapshot()
        #expect(persistent.version == CookieJarSnapshot.currentVersion)
        #expect(Set(persistent.cookies.map(\.name)) == ["persist", "secure", "domain", "", "lax"])
        #expect(persistent.cookies.allSatisfy { $0.isPersistent })
        let everything = jar.snapshot(includingSessionCookies: true)
        #expect(Set(everything.cookies.map(\.name)) == Set(jar.allCookies.map(\.name)))
        #expect(everything.cookies.count == 7)
    }

    @Test("snapshot → JSON → restore keeps every field, and the retrieval order", arguments: [false, true])
    func roundTrip(includingSessionCookies: Bool) throws {
        let (jar, clock) = try populatedJar()
        let data = try jar.encodedSnapshot(includingSessionCookies: includingSessionCookies)
        let restored = try CookieJar(restoring: data, clock: .virtual(clock))
        let expected = jar.snapshot(includingSessionCookies: includingSessionCookies).cookies.map(Fields.init)
        #expect(Set(restored.allCookies.map(Fields.init)) == Set(expected))
        for address in ["https://www.example.com/app", "https://example.com/", "http://www.example.com/"] {
            let target = try url(address)
            let original = jar.cookies(for: target).filter { includingSessionCookies || $0.isPersistent }.map(\.pair)
            #expect(restored.cookies(for: target).map(\.pair) == original, "\(address)")
        }
    }

    @Test("restore with a frozen clock keeps the creation order of cookies created at the same instant")
    func roundTripFrozenClock() throws {
        let jar = Fixture.frozenJar()
        let origin = try url("https://example.com/")
        for name in ["z", "a", "m", "b"] {
            expectStored(jar.setCookie("\(name)=1; Max-Age=60", from: origin))
        }
        let restored = try CookieJar(restoring: try jar.encodedSnapshot(), clock: .frozen(at: Fixture.now))
        expectHeader(restored, origin, "z=1; a=1; m=1; b=1")
    }

    @Test("restore drops cookies that expired in the meantime")
    func restoreDropsExpired() throws {
        let (jar, clock) = try populatedJar()
        let snapshot = jar.snapshot()
        clock.advance(by: 601)                      // past "domain" (600 s) and "nameless" (60 s)
        let restored = try CookieJar(restoring: snapshot, clock: .virtual(clock))
        #expect(Set(restored.allCookies.map(\.name)) == ["persist", "secure", "lax"])
        #expect(restored.count == 3)
    }

    @Test("restore refuses an unknown version and malformed JSON")
    func restoreRejectsBadInput() throws {
        var snapshot = Fixture.frozenJar().snapshot()
        snapshot.version = CookieJarSnapshot.currentVersion + 1
        #expect(throws: CookieJarSnapshotError.self) {
            _ = try CookieJar(restoring: snapshot, clock: .frozen(at: Fixture.now))
        }
        #expect(throws: CookieJarSnapshotError.self) {
            _ = try CookieJar(restoring: Data("not json".utf8), clock: .frozen(at: Fixture.now))
        }
        #expect(throws: CookieJarSnapshotError.self) {
            _ = try CookieJar(restoring: Data("{\"version\":1}".utf8), clock: .frozen(at: Fixture.now))
        }
    }

    @Test("restore applies the configuration's limits")
    func restoreAppliesLimits() throws {
        let (jar, clock) = try populatedJar()
        let restored = try CookieJar(
            restoring: jar.snapshot(), clock: .virtual(clock),
            configuration: CookieJarConfiguration(maximumCookiesPerDomain: 50, maximumCookies: 2)
        )
        #expect(restored.count == 2)
        #expect(restored.allCookies.count == 2)
    }

    @Test("§5.7 end of session: session cookies go, persistent cookies stay")
    func endSession() throws {
        let (jar, _) = try populatedJar()
        jar.endSession()
        #expect(Set(jar.allCookies.map(\.name)) == ["persist", "secure", "domain", "", "lax"])
        #expect(jar.count == 5)
        expectHeader(jar, try url("https://www.example.com/app"), "secure=1; persist=1; domain=1; nameless; lax=1")
    }
}
