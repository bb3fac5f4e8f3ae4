/// What each parameter of a ``PlatformProfile`` rests on, so that `list profiles` and the README can say, line by
/// line, whether a verdict on that profile comes from a measurement, a source, field reports or a guess (issue 23).
extension PlatformProfile {
    /// How sure we are of one parameter's value.
    public enum Confidence: String, Sendable, Hashable, CaseIterable {
        /// Measured on a real engine, or stated by WebKit's own source, tests or documentation.
        case confirmed
        /// Several independent public field reports, or one source that says it less than plainly.
        case reported
        /// A reasoned choice awaiting a measurement or a source.
        case assumed
    }

    /// A parameter's confidence and the source it rests on (a file at a commit, a bug, a document, a measurement).
    public struct Evidence: Sendable, Hashable, CustomStringConvertible {
        public var confidence: Confidence
        public var source: String

        public init(_ confidence: Confidence, _ source: String) {
            self.confidence = confidence
            self.source = source
        }

        public var description: String { "\(confidence.rawValue): \(source)" }
    }

    /// Every parameter a profile shows, one line each in ``description``; each needs an ``Evidence``.
    public enum Parameter: String, Sendable, Hashable, CaseIterable {
        case jar
        case manualCookieHeader = "manual Cookie header"
        case cookieStoreWrites = "cookie-store writes"
        case cookieStoreWriteDelay = "cookie-store write delay"
        case defersCookieStoreUntilFirstLoad = "cookie-store held until the first load"
        case cookieStoreNeedsSharedProcessPool = "setCookie needs the shared process pool"
        case thirdPartyCookies = "third-party cookies"
        case sameSite = "SameSite"
        case implicitWebToNativeSyncDelay = "implicit web→native sync"
        case nativeStoreFlushDelay = "native store flush"
        case navigationActionCarriesBody = "POST body in navigation actions"
        case responseShowsSetCookie = "Set-Cookie in navigation responses"
        case schemefulSameSite = "schemeful same-site"
        case crossSiteRedirects = "cross-site after a cross-site redirect"
        case sameSiteNoneRequiresSecure = "SameSite=None requires Secure"
        case cookieLifetimeCap = "lifetime cap"
        case maxAgeWinsOverExpires = "Max-Age wins over Expires"
        case scriptWriteCache = "script-write cookie cache"
        case pageScriptsAfterStoreOperations = "a page's scripts after the app's store operations"
        case schemeTaskFollowsCredentials = "scheme-handler request's cookie flag follows credentials"
        case mixedContentImages = "an https page's http image"
        case sameOriginCredentialsAtFirstURL = "a no-cors fetch's same-origin credentials decided at its first URL"
        case appSchemePagesAreFirstParty = "a page on the app's scheme is first party to every host"
        case cookieStoreDeleteMatchesValue = "a cookie-store delete needs the value to match"
        case webSocketFollowsRedirects = "a WebSocket handshake follows a redirect"
    }

