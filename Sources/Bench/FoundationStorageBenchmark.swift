import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Foundation's `HTTPCookieStorage` (an ephemeral, in-memory one per fill) under the same workload.
package struct FoundationStorageBenchmark: BenchmarkedStore {
    package let name = "foundation"
    private var responses: [(URL, [String: String])] = []
    private var requests: [URL] = []
    private var full: HTTPCookieStorage?

    package init() {}

    package mutating func prepare(_ workload: BenchWorkload) {
        responses = workload.responses.map { (URL(string: $0.url)!, ["Set-Cookie": $0.setCookie]) }
        requests = workload.requestURLs.map { URL(string: $0)! }
        full = fill()
    }

    private func fill() -> HTTPCookieStorage {
        let storage = URLSessionConfiguration.ephemeral.httpCookieStorage!
        storage.cookieAcceptPolicy = .always
        for (url, fields) in responses {
            storage.setCookies(HTTPCookie.cookies(withResponseHeaderFields: fields, for: url), for: url, mainDocumentURL: nil)
        }
        return storage
    }

    package func storeAll() { _ = fill() }

    package func headersForAll() -> Int {
        var total = 0
        for url in requests {
            let cookies = full!.cookies(for: url) ?? []
            total &+= HTTPCookie.requestHeaderFields(with: cookies)["Cookie"]?.utf8.count ?? 0
        }
        return total
    }

    package func headers() -> [String?] {
        requests.map { HTTPCookie.requestHeaderFields(with: full!.cookies(for: $0) ?? [])["Cookie"] }
    }

    package var storedCount: Int { full?.cookies?.count ?? 0 }
}
