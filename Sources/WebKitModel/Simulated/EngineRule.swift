/// The fixed rules the simulated engine follows (DESIGN §6, rules 1–11; rule 12 is the profile parameters, whose
/// evidence is ``PlatformProfile/Evidence``), each with what it rests on: on Apple's WebKit, which cannot run here,
/// a document, a source or a field report; on WebKitGTK, the measurement — and, where a scenario shows the rule, the
/// live cells that show it, so a reviewer can open the transcript (`show SCENARIO --adapter ADAPTER`) and a test can
/// check that the cell still comes out as claimed (issue 19, "Evidence for every rule").
public enum EngineRule: Int, CaseIterable, Sendable {
    case twoJars = 1
    case manualCookieHeader
    case setCookieOnEveryResponse
    case navigationPolicies
    case foldedSetCookie
    case documentStartScript
    case scriptVisibleCookies
    case asynchronousCookieStore
    case appKill
    case implicitWebToNativeSync
    case cookieHandlingSwitch

    /// A live cell that shows the rule on the real engine: the scenario on the adapter, and whether it passes.
    public struct MeasuredCell: Sendable, Hashable {
        public let scenario: String
        public let adapter: String
        public let passes: Bool

        init(_ scenario: String, on adapter: String, passes: Bool) {
            self.scenario = scenario
            self.adapter = adapter
            self.passes = passes
        }
    }

    /// A few words for the README's summary.
    public var title: String {
        switch self {
        case .twoJars: "two jars; non-persistent stores isolated"
        case .manualCookieHeader: "a manual Cookie header on every redirect hop"
        case .setCookieOnEveryResponse: "Set-Cookie stored from 3xx responses"
        case .navigationPolicies: "action per hop, response for the final one only"
        case .foldedSetCookie: "Set-Cookie fields folded in the navigation response"
        case .documentStartScript: "document-start scripts run after the first response"
        case .scriptVisibleCookies: "document.cookie without HttpOnly"
        case .asynchronousCookieStore: "WKHTTPCookieStore.setCookie asynchronous"
        case .appKill: "a kill drops session cookies"
        case .implicitWebToNativeSync: "implicit web→native sync off"
        case .cookieHandlingSwitch: "httpShouldHandleCookies = false"
        }
    }

    /// On WebKitGTK: whether the rule holds as stated, or where the profile departs from it, or why it cannot be seen.
    public var onWebKitGTK: String {
        switch self {
        case .manualCookieHeader: "measured: does not hold, the header never reaches the wire (a profile parameter)"
        case .foldedSetCookie: "measured: does not hold, Set-Cookie is absent (a profile parameter)"
        case .implicitWebToNativeSync: "not observable: no native store"
        case .cookieHandlingSwitch: "not observable: no such switch; modelled as rule 2 there (assumed)"
        default: "measured: holds"
        }
    }

    /// The rule as DESIGN §6 states it, shortened.
    public var statement: String {
        switch self {
        case .twoJars:
            "two jars, native and web view (one per data store); a non-persistent store keeps nothing across a kill and is isolated; process pools do not split jars"
        case .manualCookieHeader:
            "a manual Cookie header on the load request is sent as-is on every redirect hop, replacing the store's cookies, never stored, not sent on later navigations or subresources"
        case .setCookieOnEveryResponse:
            "Set-Cookie is stored from every response, 3xx included, before the redirect is followed"
        case .navigationPolicies:
            "the navigation-action decision comes for the first request and each redirect hop; the navigation-response decision only for the final non-3xx response; neither for subresources"
        case .foldedSetCookie:
            "several Set-Cookie fields arrive joined with \", \" in the navigation response's header dictionary"
        case .documentStartScript:
            "a document-start user script runs after the first response: its cookie misses the first request; a script cannot create or overwrite an HttpOnly cookie, nor write for another site"
        case .scriptVisibleCookies:
            "document.cookie lists the name=value pairs matching the document's URL (host, path, Secure only on https), without HttpOnly cookies or attributes"
        case .asynchronousCookieStore:
            "WKHTTPCookieStore.setCookie is asynchronous (a load before its completion may miss the cookie: the profile's race or gate); it can set HttpOnly cookies; identity is (name, domain, path)"
        case .appKill:
            "a kill drops session cookies everywhere; the default data store and the native store keep persistent ones"
        case .implicitWebToNativeSync:
            "an implicit web→native sync of persistent cookies after a delay is a profile parameter, off by default"
        case .cookieHandlingSwitch:
            "httpShouldHandleCookies = false on the request: no store cookies on that load only"
        }
    }

