import CookieModel
import Foundation
import Testing

@testable import LibsoupModel

/// The model against libsoup 3.2.3 itself on 2000 random `Set-Cookie` lines made of awkward pieces (names and
/// values with white space, commas, control and non-ASCII octets; Domains in every case, on IP hosts, public
/// suffixes; odd Paths; Expires in many spellings; Max-Age at every integer edge; repeated and malformed
/// attributes). `Vectors/generate.py` stored each line in a fresh `SoupCookieJar` under a frozen clock and wrote
/// what libsoup kept and the `Cookie` header it built, and what a jar under WebKitGTK's no-third-party policy kept
/// with a same-site and a cross-site first party; here the model must keep and send exactly the same.
@Suite("libsoup model: 2000 lines against libsoup's own answers")
struct LibsoupVectorTests {
    struct Vectors: Decodable {
        struct Vector: Decodable {
            var url: String
            var line: String
            var cookies: [Record]
            var header: String?
            /// How many cookies a jar under `SOUP_COOKIE_JAR_ACCEPT_NO_THIRD_PARTY` kept: same-site, cross-site.
            var noThirdParty: [Int]

            enum CodingKeys: String, CodingKey {
                case url, line, cookies, header
                case noThirdParty = "no-third-party"
            }
        }

        struct Record: Decodable, Equatable {
            var name: String
            var value: String
            var domain: String
            var path: String
            var secure: Bool
            var httpOnly: Bool
            var sameSite: Int
            var expires: Int64?

            enum CodingKeys: String, CodingKey {
                case name, value, domain, path, secure, expires
                case httpOnly = "http-only", sameSite = "same-site"
            }
        }

        var now: Int64
        var vectors: [Vector]
    }

    static func load() throws -> Vectors {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Vectors/libsoup-vectors.json")
        return try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: path))
    }

    /// The jar's cookies as libsoup's `SoupCookie` fields (`SoupSameSitePolicy` as its number).
    static func records(_ jar: LibsoupCookieJar) -> [Vectors.Record] {
        jar.state.withLock { state in
            state.bucketOrder.flatMap { state.buckets[$0] ?? [] }.map { entry in
                let cookie = entry.cookie
                let policy = switch cookie.sameSite {
                case .none: 0
                case .lax: 1
                case .strict: 2
                }
                return Vectors.Record(
                    name: cookie.name, value: cookie.value, domain: cookie.domain, path: cookie.path,
                    secure: cookie.isSecure, httpOnly: cookie.isHTTPOnly, sameSite: policy, expires: cookie.expires?.unix)
            }
        }
    }

    @Test("every line is stored and sent as libsoup did")
    func vectors() throws {
        let vectors = try Self.load()
        #expect(vectors.vectors.count == 2000)
        let now = Date(timeIntervalSince1970: TimeInterval(vectors.now))
        var differing = 0
        for vector in vectors.vectors {
            let jar = LibsoupCookieJar(clock: .frozen(at: now))
            let url = try #require(CookieURL(string: vector.url))
            jar.setCookie(vector.line, from: url)
            let records = Self.records(jar)
            let header = jar.cookieHeader(for: url)
            let strict = [true, false].map { isSameSite in
                let strict = LibsoupCookieJar(clock: .frozen(at: now), acceptPolicy: .noThirdParty)
                // The generator's cross-site first party is another site: a subresource, not a navigation.
                let context = CookieRequestContext(isSameSite: isSameSite, isTopLevelNavigation: isSameSite)
                strict.setCookie(vector.line, from: url, context: context)
                return Self.records(strict).count
            }
            if records != vector.cookies || header != vector.header || strict != vector.noThirdParty {
                differing += 1
                if differing <= 20 {
                    Issue.record("""
                        \(vector.url) \(vector.line.debugDescription)
                          libsoup: \(vector.cookies) header \(vector.header.debugDescription)
                          model:   \(records) header \(header.debugDescription)
                          kept under no-third-party (same-site, cross-site): libsoup \(vector.noThirdParty), model \(strict)
                        """)
                }
            }
        }
        #expect(differing == 0, "\(differing) of \(vectors.vectors.count) lines differ")
    }
}
