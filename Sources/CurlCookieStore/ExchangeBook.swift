import Locking

/// The listener's ledger: which response each pending exchange gets, and what its request carried.
///
/// A client opens an exchange (the `Set-Cookie` lines the response should carry), sends its request with the
/// exchange's id in ``ExchangeBook/header``, then closes the exchange to read what arrived. Ids are unique in the
/// process, so stores running in parallel on one listener never see each other's requests; a request with an
/// unknown or missing id gets a 404 without cookies.
final class ExchangeBook: Sendable {
    /// The request header that names the exchange.
    static let header = "X-Cookie-Harness-Exchange"

    struct Exchange: Sendable {
        var setCookies: [String]
        var received: [ReceivedRequest] = []
        var problem: String?
    }

    /// What the listener sends back for one request.
    struct Answer: Sendable {
        var exchange: String
        var status: Int
        var setCookies: [String]
    }

    private struct State {
        var nextID: UInt64 = 1
        var open: [String: Exchange] = [:]
    }

    private let state = Locked(State())

    /// Registers the response for the next request naming the returned id.
    func open(setCookies: [String]) -> String {
        state.withLock { state in
            let id = String(state.nextID)
            state.nextID += 1
            state.open[id] = Exchange(setCookies: setCookies)
            return id
        }
    }

    /// Forgets the exchange and returns what it saw.
    func close(_ id: String) -> Exchange? {
        state.withLock { $0.open.removeValue(forKey: id) }
    }

    /// Records `request` and says how to answer it (called by the listener's thread).
    func answer(_ request: ReceivedRequest) -> Answer {
        guard let id = request.values(of: Self.header).first else { return Answer(exchange: "", status: 404, setCookies: []) }
        return state.withLock { state in
            guard state.open[id] != nil else { return Answer(exchange: id, status: 404, setCookies: []) }
            state.open[id]?.received.append(request)
            return Answer(exchange: id, status: 200, setCookies: state.open[id]?.setCookies ?? [])
        }
    }

    /// Marks the exchange as failed on the listener's side (a header libmicrohttpd would not send).
    func reject(_ id: String, _ problem: String) {
        state.withLock { $0.open[id]?.problem = problem }
    }
}
