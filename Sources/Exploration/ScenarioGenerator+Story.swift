extension ScenarioGenerator {
    /// One scenario's steps, drawn with what the app has open so far, so every step can run: a page step only on a
    /// page, a switch only to an open web view.
    struct Story {
        var routes: [DrawnRoute]
        /// The web views open, by name, and whether each shows a page.
        var views: [String: Bool] = [:]
        var current: String?
        var steps: [DraftElement] = []
        /// Cookie names the story may have set: what its store checks look for.
        var namesSeen: Set<String> = []

        /// The draws of the steps added later (see ``ScenarioGenerator/suite(batch:scenarios:)``).
        var extras: SeededRandom
        /// The draws of the app's own user scripts (`add-user-script`): a stream of their own, as for ``extras``.
        var appScripts: SeededRandom
        /// Whether a `mark-time` was placed, so a `native-remove-cookies` may name it.
        var marked = false

        init(routes: [DrawnRoute], extras: SeededRandom, appScripts: SeededRandom) {
            self.routes = routes
            self.extras = extras
            self.appScripts = appScripts
        }

        var hasPage: Bool { current.flatMap { views[$0] } ?? false }

        mutating func scenario(id: String, random: inout SeededRandom) -> DraftElement {
            let length = random.int(2...9)
            for _ in 0..<length { act(&random) }
            // The end: both stores, and the page when there is one.
            steps.append(storeCheck("expect-native-store", &random))
            if current != nil { steps.append(storeCheck("expect-web-view-store", &random)) }
            if hasPage { steps.append(DraftElement("expect-document-cookie", [.init("empty", "true")])) }
            return DraftElement(
                "scenario", [.init("id", id), .init("tags", "generated")],
                children: [DraftElement("title", text: "generated scenario \(id)")] + steps)
        }

        /// One action with its checks.
        private mutating func act(_ random: inout SeededRandom) {
            if extras.chance(0.03) {
                steps.append(DraftElement("mark-time", [.init("name", "m")]))
                marked = true
            }
            var choices: [(weight: Double, action: Action)] = [
                (1.0, .nativeSetCookie), (0.6, .nativeRequest), (0.25, .restartApp), (0.2, .advanceClock),
                (0.1, .reinstallApp), (0.15, .clearWebsiteData), (0.15, .nativeRemoveCookies),
            ]
            if current == nil {
                choices.append((4, .openWebView))
            } else {
                choices += [(4, .load), (0.3, .openWebView)]
                if views.count < 2 { choices.append((0.4, .openSecondWebView)) }
                if views.count > 1 { choices.append((0.6, .switchWebView)) }
            }
            if hasPage {
                choices += [
                    (1.5, .followLink), (0.3, .followLinkToNewWindow), (0.8, .submitForm), (3, .fetch), (1.5, .runScript),
                    (0.4, .goBack), (0.2, .goForward),
                ]
            }
            let total = choices.reduce(0) { $0 + $1.weight }
            var point = Double.random(in: 0..<total, using: &random)
            var chosen = choices[0].action
            for choice in choices {
                if point < choice.weight {
                    chosen = choice.action
                    break
                }
                point -= choice.weight
            }
            perform(chosen, &random)
            if current != nil, appScripts.chance(0.02) {
                // The app adds a script of its own that writes a cookie in every later page of the view.
                let line = ScenarioGenerator.setCookieLine(&appScripts)
                note(line)
                steps.append(DraftElement("add-user-script", text: Self.documentCookieStatement(line)))
            }
        }

        /// `document.cookie = "line";`, the line escaped for a double-quoted JavaScript string.
        static func documentCookieStatement(_ line: String) -> String {
            let literal = line.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return "document.cookie = \"\(literal)\";"
        }

        enum Action {
            case nativeSetCookie, nativeRequest, openWebView, openSecondWebView, switchWebView, load, followLink,
                followLinkToNewWindow, submitForm, goBack, goForward, fetch, runScript, restartApp, advanceClock,
                reinstallApp, clearWebsiteData, nativeRemoveCookies
        }

        private mutating func perform(_ action: Action, _ random: inout SeededRandom) {
            var requested: [String] = []
            switch action {
            case .nativeSetCookie:
                let line = ScenarioGenerator.setCookieLine(&random)
                note(line)
                steps.append(DraftElement("native-set-cookie", [.init("url", url(&random))], text: line))
            case .nativeRequest:
                let route = random.pick(routes)
                var element = DraftElement("native-request", [.init("url", route.url)])
                if random.chance(0.1) { element[attribute: "handles-cookies"] = "false" }
                steps.append(element)
                requested = hops(route)
            case .openWebView:
                var element = DraftElement("open-web-view")
                if random.chance(0.15) { element[attribute: "data-store"] = "non-persistent" }
                steps.append(element)
                views = ["main": false]
                current = "main"
            case .openSecondWebView:
                var element = DraftElement("open-web-view", [.init("name", "second")])
                if random.chance(0.2) { element[attribute: "data-store"] = "non-persistent" }
                if random.chance(0.1) { element[attribute: "shared-process-pool"] = "false" }
                steps.append(element)
                views["second"] = false
                current = "second"
            case .switchWebView:
                let name = random.pick(views.keys.sorted().filter { $0 != current })
                steps.append(DraftElement("switch-web-view", [.init("name", name)]))
                current = name
            case .load:
                let route = random.pick(routes)
                var element = DraftElement("load", [.init("url", route.url)])
                if random.chance(0.05) { element[attribute: "handles-cookies"] = "false" }
                if random.chance(0.08) { element.children.append(DraftElement("header", [.init("name", "Cookie"), .init("value", "manual=1")])) }
                if extras.chance(0.04) {
                    // The app's own HTML with the route's URL as its base: a page, and no request.
                    steps.append(DraftElement("load-html", [.init("base-url", route.url)]))
                    requested = []
                    views[current!] = true
                } else {
                    steps.append(element)
                    requested = hops(route)
                    // A navigation answered 204 keeps whatever page there was (none before the first).
                    if routes.first(where: { $0.url == requested.last })?.status != 204 { views[current!] = true }
                }
            case .followLink, .followLinkToNewWindow:
                let route = random.pick(routes)
                var element = DraftElement("follow-link", [.init("url", route.url)])
                if action == .followLinkToNewWindow { element[attribute: "target"] = "_blank" }
                steps.append(element)
                requested = hops(route)
            case .submitForm:
                let route = random.pick(routes)
                var element = DraftElement("submit-form", [.init("url", route.url)], children: [DraftElement("body", text: "f=1")])
                if random.chance(0.3) { element[attribute: "method"] = "GET" }
                steps.append(element)
                requested = hops(route)
            case .goBack, .goForward:
                steps.append(DraftElement(action == .goBack ? "go-back" : "go-forward"))
            case .fetch:
                let route = random.pick(routes)
                let kind = random.pick(["fetch", "fetch", "xhr", "image", "iframe", "script", "beacon", "event-source", "websocket"])
                // A WebSocket's URL is the route's as ws(s): its handshake asks for the route itself.
                let url = kind == "websocket" ? "ws" + route.url.dropFirst("http".count) : route.url
                var element = DraftElement("fetch", [.init("url", url)])
                if kind != "fetch" { element[attribute: "kind"] = kind }
                if kind == "fetch", random.chance(0.15) {
                    element[attribute: "credentials"] = random.pick(["omit", "same-origin"])
                    if random.chance(0.3) { element[attribute: "mode"] = "cors" }
                }
                if kind == "xhr" || kind == "event-source", random.chance(0.5) { element[attribute: "with-credentials"] = "true" }
                steps.append(element)
                requested = hops(route)
            case .runScript:
                let line = ScenarioGenerator.setCookieLine(&random)
                note(line)
                steps.append(DraftElement("run-script", text: Self.documentCookieStatement(line)))
            case .restartApp:
                steps.append(DraftElement("restart-app"))
                for name in views.keys { views[name] = false }
            case .advanceClock:
                steps.append(DraftElement("advance-clock", [.init("seconds", random.pick(["30", "3600", "90000"]))]))
            case .reinstallApp:
                steps.append(DraftElement("reinstall-app"))
                for name in views.keys { views[name] = false }
            case .clearWebsiteData:
                steps.append(DraftElement("clear-website-data"))
            case .nativeRemoveCookies:
                var element = DraftElement("native-remove-cookies")
                if marked, extras.chance(0.5) { element[attribute: "since"] = "m" }
                steps.append(element)
            }
            steps.append(DraftElement("expect-last-step", [.init("outcome", "succeeded")]))
            for url in requested { steps.append(DraftElement("expect-request", [.init("url", url), .init("empty", "true")])) }
            if hasPage, random.chance(0.3) { steps.append(DraftElement("expect-document-cookie", [.init("empty", "true")])) }
            if random.chance(0.2) { steps.append(storeCheck(current != nil && random.chance(0.5) ? "expect-web-view-store" : "expect-native-store", &random)) }
            if random.chance(0.05) { steps.append(DraftElement("expect-no-pending-work")) }
            if extras.chance(0.03) { steps.append(DraftElement("expect-no-load-during-cookie-write")) }
        }

        /// The URLs a request to `route` reaches, hop by hop.
        private func hops(_ route: DrawnRoute) -> [String] {
            var urls = [route.url]
            var next = route.target
            while let target = next, !urls.contains(target), urls.count < 4 {
                urls.append(target)
                next = routes.first { $0.url == target }?.target
            }
            return urls
        }

        private func url(_ random: inout SeededRandom) -> String {
            random.pick(ScenarioGenerator.origins) + random.pick(ScenarioGenerator.pagePaths)
        }

        private mutating func note(_ line: String) {
            if let name = line.split(separator: "=", maxSplits: 1).first { namesSeen.insert(String(name)) }
        }

        private func storeCheck(_ name: String, _ random: inout SeededRandom) -> DraftElement {
            let names = (Set(ScenarioGenerator.cookieNames).union(namesSeen)).sorted()
            return DraftElement(name, [.init("has", random.pick(names))])
        }
    }
}
