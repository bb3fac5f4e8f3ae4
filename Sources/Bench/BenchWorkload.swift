import CookieModel
import CookieStores
import Foundation

/// The standard store workload, read from `Sources/CookieStores/External/bench/workload.json`.
///
/// 3000 `Set-Cookie` lines over 60 domains (50 each: host-only and domain cookies, five paths, some Secure,
/// HttpOnly and SameSite=Lax; the shape of a long-lived browser profile), then 240 request URLs, four per domain,
/// whose paths match a few to most of a domain's cookies. The file is the one definition: the in-process stores
/// read it here, and every out-of-process adapter reads it when it answers `bench` (PROTOCOL.md, "bench").
package struct BenchWorkload: Sendable {
    /// One `Set-Cookie` line with the URL it is received from.
    package struct Response: Sendable, Hashable {
        package var url: String
        package var setCookie: String
    }

    /// Where it was read from (what the `bench` request sends).
    package var path: String
    package var responses: [Response]
    package var requestURLs: [String]
    /// The instant the clock is frozen at (the cookies have a Max-Age and no Expires: any clock gives the same).
    package var now: Date
    /// The context of every request and response.
    package var context: CookieRequestContext

    /// Reads a workload file.
    ///
    /// - Throws: ``Invalid`` naming the file and the field that is missing or wrong.
    package init(path: String) throws {
        self.path = path
        func invalid(_ what: String) -> Invalid { Invalid(path: path, problem: what) }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch { throw invalid("cannot read: \(error.localizedDescription)") }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw invalid("not a JSON object") }
        guard object["format"] as? Int == 1 else { throw invalid("'format' must be 1") }
        guard let now = object["now"] as? Double else { throw invalid("'now' must be a number") }
        guard let context = object["context"] as? [String: Any], let api = context["api"] as? String,
              let sameSite = context["same-site"] as? Bool, let topLevel = context["top-level"] as? Bool,
              let safe = context["safe-method"] as? Bool
        else { throw invalid("'context' must have api, same-site, top-level and safe-method") }
        guard let responses = object["responses"] as? [[String]], responses.allSatisfy({ $0.count == 2 }) else {
            throw invalid("'responses' must be an array of [url, set-cookie] pairs")
        }
        guard let requests = object["requests"] as? [String] else { throw invalid("'requests' must be an array of URLs") }
        self.now = Date(timeIntervalSince1970: now)
        self.context = CookieRequestContext(
            api: api == "http" ? .http : .nonHTTP, isSameSite: sameSite, isTopLevelNavigation: topLevel, isSafeMethod: safe)
        self.responses = responses.map { Response(url: $0[0], setCookie: $0[1]) }
        self.requestURLs = requests
    }

    /// The package's workload, found as adapter scripts are (current directory, the executable's, their parents).
    ///
    /// - Throws: `ExternalAdapters.ScriptNotFound` listing the places tried, or ``Invalid``.
    package static func standard(
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        executablePath: String? = Bundle.main.executablePath
    ) throws -> BenchWorkload {
        try BenchWorkload(path: ExternalAdapters.locateScript(
            ExternalAdapters.benchWorkload, currentDirectory: currentDirectory, executablePath: executablePath))
    }

    /// FNV-1a (64 bits) of every header's UTF-8 bytes, each followed by a newline (`nil`: the newline alone), as
    /// 16 lower-case hex digits: what a `bench` reply's `checksum` must equal (PROTOCOL.md, "bench").
    package static func checksum(_ headers: [String?]) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for header in headers {
            for byte in (header ?? "").utf8 + [0x0A] {
                value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
        }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// A workload file that cannot be used.
    package struct Invalid: Error, Sendable, CustomStringConvertible {
        package var path: String
        package var problem: String
        package var description: String { "\(path): error: \(problem)" }
    }
}
