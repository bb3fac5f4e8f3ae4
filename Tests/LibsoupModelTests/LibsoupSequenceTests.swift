import CookieModel
import Foundation
import Testing

@testable import LibsoupModel

/// The model against libsoup 3.2.3 itself on 600 short histories of one `SoupCookieJarText`: lines stored from
/// several URLs with a same-site or cross-site first party (as `Set-Cookie` or as a script write), `Cookie`
/// headers and `document.cookie` in every request context, the clock moving (seconds to a month), restarts, and
/// the jar's contents. `Vectors/generate-sequences.py` ran each history on libsoup under libfaketime and wrote
/// every answer; here the model, driven as the `libsoup` adapter drives libsoup, must give each one.
@Suite("libsoup model: 600 histories against libsoup's own answers")
struct LibsoupSequenceTests {
    /// A jar's cookies as comparable strings, in a fixed order (libsoup lists them in hash order).
    static func contents(_ jar: LibsoupCookieJar) -> [String] {
        LibsoupVectorTests.records(jar).map { r in
            "\(r.name)|\(r.value)|\(r.domain)|\(r.path)|\(r.secure)|\(r.httpOnly)|\(r.sameSite)|\(r.expires.map(String.init) ?? "nil")"
        }.sorted()
    }

    static func contents(_ records: [[Any]]) -> [String] {
        records.map { r in
            let expires = (r[7] as? NSNumber).map { String($0.int64Value) } ?? "nil"
            return "\(r[0])|\(r[1])|\(r[2])|\(r[3])|\((r[4] as! NSNumber).boolValue)|\((r[5] as! NSNumber).boolValue)|\((r[6] as! NSNumber).intValue)|\(expires)"
        }.sorted()
    }

    @Test("every answer of every history is libsoup's")
    func histories() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Vectors/libsoup-sequences.json")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any])
        let start = Date(timeIntervalSince1970: (root["start"] as! NSNumber).doubleValue)
        let histories = try #require(root["histories"] as? [[[String: Any]]])
        #expect(histories.count == 600)
        var differing = 0
        for (number, history) in histories.enumerated() {
            let clock = VirtualClock(start: start)
            let jar = LibsoupCookieJar(clock: .virtual(clock))
            var trace: [String] = []
            for step in history {
                let op = step["op"] as! String
                let url = try (step["url"] as? String).map { try #require(CookieURL(string: $0)) }
                let same = (step["same-site"] as? Bool) ?? true
                trace.append("\(op) \(url.map(\.description) ?? "") \(step["line"] as? String ?? "")")
                var mismatch: String?
                switch op {
                case "set":
                    jar.receive(setCookie: step["line"] as! String, from: url!, context: CookieRequestContext(isSameSite: same))
                case "write-document":
                    jar.writeDocumentCookie(step["line"] as! String, documentURL: url!, isSameSite: same)
                case "header":
                    let context = CookieRequestContext(
                        api: .http, isSameSite: same, isTopLevelNavigation: step["top-level"] as! Bool,
                        isSafeMethod: step["safe"] as! Bool)
                    let expected = step["result"] as? String
                    let observed = jar.cookieHeader(for: url!, context: context)
                    if observed != expected { mismatch = "header \(observed.debugDescription), libsoup \(expected.debugDescription)" }
                case "document":
                    let expected = (step["result"] as? String) ?? ""
                    let observed = jar.documentCookie(for: url!, isSameSite: same)
                    if observed != expected { mismatch = "document.cookie '\(observed)', libsoup '\(expected)'" }
                case "advance":
                    clock.advance(by: (step["seconds"] as! NSNumber).doubleValue)
                case "restart":
                    jar.restart()
                case "list":
                    let expected = Self.contents(step["cookies"] as! [[Any]])
                    let observed = Self.contents(jar)
                    if observed != expected { mismatch = "jar \(observed), libsoup \(expected)" }
                default:
                    Issue.record("unknown op \(op)")
                }
                if let mismatch {
                    differing += 1
                    if differing <= 10 {
                        let steps = trace.joined(separator: "\n  ")
                        Issue.record("history \(number): \(mismatch)\n  \(steps)")
                    }
                    break
                }
            }
        }
        #expect(differing == 0, "\(differing) of \(histories.count) histories differ")
    }
}