    /// The value of `parameter`, as the profile listing shows it.
    public func value(of parameter: Parameter) -> String {
        switch parameter {
        case .jar:
            switch jar {
            case .libsoup: "libsoup (a model of libsoup 3.2.3's, checked against the library)"
            case .apple: "apple (the reference jar with Apple's recorded departures, rules below; checked against WebKit's Apple-port records)"
            case .rfc6265bis: jar.rawValue
            }
        case .manualCookieHeader: manualCookieHeader.rawValue
        case .cookieStoreWrites: cookieStoreWrites.rawValue
        case .cookieStoreWriteDelay: "\(cookieStoreWriteDelay) s"
        case .defersCookieStoreUntilFirstLoad: "\(defersCookieStoreUntilFirstLoad)"
        case .cookieStoreNeedsSharedProcessPool: "\(cookieStoreNeedsSharedProcessPool)"
        case .thirdPartyCookies: thirdPartyCookies.rawValue
        case .sameSite: sameSite.description
        case .implicitWebToNativeSyncDelay:
            implicitWebToNativeSyncDelay.map { "after \($0) s, over the native cookies of the domain" } ?? "off"
        case .nativeStoreFlushDelay: nativeStoreFlushDelay.map { "\($0) s after a change" } ?? "at once"
        case .navigationActionCarriesBody: "\(navigationActionCarriesBody)"
        case .responseShowsSetCookie: "\(responseShowsSetCookie)"
        case .schemefulSameSite: "\(schemefulSameSite)"
        case .crossSiteRedirects: "\(crossSiteRedirects)"
        case .sameSiteNoneRequiresSecure: "\(sameSiteNoneRequiresSecure)" + jarOwnsRule
        case .cookieLifetimeCap: (cookieLifetimeCap.map { "\(Int($0 / 86_400)) days" } ?? "none") + jarOwnsRule
        case .maxAgeWinsOverExpires: "\(maxAgeWinsOverExpires)" + jarOwnsRule
        case .scriptWriteCache: "\(scriptWriteCache)"
        case .pageScriptsAfterStoreOperations: "\(pageScriptsAfterStoreOperations)"
        case .schemeTaskFollowsCredentials: "\(schemeTaskFollowsCredentials)"
        case .mixedContentImages: mixedContentImages.rawValue
        case .sameOriginCredentialsAtFirstURL: "\(sameOriginCredentialsAtFirstURL)"
        case .appSchemePagesAreFirstParty: "\(appSchemePagesAreFirstParty)"
        case .cookieStoreDeleteMatchesValue: "\(cookieStoreDeleteMatchesValue)"
        case .webSocketFollowsRedirects: "\(webSocketFollowsRedirects)"
        }
    }

    /// Said after a rule the jar decides by itself (a model of a real jar), where the parameter only documents it.
    private var jarOwnsRule: String { jar == .rfc6265bis ? "" : " (the \(jar.rawValue) jar's own rule)" }
}

/// The evidence of each profile, checked in December 2026 against the sources named (issue 23). WebKit commits are
/// `WebKit/WebKit` on GitHub; WPT expectation files are WebKit's generic baselines under
/// `LayoutTests/imported/w3c/web-platform-tests/cookies/`, which the Apple ports use (no `platform/ios` override).
extension PlatformProfile.Evidence {
    typealias P = PlatformProfile.Parameter

