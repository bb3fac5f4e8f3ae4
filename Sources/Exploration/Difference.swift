import HarnessCore

/// What sets two results of one scenario apart, in words that stay the same while a case is cut down: the kind of
/// the first observation that differs and the classes of cookies only one side saw there (not their values or line
/// numbers). Findings are grouped by it, and a cut is kept only when it keeps it.
package enum Difference {
    /// nil when the results cannot differ in a way worth a finding: one side skipped, or both agree.
    package static func signature(_ simulated: ScenarioResult, _ live: ScenarioResult) -> String? {
        switch (simulated.status, live.status) {
        case (.skipped, _), (_, .skipped): return nil
        case (.errored(let detail), .errored): return "both error: " + firstWords(detail)
        case (.errored(let detail), _): return "simulated errors: " + firstWords(detail)
        case (_, .errored(let detail)): return "live errors: " + firstWords(detail)
        default: break
        }
        if let (a, b) = firstDifference(simulated, live) { return describe(a, b) }
        if simulated.observations.count != live.observations.count {
            return "checks reached: simulated \(simulated.observations.count), live \(live.observations.count)"
        }
        return nil
    }

    /// The first observation of each side that differs, for a reader (nil when none does).
    package static func firstDifference(_ simulated: ScenarioResult, _ live: ScenarioResult) -> (Observation, Observation)? {
        zip(simulated.observations, live.observations).first { $0 != $1 }
    }

    static func describe(_ a: Observation, _ b: Observation) -> String {
        let kind = subjectKind(a.subject)
        if kind != subjectKind(b.subject) { return "\(kind) vs \(subjectKind(b.subject))" }
        if kind == "last step" || kind == "requests" || kind == "body" || kind == "header" {
            return "\(kind): simulated \(a.items.joined(separator: " ")), live \(b.items.joined(separator: " "))"
        }
        let onlyA = Set(a.items).subtracting(b.items)
        let onlyB = Set(b.items).subtracting(a.items)
        if onlyA.isEmpty, onlyB.isEmpty { return "\(kind): order" }
        func classes(_ items: Set<String>) -> String {
            let names = Set(items.map { cookieClass($0) }).sorted()
            return names.isEmpty ? "nothing" : names.joined(separator: ", ")
        }
        return "\(kind): only simulated \(classes(onlyA)); only live \(classes(onlyB))"
    }

    /// `Cookie header of GET https://…` → `Cookie header`; a store's subject → its store.
    static func subjectKind(_ subject: String) -> String {
        if subject.hasPrefix("Cookie header") { return "Cookie header" }
        if subject.hasPrefix("document.cookie") { return "document.cookie" }
        if subject.hasPrefix("native store") { return "native store" }
        if subject.hasPrefix("web view store") { return "web view store" }
        if subject.hasPrefix("last step") { return "last step" }
        if subject.hasPrefix("requests to") { return "requests" }
        if subject.hasPrefix("body of") { return "body" }
        return "header"
    }

    /// A cookie's class: its prefix, nameless, or a plain cookie (the generator's plain names are interchangeable).
    static func cookieClass(_ item: String) -> String {
        let name = item.prefix { $0 != "=" && $0 != " " }
        if name.hasPrefix("__Host-") { return "__Host-" }
        if name.hasPrefix("__Secure-") { return "__Secure-" }
        if !item.contains("=") || name.isEmpty { return "nameless" }
        return "cookie"
    }

    private static func firstWords(_ detail: String) -> String {
        String(detail.split(separator: "\n").first?.prefix(80) ?? "")
    }
}
