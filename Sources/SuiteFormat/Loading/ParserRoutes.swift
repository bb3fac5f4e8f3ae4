import CookieModel
import HTTPModel
import HarnessCore

/// Which scenarios reach a `delivery="parser"` route, so that they require `raw-set-cookie` before they run.
///
/// A scenario's requests (native requests, loads, fetches, links) are matched against the suite's routes the way
/// ``VirtualNetwork`` matches them, following each matched route's `Location` the way a client follows a redirect.
/// Any route the path matches counts, whatever its method: a scenario is skipped for an adapter that cannot take the
/// line rather than run into it. The walk is bounded by the client's redirect limit, as a redirect loop is.
struct ParserRoutes {
    private let routes: [String: [Route]]

    init(routesByOrigin: [String: [Route]]) {
        routes = routesByOrigin
    }

    /// Adds `raw-set-cookie` to every scenario that can reach a parser route (nothing when the suite has none).
    func markScenarios(_ scenarios: inout [Scenario]) {
        guard routes.values.contains(where: { $0.contains { $0.delivery == .parser } }) else { return }
        for index in scenarios.indices where reachesParserRoute(scenarios[index]) {
            scenarios[index].declaredCapabilities.insert(.rawSetCookie)
        }
    }

    private func reachesParserRoute(_ scenario: Scenario) -> Bool {
        scenario.steps.contains { step in
            switch step.kind {
            case .nativeRequest(let request), .load(let request), .fetch(let request, _): reaches(request.url)
            case .followLink(let url), .followLinkToNewWindow(let url): reaches(url)
            default: false
            }
        }
    }

    private func reaches(_ url: String) -> Bool {
        var pending = HTTPURL(url).map { [$0] } ?? []
        var hops = 0
        while let next = pending.popLast(), hops <= HTTPRedirect.limit {
            hops += 1
            let request = HTTPRequest(url: next)
            for route in routes[next.origin] ?? [] where VirtualNetwork.matches(route, request, anyMethod: true) {
                if route.delivery == .parser { return true }
                if let location = route.location, let target = next.resolving(location) { pending.append(target) }
            }
        }
        return false
    }
}