    /// Shared by every iOS profile where nothing changed between versions.
    static let apple: [P: Self] = [
        .jar: Self(.reported, "Apple's jar (CFNetwork) cannot run here; the model (AppleModel) is RFC 6265bis with the departures WebKit's bots record for the Apple ports on the WPT cookie tests (LayoutTests/imported/w3c/web-platform-tests/cookies/**-expected.txt, Corpora/wpt-cookies): `conformance wpt-cookies` matches 908 of 908 importable subtests by value; what the records do not cover (domain and path matching, Secure, HttpOnly, eviction) is the reference jar's, assumed"),
        .manualCookieHeader: Self(.reported, "DESIGN §6 rule 2: the 302 masking in public write-ups (hite.me/?p=140)"),
        .cookieStoreWriteDelay: Self(.assumed, "small enough not to disturb expiry scenarios, large enough to order events"),
        .defersCookieStoreUntilFirstLoad: Self(.assumed, "openradar 40100673 describes iOS 11.3 only; no later report found, not checked on a device"),
        .cookieStoreNeedsSharedProcessPool: Self(.confirmed, "off: Apple's documentation of WKProcessPool (deprecated in iOS 15): 'Creating and using multiple instances of WKProcessPool no longer has any effect'"),
        .thirdPartyCookies: Self(.reported, "ITP on by default in WKWebView apps from iOS 14: apache/cordova-ios issue 922 (2020-06-26: 'Apple just announced that iOS 14 will enable Intelligent Tracking Prevention (ITP) by default in WKWebView'); an app opts out with NSCrossWebsiteTrackingUsageDescription, which shows the user an 'Allow Cross-Website Tracking' switch (WebKit r265202, bug 215031, 2020-08-03; home-assistant/iOS PR 1147), not modelled; third-party cookies blocked outright under ITP since Safari 13.1 / iOS 13.4 (webkit.org, 2020-03-24, 'Full Third-Party Cookie Blocking and More', reported for Safari; the post itself not read here); no webkit.org text found that says the iOS 14 default; the same blocking for a cross-site frame's document.cookie (the app's all-frames user script reads nothing and its write is dropped) is assumed, not measured: the rule was measured on WebKitGTK 2.50.6 only (docs/engines.md, 'Scripts inside frames, measured')"),
        .implicitWebToNativeSyncDelay: Self(.assumed, "off as a default, not a fact: WebKit's WebProcessPool (Cocoa) hands the UI process's cookie storage to the network process (uiProcessCookieStorageIdentifier) under PLATFORM(MAC) || PLATFORM(MACCATALYST) only; sync delays on iOS devices are field reports, not checked here"),
        .nativeStoreFlushDelay: Self(.reported, "at once by default; a scenario sets the debounce of persistent writes (field note 000, Apple developer forums; not checked here)"),
        .navigationActionCarriesBody: Self(.reported, "httpBody is nil in decidePolicyFor navigationAction (field reports)"),
        .responseShowsSetCookie: Self(.reported, "the folding the response-capture write-ups work around"),
        .schemefulSameSite: Self(.confirmed, "WebKit WPT baselines schemeful-navigation.tentative and schemeful-subresource.tentative FAIL cross-scheme (commits c4c99995, 25c9849a): same-site from registrable domains only"),
        .sameSiteNoneRequiresSecure: Self(.confirmed, "WebKit WPT baseline samesite-none-secure/cookies-without-samesite-must-be-secure.https FAILs (commit 25f472a6): a non-Secure SameSite=None cookie is stored"),
        .cookieLifetimeCap: Self(.reported, "no cap for server-set cookies (ITP write-ups; no WebKit source found); ITP caps cookies set by script (ITP 2.1, 2019: 7 days; WebKit bug 240248, PR 571, 2022-05-09, 'Align ITP client side cookie cap…': 24 hours, or after 7 days of no user interaction), not modelled"),
        .maxAgeWinsOverExpires: Self(.assumed, "RFC 6265bis; WebKit's WPT max-age and expires baselines pass but do not mix the two"),
        .crossSiteRedirects: Self(.reported, "every request: WebKit's WPT baselines for the Apple ports (cookies/samesite, commit 49f54741): window-open.https passes the cross-site redirect case, fetch.https fails only at its Unspecified-SameSite assertion after the Strict and Lax ones held"),
        .scriptWriteCache: Self(.assumed, "off: not measured on a device; WebKitGTK's cache (measured) may be WebKit's shared web-process code, so a device run may show it on iOS too"),
        .pageScriptsAfterStoreOperations: Self(.assumed, "off: not measured on a device; WebKitGTK's order (measured) comes from the network process WebKit's ports share, so a device run may show it on iOS too"),
        .mixedContentImages: Self(.assumed, "upgraded: WebKit's loader is shared by its ports and WebKitGTK 2.50.6 upgrades (measured, Suites/subresource/mixed-content.xml); not checked on a device"),
        .sameOriginCredentialsAtFirstURL: Self(.assumed, "WebKit's loader is shared by its ports and WebKitGTK 2.50.6 decides a no-cors fetch's same-origin credentials once, by its first URL (measured, Suites/subresource/fetch-credentials.xml); no WPT record of the Apple ports covers a redirected same-origin fetch; not checked on a device"),
        .appSchemePagesAreFirstParty: Self(.reported, "false: a page on a custom scheme has no registrable domain, so every https API is a third party to it, and ITP's full third-party blocking (WKWebView apps built with the iOS 14 SDK) drops its cookies both ways: apache/cordova-ios issue 1088 ('Support iOS App Bound Domains to enable CORS authentication cookies', iOS 14) and ionic-team/capacitor issue 4122 (App-Bound Domains as the way out); document.cookie is empty and writes are lost on ionic://localhost (ionic-team/cordova-plugin-ionic-webview issue 312, ionic-team/capacitor issue 1373); about:blank, data: and loadHTMLString without a base URL (an opaque origin, no registrable domain either) assumed the same; not checked on a device"),
        .cookieStoreDeleteMatchesValue: Self(.assumed, "false: WKHTTPCookieStore.delete reaches the network process's cookie storage, which deletes by the cookie's identity (name, domain, path) as HTTPCookieStorage.deleteCookie does; not checked on a device"),
        .webSocketFollowsRedirects: Self(.assumed, "false, as Fetch says (redirect mode error): WebKitGTK 2.50.6 follows a handshake's 302 (measured, docs/engines.md), but that is libsoup's message handling, which the Apple ports do not use (their WebSocket goes through CFNetwork); WebKit's bots' WPT results in the corpus cover cookies/ only, not websockets/; not checked on a device"),
        .schemeTaskFollowsCredentials: Self(.assumed, "WKURLSchemeTask.request is an NSURLRequest made from WebKit's ResourceRequest, whose allowCookies follows the load's credentials mode, so an XHR without withCredentials hands the handler httpShouldHandleCookies=false (a handler that reuses the request, as Capacitor's WebViewAssetHandler does, then sends no cookie); not checked on a device"),
    ]

