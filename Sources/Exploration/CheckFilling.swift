import HarnessCore

/// Writes into a generated scenario's checks what one adapter observed (the reference jar): the checks then state
/// what RFC 6265bis says happens, and a run of another engine fails where it departs from it.
package enum CheckFilling {
    /// Why a generated scenario was left out: the reference could not run it to its end.
    package struct Dropped: Sendable, Hashable {
        package var scenarioID: String
        package var reason: String
    }

    /// `suite` with each scenario's checks filled from `results` (by scenario id; the n-th observation is the n-th
    /// check), and the scenarios the reference did not run to their end (an error, a skip, a step it could not do)
    /// taken out with the reason.
    package static func fill(_ suite: DraftElement, from results: [ScenarioResult]) -> (suite: DraftElement, dropped: [Dropped]) {
        let byID = Dictionary(results.map { ($0.scenarioID, $0) }, uniquingKeysWith: { first, _ in first })
        var filled = suite
        var dropped: [Dropped] = []
        filled.children = suite.children.compactMap { child -> DraftElement? in
            guard child.name == "scenario", let id = child[attribute: "id"] else { return child }
            guard let result = byID[id] else {
                dropped.append(Dropped(scenarioID: id, reason: "no result"))
                return nil
            }
            switch result.status {
            case .errored(let detail):
                dropped.append(Dropped(scenarioID: id, reason: "error: \(detail.prefix(200))"))
                return nil
            case .skipped(let reason):
                dropped.append(Dropped(scenarioID: id, reason: "skipped: \(reason)"))
                return nil
            case .passed, .failed:
                break
            }
            var scenario = child
            let checks = scenario.children.indices.filter { scenario.children[$0].name.hasPrefix("expect-") }
            guard checks.count == result.observations.count else {
                dropped.append(Dropped(
                    scenarioID: id,
                    reason: "\(result.observations.count) observations for \(checks.count) checks (a step the reference could not finish)"))
                return nil
            }
            for (index, observation) in zip(checks, result.observations) {
                scenario.children[index] = Self.filled(scenario.children[index], observation)
            }
            return scenario
        }
        return (filled, dropped)
    }

    /// One check, saying what `observation` saw.
    static func filled(_ check: DraftElement, _ observation: Observation) -> DraftElement {
        var check = check
        let items = observation.items
        switch check.name {
        case "expect-last-step":
            check[attribute: "outcome"] = items.first ?? "succeeded"
        case "expect-request" where observation.subject.hasPrefix("requests to"):
            check.attributes = check.attributes.filter { $0.name == "url" } + [.init("received", "false")]
        case "expect-request", "expect-document-cookie":
            check.attributes = check.attributes.filter { $0.name == "url" }
                + [items.isEmpty ? .init("empty", "true") : .init("equals", items.joined(separator: "; "))]
        case "expect-native-store", "expect-web-view-store":
            let name = check[attribute: "has"] ?? check[attribute: "lacks"] ?? ""
            check.attributes = [items.isEmpty ? .init("lacks", name) : .init("has", name)]
        default:
            break
        }
        return check
    }
}