    /// What the rule rests on for Apple's WebKit (the `ios` profiles).
    public var appleEvidence: PlatformProfile.Evidence {
        switch self {
        case .twoJars:
            .init(.confirmed, "Apple's documentation: WKWebsiteDataStore.nonPersistent() writes nothing to disk; WKProcessPool is deprecated since iOS 15 ('Creating and using multiple instances of WKProcessPool no longer has any effect'). Before iOS 15 pools did split session cookies by field reports (flutter_inappwebview PR 198 for iOS 11 and 12, AzureAD MSAL PR 249): that is the profile parameter `setCookie needs the shared process pool`, on for ios-11 and ios-12 and not modelled for iOS 13–14")
        case .manualCookieHeader:
            .init(.reported, "the 302 masking in public write-ups (hite.me/?p=140); field notes 000 and 002 put the native cookies in the load request's header")
        case .setCookieOnEveryResponse:
            .init(.confirmed, "WebKit's own test LayoutTests/http/tests/cookies/multiple-redirect-and-set-cookie.py@44b6a6ab sets a cookie on a 302 and its generic baseline (used by the Apple ports; no override found) records the next hop's 'Cookie: 42' (multiple-redirect-and-set-cookie-expected.txt@b6072167); RFC 6265bis §5.7 stores from every response")
        case .navigationPolicies:
            .init(.reported, "field note 000 (l. 261): a login that ends in a 302 sets its cookie on a response decidePolicyFor navigationResponse never sees; only the final response can be captured")
        case .foldedSetCookie:
            .init(.reported, "field notes 000 (l. 228) and 003 (l. 180) read allHeaderFields[\"Set-Cookie\"] as one string and split it themselves")
        case .documentStartScript:
            .init(.reported, "Apple's documentation of WKUserScriptInjectionTime.atDocumentStart (after the document element is created: after the response); RFC 6265bis §5.7 for the HttpOnly and domain limits of a non-HTTP API; field notes 000–004 inject cookies this way and report the first request without them")
        case .scriptVisibleCookies:
            .init(.reported, "field note 000 (l. 259): document.cookie never shows an HttpOnly cookie (tried on zhihu.com); RFC 6265bis §5.8.3 for a non-HTTP API")
        case .asynchronousCookieStore:
            .init(.confirmed, "Apple's documentation: setCookie(_:completionHandler:) calls its handler when the cookie is set, asynchronously; WebKit bug 290158 (2025-03-21) makes a later load wait for it (the profiles' race or gate)")
        case .appKill:
            .init(.reported, "Apple's documentation of HTTPCookie.isSessionOnly (discarded at the end of the session); field notes 000 and 001 persist cookies themselves because of it")
        case .implicitWebToNativeSync:
            .init(.assumed, "off as a default, not a fact: see the profile parameter's evidence (`list profiles`)")
        case .cookieHandlingSwitch:
            .init(.assumed, "Apple's documentation of URLRequest.httpShouldHandleCookies (no cookies sent from or saved to the store) is written for the URL loading system; that WKWebView's load honours it is assumed. Field note 004 sets it beside a manual Cookie header, saying the store's values 'may' otherwise be mixed in; rule 2 sends a manual header in place of the store's cookies either way, so the note's 'needed' is not modelled")
        }
    }

    /// What the rule rests on for WebKitGTK (the `webkitgtk` profile): measured on WebKitGTK 2.50.6 / libsoup 3.2.3.
    public var webKitGTKEvidence: PlatformProfile.Evidence {
        switch self {
        case .twoJars:
            .init(.confirmed, "measured: one jar per WebsiteDataManager, shared by its views; two ephemeral managers are isolated")
        case .manualCookieHeader:
            .init(.confirmed, "measured, and the rule does NOT hold: a manual Cookie header never reaches the wire, each hop carries the jar's cookies (profile parameter `manual Cookie header`)")
        case .setCookieOnEveryResponse:
            .init(.confirmed, "measured: Set-Cookie on a 302 is stored (HttpOnly kept) and sent on the next hop")
        case .navigationPolicies:
            .init(.confirmed, "measured: a NAVIGATION_ACTION decision per hop (is_redirect on hops), a RESPONSE decision only for the final non-3xx response, none for img, fetch or XHR")
        case .foldedSetCookie:
            .init(.confirmed, "measured, and the rule does NOT hold: Set-Cookie is absent from the RESPONSE decision's headers (profile parameter `Set-Cookie in navigation responses`)")
        case .documentStartScript:
            .init(.confirmed, "measured: the script's cookie misses the first request and reaches the page's subresources and later loads; HttpOnly in a script ignored; another site's Domain= rejected; an HttpOnly cookie in the jar not overwritten (the view's cache shows the script's value: profile parameter `script-write cookie cache`)")
        case .scriptVisibleCookies:
            .init(.confirmed, "measured: host, path, Secure only on https; no HttpOnly cookie")
        case .asynchronousCookieStore:
            .init(.confirmed, "measured: after CookieManager.add_cookie no load missed the cookie (0 of 60, even right after load_uri): gated; HttpOnly settable; identity (name, domain, path)")
        case .appKill:
            .init(.confirmed, "measured: with persistent storage set, persistent cookies survive a new process with their flags and session cookies do not")
        case .implicitWebToNativeSync:
            .init(.confirmed, "not observable: WebKitGTK has no native store to sync into; the live engine skips such scenarios with that reason")
        case .cookieHandlingSwitch:
            .init(.assumed, "WebKitGTK has no httpShouldHandleCookies: the live engine skips the scenario; the profile answers as rule 2 does there (the manual header replaced by the jar's cookies)")
        }
    }

