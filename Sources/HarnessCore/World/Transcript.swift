import HTTPModel
import Locking

/// The story of one scenario as it ran: each exchange and app event on a line, for failure messages and reports.
public final class Transcript: Sendable {
    private let lines = Locked<[String]>([])

    public init() {}

    public func record(_ line: String) { lines.withLock { $0.append(line) } }

    /// A request going out on `via`; with `showingBodySize`, its body as a size (what an engine sent).
    public func request(_ request: HTTPRequest, via: String, showingBodySize: Bool = false) {
        var line = "→ [\(via)] \(request.method) \(request.url)"
        for header in request.headers { line += "\n    \(header.name): \(header.value)" }
        if showingBodySize, let body = request.body { line += "\n    (body: \(body.utf8.count) bytes)" }
        record(line)
    }

    public func response(_ response: HTTPResponse, for url: HTTPURL) {
        var line = "← \(response.status) \(url)"
        for header in response.headers { line += "\n    \(header.name): \(header.value)" }
        record(line)
    }

    public var all: [String] { lines.withLock { $0 } }
}