    /// iOS 26 (`ios`): setCookie gates loads.
    static let ios: [P: Self] = apple.merging([
        .cookieStoreWrites: Self(.confirmed, "WebKit bug 290158, PR 42797 (2025-03-21), '[Cocoa] Ensure network load happens after setCookies requests are handled' (commit db0157e0); API test WKHTTPCookieStore.CookiesSetBeforeLoad calls setCookie twice with empty completion handlers, loads at once, and expects both cookies on the request; that iOS 26 is the first release with it is assumed (the same spring's setCookies: API, bug 292684, PR 45078, 2025-05-07)"),
        .sameSite: Self(.confirmed, "missing SameSite is None: WebKit bug 281984 (PR 35689, 2024-10-24) undid the Lax-by-default test changes; WPT baseline get_all_cookies-default-samesite: expected Lax but got None"),
    ]) { _, new in new }

    /// iOS 15 to 18 (`ios-18`; iOS 12 is `ios-12`, 13 and 14 lie between, `PlatformProfile.releases`): setCookie races loads.
    static let ios18: [P: Self] = apple.merging([
        .cookieStoreWrites: Self(.confirmed, "loads did not wait before WebKit bug 290158: its PR 42797 (2025-03-21) says 'If loadRequest is invoked after setCookie, client may expect the cookies to be used for requests. This patch implements that'; field report: react-native-webview PR 2193 (2021-10-08: 'it was possible that the source would be requested before the cookies had been written to the WebView's data store', no iOS version)"),
        .sameSite: Self(.confirmed, "None: the Lax-by-default change was in the macOS Sequoia and iOS 18 betas only (WebKit bug 276459, PR 30671, 2024-07-11) and its test changes were undone (bug 281984, PR 35689, 2024-10-24); on iOS 12 SameSite=None was read as Strict (WebKit bug 198181; chromium.org 'SameSite=None: known incompatible clients'), fixed by iOS 13 (MDN browser-compat-data PR 5878): the ios-12 profile"),
        .cookieStoreNeedsSharedProcessPool: Self(.assumed, "off, as from iOS 15 (Apple's documentation of WKProcessPool: 'Creating and using multiple instances of WKProcessPool no longer has any effect'); before iOS 15 field reports say pools split session cookies (flutter_inappwebview PR 198 for iOS 11 and 12, AzureAD MSAL PR 249, 2018): on for ios-12; iOS 13 and 14 are outside the profiles (the releases lines)"),
    ]) { _, new in new }