    /// Live cells that show the rule (on `NAME@webkitgtk-live`), whether it holds or not; empty where no scenario can.
    public var measuredCells: [MeasuredCell] {
        switch self {
        case .twoJars:
            [MeasuredCell("persistence.non-persistent-data-store-keeps-nothing", on: "wk-no-sync@webkitgtk-live", passes: true),
             MeasuredCell("first-request.private-web-view-starts-empty", on: "wk-no-sync@webkitgtk-live", passes: true),
             MeasuredCell("first-request.native-login-in-web-view-with-own-process-pool", on: "wk-cookie-store@webkitgtk-live", passes: true)]
        case .manualCookieHeader:
            [MeasuredCell("first-request.native-login-session-on-first-load", on: "wk-request-header@webkitgtk-live", passes: false),
             MeasuredCell("cross-domain.not-leaked-by-cross-domain-redirect", on: "wk-request-header@webkitgtk-live", passes: false)]
        case .setCookieOnEveryResponse:
            [MeasuredCell("redirect.302-session-reaches-target", on: "wk-combined@webkitgtk-live", passes: true),
             MeasuredCell("redirect.chain-stores-cookies-of-every-hop", on: "wk-no-sync@webkitgtk-live", passes: true)]
        case .navigationPolicies:
            [MeasuredCell("redirect.cookie-set-on-302-reaches-native", on: "wk-response-capture:as-written@webkitgtk-live", passes: false)]
        case .foldedSetCookie:
            [MeasuredCell("first-request.web-login-on-first-native-request", on: "wk-response-capture:as-written@webkitgtk-live", passes: false)]
        case .documentStartScript:
            [MeasuredCell("first-request.domain-session-on-first-load-of-sibling", on: "wk-user-script:as-written@webkitgtk-live", passes: false),
             MeasuredCell("http-only.script-cannot-create-httponly", on: "wk-no-sync@webkitgtk-live", passes: true),
             MeasuredCell("cross-domain.script-cannot-plant-cookie-for-another-site", on: "wk-no-sync@webkitgtk-live", passes: true)]
        case .scriptVisibleCookies:
            [MeasuredCell("http-only.script-sees-only-non-httponly-cookies", on: "wk-no-sync@webkitgtk-live", passes: true),
             MeasuredCell("first-request.web-login-on-first-native-request", on: "wk-js-read@webkitgtk-live", passes: false)]
        case .asynchronousCookieStore:
            [MeasuredCell("first-request.native-login-session-on-first-load", on: "wk-cookie-store@webkitgtk-live", passes: true)]
        case .appKill:
            [MeasuredCell("persistence.web-view-persistent-cookie-survives-restart", on: "wk-no-sync@webkitgtk-live", passes: true),
             MeasuredCell("persistence.web-view-session-cookie-dropped-on-restart", on: "wk-no-sync@webkitgtk-live", passes: true)]
        case .implicitWebToNativeSync, .cookieHandlingSwitch:
            []
        }
    }

    /// Every rule as a Markdown table (docs/engines.md's generated block; `cookie-harness list rules`).
    public static var evidenceTable: String {
        var lines = [
            "| rule | Apple's WebKit (`ios` profiles) | WebKitGTK (`webkitgtk`, measured on 2.50.6) | live cells that show it |",
            "|---|---|---|---|",
        ]
        for rule in allCases {
            let cells = rule.measuredCells.map { "`\($0.scenario)` on `\($0.adapter)`: \($0.passes ? "passes" : "fails")" }
            lines.append("| \(rule.rawValue). \(rule.statement) | \(rule.appleEvidence) | \(rule.webKitGTKEvidence) | "
                         + (cells.isEmpty ? "—" : cells.joined(separator: "; ")) + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// One line per rule with the confidence on each platform (the README's summary of ``evidenceTable``).
    public static var summaryTable: String {
        var lines = [
            "| rule | Apple's WebKit | WebKitGTK | live cells |",
            "|---|---|---|---:|",
        ]
        for rule in allCases {
            lines.append("| \(rule.rawValue). \(rule.title) | \(rule.appleEvidence.confidence.rawValue) | "
                         + "\(rule.onWebKitGTK) | \(rule.measuredCells.count) |")
        }
        return lines.joined(separator: "\n")
    }
}
