import Foundation

/// What a jar writes to disk and reads back: for app kill/relaunch scenarios and persistence adapters.
public struct CookieJarSnapshot: Sendable, Codable, Hashable {
    /// Bumped when the layout changes; `restore` refuses versions it does not know.
    public static let currentVersion = 1

    public var version: Int
    public var cookies: [Cookie]
}

extension CookieJar {
    /// The jar's content; session cookies only when `includingSessionCookies` (a jar that persists keeps none).
    public func snapshot(includingSessionCookies: Bool = false) -> CookieJarSnapshot {
        CookieJarSnapshot(
            version: CookieJarSnapshot.currentVersion,
            cookies: allCookies.filter { includingSessionCookies || $0.isPersistent }
        )
    }

    /// A snapshot as JSON.
    public func encodedSnapshot(includingSessionCookies: Bool = false) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        return try encoder.encode(snapshot(includingSessionCookies: includingSessionCookies))
    }

    /// A new jar holding a snapshot's unexpired cookies, creation order and times preserved.
    public convenience init(
        restoring snapshot: CookieJarSnapshot, clock: CookieClock, configuration: CookieJarConfiguration = .rfc6265bis
    ) throws {
        guard snapshot.version == CookieJarSnapshot.currentVersion else {
            throw CookieJarSnapshotError(message: "unknown cookie jar snapshot version \(snapshot.version)")
        }
        self.init(clock: clock, configuration: configuration)
        for cookie in snapshot.cookies.sorted(by: { $0.creationSequence < $1.creationSequence }) {
            insert(cookie)
        }
    }

    /// A new jar from JSON written by ``encodedSnapshot(includingSessionCookies:)``.
    public convenience init(
        restoring data: Data, clock: CookieClock, configuration: CookieJarConfiguration = .rfc6265bis
    ) throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let snapshot: CookieJarSnapshot
        do {
            snapshot = try decoder.decode(CookieJarSnapshot.self, from: data)
        } catch {
            throw CookieJarSnapshotError(message: "not a cookie jar snapshot: \(error)")
        }
        try self.init(restoring: snapshot, clock: clock, configuration: configuration)
    }
}

public struct CookieJarSnapshotError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}