    /// iOS 12 (`ios-12`): SameSite read as the 2016 draft had it, ITP still Safari's, pools still split.
    static let ios12: [P: Self] = apple.merging([
        .cookieStoreWrites: ios11[.cookieStoreWrites]!,
        .cookieStoreNeedsSharedProcessPool: Self(.reported, "flutter_inappwebview PR 198 (2019-11-19, 'added a shared WKProcessPool'): 'CookieManager fails to set cookies on iOS 11 and on iOS 12 it's working only before you are opening a webview… you need to use a shared WKProcessPool'; AzureAD MSAL PR 249 (2018-09-28): 'For session cookies, WKWebView's caching is per process pool'"),
        .thirdPartyCookies: ios11[.thirdPartyCookies]!,
        .sameSite: Self(.reported, "enforced from iOS 12 (Fyrd/caniuse PR 4350, 2018-07-02), read as the 2016 same-site draft had it: SameSite=None, and any value but Lax, is Strict (WebKit bug 198181; chromium.org 'SameSite=None: known incompatible clients': 'Versions of Safari and embedded browsers on MacOS 10.14 and all browsers on iOS 12… will erroneously treat cookies marked with SameSite=None as if they were marked SameSite=Strict'); fixed in iOS 13 (mdn/browser-compat-data http/headers/Set-Cookie.json@0015a045: 'Treats SameSite=None and invalid values as Strict in iOS before 13')"),
        .crossSiteRedirects: Self(.assumed, "every request, as the newer iOS profiles; no record of iOS 12's redirect chains found"),
        .mixedContentImages: ios11[.mixedContentImages]!,
        .appSchemePagesAreFirstParty: ios11[.appSchemePagesAreFirstParty]!,
    ]) { _, new in new }

    /// iOS 11.3 (`ios-11`).
    static let ios11: [P: Self] = apple.merging([
        .cookieStoreWrites: Self(.reported, "loads did not wait for setCookie until WebKit bug 290158 (PR 42797, 2025-03-21: 'If loadRequest is invoked after setCookie, client may expect the cookies to be used for requests. This patch implements that'); KKJSBridge issue 3 (2019-10-30) reports setCookie failing now and then on iOS 11 ('iOS 11有概率性的setCookie不成功')"),
        .defersCookieStoreUntilFirstLoad: Self(.reported, "openradar 40100673 (2018-05-09, mirrored as lionheart/openradar-mirror issue 19732): 'iOS 11.3 delays creation of the WKWebsiteDataStore such that the completion block is queued until \"necessary\"… It's essentially a deadlock'; 42522805 is its duplicate; the WebKit bug 176551 it cites was not read here"),
        .cookieStoreNeedsSharedProcessPool: Self(.reported, "flutter_inappwebview PR 198 (2019-11-19, 'added a shared WKProcessPool'): 'CookieManager fails to set cookies on iOS 11 and on iOS 12 it's working only before you are opening a webview… you need to use a shared WKProcessPool'; AzureAD MSAL PR 249 (2018-09-28): 'For session cookies, WKWebView's caching is per process pool'; field notes 003 and 004 share a session between web views through one WKProcessPool"),
        .thirdPartyCookies: Self(.reported, "ITP reached WKWebView apps by default with iOS 14 (apache/cordova-ios issue 922, 2020-06-26); before it, ITP was Safari's; that a cross-site frame's document.cookie write is then kept (SameSite judged cross-site) is assumed, not measured"),
        .sameSite: Self(.reported, "SameSite arrived with Safari 12 / iOS 12 (Fyrd/caniuse PR 4350, 2018-07-02: 'supported in Safari TP 58 and Safari 12 on macOS and iOS', citing Apple's What's New in Safari; the Apple page not read here)"),
        .schemefulSameSite: Self(.assumed, "irrelevant: SameSite ignored"),
        .sameSiteNoneRequiresSecure: Self(.confirmed, "follows from the SameSite line: an ignored attribute refuses no cookie"),
        .cookieLifetimeCap: Self(.assumed, "no cap: the 400-day limit entered RFC 6265bis drafts in 2022, years after iOS 11"),
        .crossSiteRedirects: Self(.assumed, "irrelevant: SameSite ignored"),
        .mixedContentImages: Self(.assumed, "loaded: passive mixed content (an image) was loaded with a console warning before WebKit upgraded it; which release began upgrading was not found"),
        .appSchemePagesAreFirstParty: Self(.assumed, "false: a page on a custom scheme is cross-site to every host (no registrable domain); before ITP reached WKWebView apps (iOS 14) its third-party cookies were still sent and kept; about:blank and data: pages (opaque origins) assumed the same; not checked on a device"),
    ]) { _, new in new }

