/// Suites nobody wrote: scenarios drawn at random, from a seed, over the whole suite vocabulary (issue 42).
///
/// Each suite has a handful of origins (an https host, the same host over http, a subdomain, a sibling and another
/// site) whose routes answer with `Set-Cookie` lines drawn from a grammar of names, values and attributes (edge
/// values on purpose: case, quotes, spaces, empty parts, dates, Max-Age, Domain and Path forms, prefixes, sizes), at
/// statuses that include every redirect and errors, redirects chaining across hosts, schemes and sites. Each
/// scenario is a story of app and page steps (every action of the schema) with a check after each one: how the
/// step ended, the `Cookie` header of what it requested, `document.cookie`, both stores. The checks are drafts:
/// ``CheckFilling`` writes into them what the reference jar observes, so a generated scenario states an expected
/// behaviour, and an exploration observes where two engines part from it and from each other.
///
/// The same seed and batch give the same suite, byte for byte (``SeededRandom``).
package struct ScenarioGenerator: Sendable {
    /// The origins every generated suite talks to.
    package static let origins = [
        "https://app.example.com", "http://app.example.com", "https://sub.app.example.com", "https://api.example.com",
        "https://other.example",
    ]
    /// Each origin's paths: pages (some under a folder, for Path), and two redirects.
    static let pagePaths = ["/", "/p1", "/dir/", "/dir/page"]
    static let redirectPaths = ["/r1", "/r2"]
    static let cookieNames = ["a", "b", "sid", "SID", "__Secure-s", "__Host-h"]
    static let cookieValues = ["1", "2", "v", "\"q\"", "a b", "", "x=y", "%41", String(repeating: "z", count: 300)]
    static let attributes: [[String]] = [
        ["Path=/", "Path=/dir", "Path=/dir/", "Path=", "Path=dir", "path=/p1"],
        [
            "Domain=example.com", "Domain=.example.com", "Domain=app.example.com", "Domain=sub.app.example.com",
            "Domain=other.example", "Domain=com", "domain=EXAMPLE.com",
        ],
        ["Secure", "secure"],
        ["HttpOnly", "httponly"],
        ["Max-Age=0", "Max-Age=-1", "Max-Age=60", "Max-Age=86400", "Max-Age=abc"],
        ["Expires=Thu, 01 Jan 1970 00:00:00 GMT", "Expires=Fri, 01 Jan 2038 00:00:00 GMT", "Expires=garbage"],
        ["SameSite=Lax", "SameSite=Strict", "SameSite=None", "SameSite=bogus"],
    ]

    package var seed: UInt64

    package init(seed: UInt64) {
        self.seed = seed
    }

    /// The suite id of batch `batch`.
    package static func suiteID(batch: Int) -> String { "explore-\(batch)" }

    /// Batch `batch`: a suite of `count` scenarios over origins whose routes are drawn for it.
    package func suite(batch: Int, scenarios count: Int) -> DraftElement {
        var random = SeededRandom(seed: seed &* 0x100_0000_01B3 ^ UInt64(batch) &+ 0x51_7CC1)
        let routes = drawRoutes(&random)
        var suite = DraftElement(
            "suite", [.init("id", Self.suiteID(batch: batch)), .init("title", "generated: seed \(seed), batch \(batch)")])
        suite.children.append(DraftElement("description", text: "Drawn by cookie-harness explore --seed \(seed); checks record what the reference jar does."))
        for origin in Self.origins {
            suite.children.append(DraftElement(
                "origin", [.init("url", origin)], children: routes.filter { $0.origin == origin }.map(\.element)))
        }
        // The steps added since the generator was first run (loadHTMLString, a time mark for removeCookies(since:), the
        // check of a load during a cookie write; the app's user scripts, on a second one) are drawn from streams of
        // their own, so every earlier draw stays the same and a seed's findings stay comparable.
        let extras = seed &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(batch) &+ 0x2545_F491
        for number in 1...max(1, count) {
            let scenario = UInt64(number) &* 0x100_0000_01B3
            var story = Story(
                routes: routes, extras: SeededRandom(seed: extras &+ scenario),
                appScripts: SeededRandom(seed: (extras ^ 0x5A17_C0DE) &+ scenario))
            suite.children.append(story.scenario(id: "\(Self.suiteID(batch: batch)).\(number)", random: &random))
        }
        return suite
    }

    // MARK: Routes

    /// A route with what the stories need to know of it.
    struct DrawnRoute {
        var origin: String
        var path: String
        var status: Int
        /// The absolute URL a redirect sends to.
        var target: String?
        var element: DraftElement
        var url: String { origin + path }
    }

    private func drawRoutes(_ random: inout SeededRandom) -> [DrawnRoute] {
        var routes: [DrawnRoute] = []
        for origin in Self.origins {
            for path in Self.pagePaths {
                let status = random.chance(0.12) ? random.pick([204, 404, 500]) : 200
                var element = DraftElement("route", [.init("path", path)])
                if status != 200 { element[attribute: "status"] = String(status) }
                element.children = drawSetCookies(&random, chance: 0.65)
                routes.append(DrawnRoute(origin: origin, path: path, status: status, element: element))
            }
        }
        // Redirects after the pages: /r1 may lead to any origin's /r2, /r2 only to a page, so chains end.
        for path in Self.redirectPaths.reversed() {
            for origin in Self.origins {
                let candidates = routes.filter { path == "/r1" ? true : !$0.path.hasPrefix("/r") }
                let target = random.pick(candidates)
                let status = random.pick([301, 302, 302, 303, 307, 308])
                let sameOrigin = target.origin == origin && random.chance(0.5)
                var element = DraftElement(
                    "route",
                    [.init("path", path), .init("status", String(status)), .init("location", sameOrigin ? target.path : target.url)])
                element.children = drawSetCookies(&random, chance: 0.7)
                routes.append(DrawnRoute(origin: origin, path: path, status: status, target: target.url, element: element))
            }
        }
        return routes
    }

    private func drawSetCookies(_ random: inout SeededRandom, chance: Double) -> [DraftElement] {
        guard random.chance(chance) else { return [] }
        return (0..<random.int(1...3)).map { _ in DraftElement("set-cookie", text: Self.setCookieLine(&random)) }
    }

    /// A `Set-Cookie` line from the grammar; always a valid HTTP field value (nothing to trim, no control).
    static func setCookieLine(_ random: inout SeededRandom) -> String {
        let name = random.pick(cookieNames)
        var value = random.pick(cookieValues)
        if value.isEmpty, random.chance(0.5) { value = "" }
        var line = random.chance(0.04) ? "solo" : "\(name)=\(value)"
        var groups = attributes.indices.shuffled(using: &random)
        groups = Array(groups.prefix(random.int(0...3)))
        // A prefix is worth trying with what it demands.
        if name.hasPrefix("__"), random.chance(0.6) { groups = [2, 0] + groups.filter { $0 != 2 && $0 != 0 } }
        for group in groups {
            let attribute = group == 0 && name == "__Host-h" && random.chance(0.5) ? "Path=/" : random.pick(attributes[group])
            line += random.pick(["; ", "; ", "; ", ";", " ; "]) + attribute
        }
        return line
    }
}
