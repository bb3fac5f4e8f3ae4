import Exploration
import Testing

/// Delta debugging keeps what the predicate needs and nothing else, at every level: steps, origins, routes, lines,
/// a line's attributes, XML attributes.
@Suite struct MinimizerTests {
    private func route(_ path: String, _ lines: [String], status: String? = nil) -> DraftElement {
        var element = DraftElement("route", [.init("path", path)], children: lines.map { DraftElement("set-cookie", text: $0) })
        if let status { element[attribute: "status"] = status }
        return element
    }

    private var draft: DraftElement {
        let steps = [
            DraftElement("open-web-view", [.init("data-store", "non-persistent")]),
            DraftElement("load", [.init("url", "https://a.example/p")]),
            DraftElement("expect-last-step", [.init("outcome", "succeeded")]),
            DraftElement("native-set-cookie", [.init("url", "https://a.example/")], text: "n=1; Path=/"),
            DraftElement("fetch", [.init("url", "https://b.example/q"), .init("kind", "xhr")]),
            DraftElement("expect-request", [.init("url", "https://b.example/q"), .init("empty", "true")]),
            DraftElement("run-script", text: "document.cookie = \"s=1; Secure; Path=/\";"),
            DraftElement("restart-app"),
        ]
        return DraftElement("suite", [.init("id", "m"), .init("title", "t")], children: [
            DraftElement("description", text: "d"),
            DraftElement("origin", [.init("url", "https://a.example")], children: [route("/p", ["a=1; Path=/; Secure; HttpOnly", "b=2"]), route("/r", [], status: "302")]),
            DraftElement("origin", [.init("url", "https://b.example")], children: [route("/q", ["c=3; SameSite=None; Secure"])]),
            DraftElement("origin", [.init("url", "https://c.example")], children: [route("/", ["d=4"])]),
            DraftElement("scenario", [.init("id", "m.1")], children: [DraftElement("title", text: "t")] + steps),
        ])
    }

    /// Interesting: a fetch of b.example/q is made while route /q sets a Secure cookie.
    private static func interesting(_ draft: DraftElement) -> Bool {
        let elements = draft.allElements
        let fetches = elements.contains { $0.name == "fetch" && $0[attribute: "url"] == "https://b.example/q" }
        let route = elements.first { $0.name == "route" && $0[attribute: "path"] == "/q" }
        let secure = route?.children.contains { $0.text?.contains("Secure") == true } ?? false
        // As a loader would: a route needs its path, an origin a route.
        let wellFormed = elements.filter { $0.name == "origin" }.allSatisfy { !$0.children.isEmpty }
        return fetches && secure && wellFormed
    }

    @Test func cutsEverythingThePredicateDoesNotNeed() {
        var minimizer = Minimizer(budget: 1000, isInteresting: Self.interesting)
        let outcome = minimizer.minimize(draft)
        #expect(outcome.isMinimal)
        let names = outcome.draft.children.map(\.name)
        #expect(names == ["origin", "scenario"])
        let origin = outcome.draft.children[0]
        #expect(origin[attribute: "url"] == "https://b.example")
        #expect(origin.children.count == 1)
        #expect(origin.children[0].children.map(\.text) == ["c=3; Secure"], "the line cut to the attribute that matters")
        let steps = outcome.draft.children[1].children.map(\.name)
        #expect(steps == ["title", "fetch"])
        #expect(outcome.draft.children[1].children[1][attribute: "kind"] == nil, "an optional attribute not needed is cut")
        #expect(Self.interesting(outcome.draft))
    }

    @Test func stopsAtItsBudget() {
        var tries = 0
        var minimizer = Minimizer(budget: 5) { draft in
            tries += 1
            return Self.interesting(draft)
        }
        let outcome = minimizer.minimize(draft)
        #expect(tries == 5)
        #expect(outcome.tries == 5)
        #expect(!outcome.isMinimal)
        #expect(Self.interesting(outcome.draft))
    }

    @Test func aScriptLineLosesAttributesInsideItsQuotes() {
        #expect(Minimizer.shorterLines("document.cookie = \"s=1; Secure\";", script: true) == ["document.cookie = \"s=1\";"])
        #expect(Minimizer.shorterLines("a=1; Path=/; Secure", script: false) == ["a=1; Secure", "a=1; Path=/"])
        #expect(Minimizer.shorterLines("a=1", script: false).isEmpty)
    }
}