    /// WebKitGTK 4.1 (simulated): the values are the webkitgtk profile's, unchanged here.
    static let webkitgtk: [P: Self] = [
        .jar: Self(.confirmed, "WebKitGTK 2.50.6 stores cookies with libsoup 3.2.3; the model agrees with the library on every built-in scenario, 2000 random lines and 600 jar histories (LibsoupModelAgreementTests, LibsoupModelTests)"),
        .crossSiteRedirects: Self(.confirmed, "measured on WebKitGTK 2.50.6 (Suites/same-site/redirect-chain.xml, scheme-redirect.xml, found by explore): a navigation after a redirect through another site or scheme is cross-site (Strict withheld, Lax sent); a subresource's hop after one is cross-site for the cookies it sends unless it is to the page's host (a fetch bounced back to the page's host sends Strict and Lax; an image or frame via http→https to a sibling host sends only None), and its answer's Strict and Lax cookies are kept"),
        .pageScriptsAfterStoreOperations: Self(.confirmed, "measured on WebKitGTK 2.50.6 (app-lifecycle.app-user-script-runs-after-a-native-login with wk-userdefaults:as-written@webkitgtk-live): the strategy's removeData, called in the response decision, answered before the page committed and the app's document-start script's cookie was read back on that page"),
        .scriptWriteCache: Self(.confirmed, "measured on WebKitGTK 2.50.6 (Suites/http-only/script-writes.xml): after a read, a script write over an HttpOnly cookie is read back on this page and the next ones of the view, not after a relaunch; without a read before it, not at all; a value the server replaced with an HttpOnly cookie after the read is read on, in the place it had, before cookies set later (found by explore, seed 13)"),
        .manualCookieHeader: Self(.confirmed, "measured on WebKitGTK 2.50.6 (DESIGN §6)"),
        .cookieStoreWrites: Self(.confirmed, "measured on WebKitGTK 2.50.6: after CookieManager.add_cookie, 0 of 60 loads missed the cookie (DESIGN §6 rule 8)"),
        .cookieStoreWriteDelay: Self(.assumed, "small enough not to disturb expiry scenarios, large enough to order events"),
        .defersCookieStoreUntilFirstLoad: Self(.assumed, "iOS 11.3's defect; not seen in the add_cookie measurement, not measured on its own"),
        .cookieStoreNeedsSharedProcessPool: Self(.confirmed, "measured: one jar per WebsiteDataManager, shared by its views (DESIGN §6 rule 1)"),
        .thirdPartyCookies: Self(.confirmed, "WebKitGTK reference: WEBKIT_COOKIE_POLICY_ACCEPT_NO_THIRD_PARTY, ITP off; measured; a cross-site frame's document.cookie write (an all-frames user script's) dropped silently, its read not blocked, measured on WebKitGTK 2.50.6 (docs/engines.md, 'Scripts inside frames, measured')"),
        .sameSite: Self(.confirmed, "measured on WebKitGTK 2.50.6: missing SameSite is None"),
        .implicitWebToNativeSyncDelay: Self(.confirmed, "no native store on WebKitGTK: not observable"),
        .nativeStoreFlushDelay: Self(.confirmed, "no native store on WebKitGTK: not observable"),
        .navigationActionCarriesBody: Self(.confirmed, "WebKitURIRequest has no body accessor"),
        .responseShowsSetCookie: Self(.confirmed, "measured on WebKitGTK 2.50.6: Set-Cookie absent from the decision's headers"),
        .schemefulSameSite: Self(.confirmed, "measured on WebKitGTK 2.50.6: a Strict cookie goes on a link from http to https"),
        .sameSiteNoneRequiresSecure: Self(.confirmed, "measured on WebKitGTK 2.50.6: libsoup stores it"),
        .cookieLifetimeCap: Self(.confirmed, "measured under libfaketime: Max-Age of two years still sent 401 days later"),
        .maxAgeWinsOverExpires: Self(.confirmed, "measured: libsoup takes the last of the two attributes"),
        .mixedContentImages: Self(.confirmed, "measured on WebKitGTK 2.50.6 (mixed-content.image-from-http-is-upgraded): the request goes to https, none to http; fetch, XMLHttpRequest and iframe to http are blocked (the other mixed-content scenarios)"),
        .sameOriginCredentialsAtFirstURL: Self(.confirmed, "measured on WebKitGTK 2.50.6 (fetch-credentials.same-origin-redirected-away-and-back-sends-nothing-back-home and probes): a same-origin no-cors fetch redirected to a sibling host sends and keeps that host's cookies and sends the page's again when redirected back; one that starts on the sibling host sends none when redirected to the page's origin; Chromium and Firefox send none after the first hop to another origin, as Fetch says"),
        .appSchemePagesAreFirstParty: Self(.confirmed, "measured on WebKitGTK 2.50.6 (Suites/app-scheme/app-scheme.xml; a driver probe): from a page at capacitor://localhost/ a fetch (no-cors and cors), an XHR with credentials and an image to https://api.example.test sent its SameSite None, Lax, Strict and unset cookies; the API's Set-Cookie (None, Lax, unset) was stored despite ACCEPT_NO_THIRD_PARTY and sent on the next call; document.cookie read \"\" and a write was lost. The same for pages with an opaque origin (Suites/documents/documents.xml; a driver probe): about:blank and data: loaded by the app and webkit_web_view_load_html without a base URI send None, Lax and Strict cookies (Sec-Fetch-Site cross-site) and keep a Lax answer"),
        .cookieStoreDeleteMatchesValue: Self(.confirmed, "measured on WebKitGTK 2.50.6 through WKCookieWebView 1.0.1–1.1.0's didCommit sweep (jar-rules.http-cannot-shadow-secure-cookie-on-sub-path, http-only-script-writes.server-httponly-replacement-after-a-read-not-read; transcripts of @webkitgtk and @webkitgtk-live): a delete of the cookie's old value leaves the new one; webkit_cookie_manager_delete_cookie ends in libsoup's soup_cookie_jar_delete_cookie, which removes only a cookie soup_cookie_equal to the given one (name, value, path) from the domain's list"),
        .webSocketFollowsRedirects: Self(.confirmed, "measured on WebKitGTK 2.50.6 (docs/engines.md, websocket.redirect-is-not-followed): a wss handshake answered 302 asks for the target with its cookies and opens on its 101"),
        .schemeTaskFollowsCredentials: Self(.confirmed, "WebKitURISchemeRequest carries a URI, method, headers and body, no credentials mode: the handler gets the same request whatever the page's credentials (the driver's scheme-request, PROTOCOL.md)"),
    ]
}
