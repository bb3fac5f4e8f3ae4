import AppleModel
import CookieModel
import Foundation

/// The behaviours in which WebKit platforms and versions differ, as parameters of ``SimulatedWebKit`` (DESIGN §6
/// rule 12: where a behaviour differs between versions or is not confirmed, it is a parameter, not a fixed rule).
///
/// Each parameter says what it models and how sure we are: **confirmed** (checked on a real engine, or stated by
/// WebKit's own documentation or source), **reported** (public field reports, several independent ones), or
/// **assumed** (a reasoned choice awaiting a measurement with a real engine). Choose a profile by name with
/// ``named(_:)``: `ios` (the newest, iOS 26), `ios-18`, `ios-12`, `ios-11`, `webkitgtk`. The evidence of every parameter of
/// every profile is in ``evidence`` (PlatformProfile+Evidence.swift) and shows in ``description``.
public struct PlatformProfile: Sendable, Hashable, CustomStringConvertible {
    /// What happens to a `Cookie` header the app put on the `load(_:)` request.
    public enum ManualCookieHeader: String, Sendable, Hashable {
        /// Sent as given on the request and on every redirect hop (cross-domain too), in place of the store's
        /// cookies for those hops; never stored; not sent on later navigations or subresources (DESIGN §6 rule 2).
        case sentOnEveryHop = "sent-on-every-hop"
        /// The network layer drops it and sends the store's cookies instead (libsoup: WebKitGTK).
        case replacedByStore = "replaced-by-store"
    }

    /// Whether a load waits for cookie-store writes the app started before it (DESIGN §6 rule 8).
    public enum CookieStoreWrites: String, Sendable, Hashable {
        /// Loads do not wait: a load started before `setCookie`'s completion handler ran misses the cookie.
        case race
        /// A load waits until every pending operation on its data store has landed.
        case gated
    }

    /// What happens to cookies on third-party subresource requests (a request to another registrable domain than
    /// the page's).
    public enum ThirdPartyCookies: String, Sendable, Hashable {
        /// Sent and stored as RFC 6265bis says (SameSite decides).
        case allowed
        /// Neither sent nor stored (ITP's full third-party cookie blocking).
        case blocked
        /// Sent, but a third-party response cannot store new cookies (WebKitGTK's
        /// `WEBKIT_COOKIE_POLICY_ACCEPT_NO_THIRD_PARTY`, libsoup's `SOUP_COOKIE_JAR_ACCEPT_NO_THIRD_PARTY`).
        case noNewCookies = "no-new-cookies"
    }

    /// How the engine treats the `SameSite` attribute.
    public enum SameSiteSupport: Sendable, Hashable, CustomStringConvertible {
        /// The attribute is unknown: ignored when stored, and no request is treated as cross-site.
        case ignored
        /// RFC 6265bis enforcement; a cookie without the attribute behaves as `default` (`.lax` or `.none`).
        case enforced(default: SameSite)
        /// Enforced as the 2016 same-site draft read the attribute (iOS 12, WebKit bug 198181): `Lax` is Lax, any
        /// other value — `None`, an unknown word, no value — is Strict; a cookie without the attribute is None.
        case noneReadAsStrict

        /// Whether requests are judged same-site or cross-site at all.
        public var isEnforced: Bool { self != .ignored }

        public var description: String {
            switch self {
            case .ignored: "ignored"
            case .enforced(let mode): "enforced, default \(mode.rawValue)"
            case .noneReadAsStrict: "enforced, default none; SameSite=None and unknown values read as Strict"
            }
        }
    }

    /// Which requests RFC 6265bis §5.2's first criterion reaches in an engine: "the request is not the result of a
    /// cross-site redirect" — a request whose URL list (its first URL and each redirect target) holds a URL on
    /// another site than its own is cross-site, whatever page or app started it.
    public struct CrossSiteRedirects: Sendable, Hashable, CustomStringConvertible {
        /// Main-frame navigations: app loads, links, form submissions, back/forward.
        public var navigations: Bool
        /// Subresources (`fetch`, images, frames).
        public var subresources: Subresources
        /// Whether the URL list's sites include their schemes (http://a.example and https://a.example two sites) even
        /// where same-site with the initiator is schemeless (``PlatformProfile/schemefulSameSite`` false); when
        /// false, the URL list is judged as the initiator is.
        public var schemefulChain: Bool

        /// How a subresource's URL list counts.
        public enum Subresources: Sendable, Hashable {
            /// As the RFC: for the cookies it sends and those its answer sets.
            case every
            /// Never: a subresource is judged by its page alone at every hop.
            case never
            /// For the cookies it sends, except on a hop to the page's own host; the answer's cookies are kept as
            /// if same-site with the page (WebKitGTK 2.50.6, measured).
            case sendingOffThePageHost
        }

        public init(navigations: Bool, subresources: Subresources, schemefulChain: Bool = false) {
            self.navigations = navigations
            self.subresources = subresources
            self.schemefulChain = schemefulChain
        }

        /// The RFC: every request.
        public static let everyRequest = CrossSiteRedirects(navigations: true, subresources: .every)

        /// Whether a hop's URL list can make it cross-site: for a navigation, or a subresource from a page on
        /// `pageHost` to `host`, sending (`storing` false) or keeping the answer's cookies.
        public func applies(topLevel: Bool, host: String?, pageHost: String?, storing: Bool) -> Bool {
            if topLevel { return navigations }
            switch subresources {
            case .every: return true
            case .never: return false
            case .sendingOffThePageHost: return !storing && host?.lowercased() != pageHost?.lowercased()
            }
        }

        public var description: String {
            let chain = schemefulChain ? "; http and https are two sites in the URL list" : ""
            return switch (navigations, subresources) {
            case (true, .every): "every request (RFC 6265bis §5.2)" + chain
            case (true, .never): "navigations only; a subresource is judged by its page at every hop" + chain
            case (true, .sendingOffThePageHost):
                "navigations; a subresource's cookies sent, except to its page's host (its answer's cookies kept as same-site)"
                    + chain
            case (false, .every): "subresources only; a navigation is judged by its initiator at every hop" + chain
            case (false, .never): "none; every hop is judged by its initiator"
            case (false, .sendingOffThePageHost):
                "a subresource's cookies sent, except to its page's host; a navigation is judged by its initiator" + chain
            }
        }
    }

    /// Whose jar the engine's website data stores keep (the seam is ``EngineCookieJar``).
    public enum Jar: String, Sendable, Hashable {
        /// The RFC 6265bis reference jar (``CookieJar``), with this profile's SameSite default, lifetime cap,
        /// `SameSite=None` and Max-Age choices.
        case rfc6265bis
        /// Apple's jar (``AppleCookieJar``): the reference jar with the departures WebKit's bots record for the Apple
        /// ports (``AppleJarRule``), and this profile's SameSite, lifetime and Max-Age choices; SameSite ignored
        /// when the profile does not support it. Checked subtest by subtest by `conformance wpt-cookies`.
        case apple
        /// The model of libsoup 3.2.3's jar (``LibsoupCookieJar``), WebKitGTK's own: its parser, matching, order
        /// and persistence rule by itself; of this profile's parameters only `thirdPartyCookies` reaches it (as
        /// libsoup's accept policy). Checked cell by cell against the `libsoup` store adapter.
        case libsoup
    }

    public var name: String
    public var summary: String

    /// Whose jar the data stores keep. ios, ios-18, ios-11: `apple` — **reported**: Apple's CFNetwork jar cannot
    /// run here; the model follows what WebKit's bots record for the Apple ports on the WPT cookie tests
    /// (``AppleJarRule``; `conformance wpt-cookies` compares every subtest with the record). webkitgtk: `libsoup` —
    /// **confirmed**: WebKitGTK 2.50.6 stores cookies with libsoup 3.2.3 (DESIGN §6), and the model agrees with that
    /// library on every built-in scenario, 2000 random lines and 600 jar histories (`LibsoupModelAgreementTests`,
    /// `LibsoupModelTests`); its Max-Age/Expires, `SameSite=None` and lifetime rules are the jar's own, so the three
    /// parameters that configure the reference jar do not reach it.
    public var jar: Jar

    /// What each parameter rests on: its confidence and source, one per ``Parameter``.
    public var evidence: [Parameter: Evidence]

    /// DESIGN §6 rule 2 and its last paragraph.
    /// ios, ios-18, ios-11: `sentOnEveryHop` — **reported** (DESIGN §6 sources; the 302 masking is described in public
    /// write-ups such as hite.me/?p=140 and slackerblud.com/APPdevelopment/hwpfzdyykn.html).
    /// webkitgtk: `replacedByStore` — **confirmed** on this machine with `gir1.2-webkit2-4.1` (DESIGN §6).
    public var manualCookieHeader: ManualCookieHeader

    /// DESIGN §6 rule 8.
    /// ios (iOS 26): `gated` — **confirmed** in WebKit's source: bug 290158 (commit db0157e0, 2025-03-21) records a
    /// cookies version per `setCookie` and starts a UI-process load's network task only after the network process
    /// has handled the writes before it (API test `WKHTTPCookieStore.CookiesSetBeforeLoad`); that iOS 26 is the
    /// first release with it is **assumed** (the public `setCookies(_:completionHandler:)`, bug 292684, appears there).
    /// Subresources: WebKit records the version on the frame's loader at the navigation (`setRequiredCookiesVersion`)
    /// and each resource load carries it, so a subresource waits for writes started before its page's navigation, not
    /// for a `setCookie` started after it; `gated` here waits for every pending write — a difference not modelled.
    /// ios-18, ios-11: `race` — loads did not wait before that change; **reported** by react-native-webview PR #175,
    /// flutter_inappwebview PR #198, KKJSBridge issue #3.
    /// webkitgtk: `gated` — **assumed**: the UI process sends the cookie to the network process before it hands
    /// the load to the web process, and messages to one process arrive in order; to be measured with the real engine.
    public var cookieStoreWrites: CookieStoreWrites

    /// How long after the call a `WKHTTPCookieStore` write lands, in seconds of the app's clock (reads and
    /// observer notifications take no time of their own but queue behind pending writes). 0.05 everywhere —
    /// **assumed**: small enough not to disturb expiry scenarios, large enough to order events.
    public var cookieStoreWriteDelay: TimeInterval

    /// DESIGN §6 rule 8, iOS 11.3: cookie-store operations on a data store no web view has loaded anything with
    /// since launch are held — neither their effect nor their completion handler happens — until a load starts
    /// on that store. An app that waits for `setCookie`'s completion before its first load never loads.
    /// ios-11: true — **reported** (openradar 40100673 and 42522805, caused by WebKit commit d9d6e5c, webkit.org
    /// bug 176551). ios, ios-18, ios-12, webkitgtk: false.
    public var defersCookieStoreUntilFirstLoad: Bool

    /// DESIGN §6 rule 8 on iOS 11: a `WKHTTPCookieStore.setCookie` whose data store's web views are all on process
    /// pools of their own (none on the app's shared pool, ``WKContext/sharedProcessPool``) is ignored — its
    /// completion handler runs, the cookie never lands. ios-11: true — **assumed** (field notes 003 and 004 share a
    /// session between web views through one `WKProcessPool` and say nothing of `WKHTTPCookieStore`; that its
    /// writes reach only the shared pool's web views is an inference from that per-pool behaviour, not a source).
    /// ios-12: true, as ios-11 (the same field reports name iOS 12). ios, ios-18, webkitgtk: false. A scenario shows it with
    /// `<open-web-view shared-process-pool="false"/>`.
    public var cookieStoreNeedsSharedProcessPool: Bool

    /// DESIGN §6 rule 12, ITP.
    /// ios, ios-18: `blocked` — **confirmed** by WebKit's announcements: full third-party cookie blocking since iOS 13.4
    /// ("Full Third-Party Cookie Blocking and More", webkit.org, March 2020), and ITP on by default in every
    /// WKWebView app built with the iOS 14 SDK or later since iOS 14 (an app can turn it off). ios-12, ios-11:
    /// `allowed` — before iOS 14, ITP applied to Safari only.
    /// webkitgtk: `noNewCookies` — **confirmed** by the WebKitGTK reference: ITP is off unless
    /// `webkit_website_data_manager_set_itp_enabled` turns it on, and the cookie manager's policy falls back to
    /// `WEBKIT_COOKIE_POLICY_ACCEPT_NO_THIRD_PARTY` ("accept only cookies set by the main document loaded").
    public var thirdPartyCookies: ThirdPartyCookies

    /// DESIGN §6 rule 12, SameSite.
    /// ios, ios-18: enforced, default None — **confirmed** by WebKit: the Lax-by-default change was in the macOS
    /// Sequoia and iOS 18 betas (bug 276459, PR 30671, 2024-07-11), its test changes were undone on 2024-10-24 (bug
    /// 281984, PR 35689), and WebKit's WPT baseline `cookies/samesite/get_all_cookies-default-samesite` reads
    /// "expected Lax but got None". No profile models the betas.
    /// ios-12: enforced, `SameSite=None` read as Strict — **reported**: WebKit bug 198181 and Chromium's list of
    /// clients incompatible with `SameSite=None` (iOS 12), fixed in iOS 13.
    /// ios-11: ignored — **reported**: SameSite support arrived with Safari 12 / iOS 12 (caniuse PR 4350).
    /// webkitgtk: enforced, default None — **assumed** from libsoup, whose cookies have
    /// `SOUP_SAME_SITE_POLICY_NONE` unless the attribute says otherwise.
    public var sameSite: SameSiteSupport

    /// DESIGN §6 rule 10: persistent cookies of the default data store appear in the native store this long after
    /// they were stored (session cookies never do), written over the native store's cookies of their domain — the
    /// native cookies of that domain the web view lacks (ones the app added itself) are dropped; nil: no implicit
    /// sync. nil in every profile — **assumed**, a default rather than a fact: field reports say iOS syncs
    /// eventually, but in WebKit's source the UI process's cookie storage is handed to the network process
    /// (`uiProcessCookieStorageIdentifier`) on macOS and Mac Catalyst only, so strategies must not count on it; the
    /// dropping is **reported** (field note 001, "cookies lost in the sync"; note 004: the sessions of the two stores
    /// are shared asynchronously). A scenario turns it on with
    /// `implicit-web-to-native-sync="SECONDS"`.
    public var implicitWebToNativeSyncDelay: TimeInterval?

    /// The app's native store (`HTTPCookieStorage`) writes its cookies to disk this long after a change; a kill
    /// before then loses the change, persistent cookies included. nil: written at once. nil in every profile —
    /// **reported** (field note 000: cookies lost when the app exits even with an expiry set, which led its author
    /// to UserDefaults). A scenario turns it on with `native-store-flush-delay="SECONDS"`.
    public var nativeStoreFlushDelay: TimeInterval?

    /// DESIGN §6 rule 12, POST body on re-issue: whether `WKNavigationAction.request.httpBody` carries a POST's
    /// body. False everywhere — ios: **reported** (the body is nil in `decidePolicyFor navigationAction`, so an app
    /// that cancels and re-issues the request loses it); webkitgtk: **confirmed** (`WebKitURIRequest` has no body
    /// accessor at all).
    public var navigationActionCarriesBody: Bool

    /// DESIGN §6 rule 5: whether `Set-Cookie` fields appear (joined with ", ") in the response a navigation-response
    /// decision sees. ios, ios-18, ios-11: true — **reported** (the folding the response-capture write-ups work around).
    /// webkitgtk: false — **confirmed** on WebKitGTK 2.50.6: `Set-Cookie` is absent from the decision's headers.
    public var responseShowsSetCookie: Bool

    /// RFC 6265bis §5.2: whether the scheme is part of a site (http://a.example and https://a.example cross-site).
    /// ios, ios-18: false — **confirmed** by WebKit's WPT baselines: `schemeful-same-site/schemeful-navigation` and
    /// `schemeful-subresource` fail their cross-scheme cases (same-site from registrable domains only).
    /// ios-11: irrelevant (SameSite ignored).
    /// webkitgtk: false — **confirmed** on WebKitGTK 2.50.6 (libsoup compares registrable domains only): a Strict
    /// cookie goes on a link from http to https of the same host.
    public var schemefulSameSite: Bool

    /// RFC 6265bis §5.2, first criterion: after a redirect chain that passed through another site, which requests
    /// count as cross-site (Strict withheld; Lax too unless a top-level navigation with a safe method; §5.7: no Lax
    /// or Strict cookie stored from a cross-site subresource).
    /// webkitgtk: navigations, and subresources for the cookies they send off the page's host, with http and https
    /// two sites in the URL list — **confirmed** on WebKitGTK 2.50.6 by Suites/same-site/scheme-redirect.xml (found
    /// by `explore`): an app load or a link redirected http→https or https→http of one host withholds Strict and
    /// sends Lax (a link from an http page to https, with no redirect, sends Strict: same-site is schemeless); an
    /// image, frame or fetch from an http page redirected to https on a sibling host sends only None, to the
    /// page's own host everything, and a Strict or Lax cookie its answer sets is kept. And by
    /// Suites/same-site/redirect-chain.xml:
    /// an app load or a link that goes A→B→A, or an app load of B that 302s to A, withholds Strict at A (and B's
    /// Strict at B) and sends Lax; a 307 form POST bounced through B sends only None; but a `fetch` (credentials
    /// "include", mode "no-cors", as the harness's driver sends it) bounced through B back to A sends and stores
    /// Strict and Lax, as if same-site with its page. A CORS-mode fetch did the same (a one-off probe with the
    /// driver's fetch switched to mode "cors" and CORS headers on the 302; without them the redirect is not
    /// followed, which showed the mode took effect). WebKit's own WPT baseline for the glib ports
    /// (LayoutTests/platform/glib/imported/w3c/web-platform-tests/cookies/samesite/fetch.https-expected.txt, WebKit
    /// commit 92829e91) passes "Cross-site redirecting to same-host fetches are cross-site": trunk, or its test
    /// runner, may differ from the 2.50.6 release measured here.
    /// ios: every request — **reported**: WebKit's WPT baselines for the Apple ports
    /// (LayoutTests/imported/w3c/web-platform-tests/cookies/samesite/, WebKit commit 49f54741): window-open.https
    /// passes "Cross-site redirecting to same-host auxiliary navigations are laxly same-site", and fetch.https fails
    /// "Cross-site redirecting to same-host fetches are cross-site" only at its Unspecified-SameSite assertion, after
    /// the Strict and Lax ones held (a CORS-mode fetch; a no-cors one, as on webkitgtk, not known).
    /// ios-11: irrelevant (SameSite ignored); every request, as ios.
    public var crossSiteRedirects: CrossSiteRedirects

    /// RFC 6265bis §5.7 step 19: whether a `SameSite=None` cookie without `Secure` is refused. ios, ios-18:
    /// false — **confirmed** by WebKit's WPT baseline `samesite-none-secure/cookies-without-samesite-must-be-secure`
    /// (FAIL: the non-Secure cookie is stored). ios-11: false (SameSite ignored). webkitgtk: false — **confirmed** on WebKitGTK 2.50.6 (libsoup stores it).
    public var sameSiteNoneRequiresSecure: Bool

    /// RFC 6265bis §5.6.1–§5.6.2: how far ahead Expires and Max-Age may reach; nil for no cap. ios, ios-18, ios-11:
    /// none — **reported** for server-set cookies (ITP write-ups; ITP's 7-day cap on script-set cookies, WebKit bug
    /// 219426, reportedly became a 7-day deletion of script-writable storage in 2022; neither is modelled). webkitgtk: none — **confirmed** on WebKitGTK 2.50.6 under libfaketime: a
    /// cookie with Max-Age of two years is still sent 401 days later.
    public var cookieLifetimeCap: TimeInterval?

    /// RFC 6265bis §5.7 step 6: Max-Age wins over Expires whatever their order. ios: true — **assumed**.
    /// webkitgtk: false — **confirmed** on WebKitGTK 2.50.6: libsoup takes the last of the two attributes, so
    /// `Max-Age=3600; Expires=<past>` deletes the cookie.
    public var maxAgeWinsOverExpires: Bool

    /// Whether a web view keeps its own copy of the script-visible cookies once a page has read `document.cookie`
    /// (``ScriptCookieCache``): a script write over an HttpOnly cookie, refused by the jar (RFC 6265bis §5.7), is then
    /// read back by that web view's pages until the process ends or the store's data is removed.
    /// webkitgtk: true — **confirmed** on WebKitGTK 2.50.6 by Suites/http-only/script-writes.xml (read before the
    /// write: forged value read back on this page, on the next page of the same view, naming the domain too; no read
    /// before: not read back; gone after a relaunch; a cookie the server sets later is read; a value the server
    /// replaced with an HttpOnly cookie is read on, in its place, before cookies set later). ios, ios-18, ios-11:
    /// false — **assumed**: not measured on a device.
    public var scriptWriteCache: Bool

    /// Whether a committed page's scripts run only once the store operations the app sent before the commit have
    /// landed: the network process takes the app's calls (removeData, setCookie) and the page's `document.cookie`
    /// writes in the order they reach it, and the app's were sent first. webkitgtk: true — **confirmed** on
    /// WebKitGTK 2.50.6 (app-lifecycle.app-user-script-*, wk-userdefaults:as-written: a removeData called in the
    /// response decision empties the store before the next page's document-start script writes). ios, ios-18,
    /// ios-12, ios-11: false — **assumed**: not measured on a device.
    public var pageScriptsAfterStoreOperations: Bool

    /// Whether the request a `WKURLSchemeHandler` gets has `httpShouldHandleCookies` by the page request's
    /// credentials mode (false for an XHR without `withCredentials` or a fetch with credentials other than
    /// `include`), rather than always true. ios, ios-18, ios-11: true — **assumed** (WebKit makes the task's
    /// `NSURLRequest` from a `ResourceRequest` whose allowCookies follows the credentials mode). webkitgtk: false —
    /// **confirmed**: `WebKitURISchemeRequest` has no credentials mode, so there is nothing to follow.
    public var schemeTaskFollowsCredentials: Bool

    /// What an https page's image from an http URL becomes (Mixed Content: images are "upgradeable"; fetches,
    /// XMLHttpRequests and frames are "blockable" and blocked on every profile, measured on WebKitGTK 2.50.6 by
    /// Suites/subresource/mixed-content.xml, found by `explore`).
    public enum MixedContentImages: String, Sendable, Hashable {
        /// Asked for over https instead, never over http (Mixed Content Level 2).
        case upgraded
        /// Loaded over http as written (passive mixed content, allowed with a console warning).
        case loaded
    }

    /// webkitgtk: upgraded — **confirmed** (measured). ios, ios-18: upgraded — **assumed** (WebKit's shared
    /// loader). ios-12, ios-11: loaded — **assumed** (before WebKit upgraded mixed content).
    public var mixedContentImages: MixedContentImages

    /// Whether a no-cors `fetch()` with credentials `same-origin` decides its credentials once, by its first URL, for
    /// the whole redirect chain (cookies sent and kept on a hop to another origin, and none on a chain that starts on
    /// another origin and is redirected to the page's), rather than as Fetch says (none from the first hop to another
    /// origin on, a redirect back included). webkitgtk: true — **confirmed** on WebKitGTK 2.50.6 by
    /// Suites/subresource/fetch-credentials.xml (Chromium and Firefox follow Fetch). ios, ios-18, ios-12, ios-11:
    /// true — **assumed** (WebKit's loader is shared by its ports; no WPT record of the Apple ports covers it).
    public var sameOriginCredentialsAtFirstURL: Bool

    /// Whether a WebSocket handshake answered 3xx follows the redirect (cookies on every hop, the socket opens on the
    /// target's 101), rather than failing as Fetch says (redirect mode "error"). webkitgtk: true — **confirmed** on
    /// WebKitGTK 2.50.6 (libsoup follows the handshake's redirect; docs/engines.md). ios, ios-18, ios-12, ios-11:
    /// false — **assumed** (the Apple ports do not open WebSockets with libsoup; no WPT record of them covers it).
    public var webSocketFollowsRedirects: Bool

    /// Whether a page on the app's own scheme (`capacitor://localhost`, served by a `WKURLSchemeHandler`), or any other
    /// page whose URL is not http(s) (about:blank, data:, `loadHTMLString` without a base URL), is a first
    /// party to every HTTP host: its requests send Strict and Lax cookies and its answers' cookies are kept, rather
    /// than being cross-site and third-party to every host (a non-HTTP origin has no registrable domain; RFC 6265bis
    /// §5.2). webkitgtk: true — **confirmed** on WebKitGTK 2.50.6 (Suites/app-scheme/app-scheme.xml and a driver
    /// probe: a fetch, an XHR and an image from `capacitor://localhost/` to `https://api.example.test` send None, Lax,
    /// Strict and unset cookies alike, and the answer's Set-Cookie is stored under ACCEPT_NO_THIRD_PARTY; about:blank, data:
    /// and HTML loaded without a base URI the same: Suites/documents/documents.xml). ios,
    /// ios-18: false — **reported**: with ITP's full third-party blocking (iOS 14+), hybrid apps on a custom scheme
    /// lose their API's cookies unless the app limits navigations to App-Bound Domains (apache/cordova-ios#1088,
    /// ionic-team/capacitor#4122). ios-12, ios-11: false — **assumed** (cross-site, third-party cookies allowed).
    public var appSchemePagesAreFirstParty: Bool

    /// Whether `WKHTTPCookieStore.delete` removes a cookie only when its value matches the given cookie's too, rather
    /// than every cookie of the same name, domain and path. webkitgtk: true — **confirmed** on WebKitGTK 2.50.6:
    /// `webkit_cookie_manager_delete_cookie` ends in libsoup's `soup_cookie_jar_delete_cookie`, which removes from the
    /// domain's list only a cookie `soup_cookie_equal` to the one given (name, value and path); measured through
    /// WKCookieWebView 1.0.1–1.1.0's sweep of a stale cached copy (`jar-rules.http-cannot-shadow-secure-cookie-on-sub-path`,
    /// `http-only-script-writes.server-httponly-replacement-after-a-read-not-read`: the delete of the old value misses
    /// and the new cookie stays). ios, ios-18, ios-12, ios-11: false — **assumed**: Apple's store deletes by the
    /// cookie's identity (name, domain, path), as `HTTPCookieStorage.deleteCookie` does; not checked on a device.
    public var cookieStoreDeleteMatchesValue: Bool

    public init(
        name: String, summary: String, manualCookieHeader: ManualCookieHeader, cookieStoreWrites: CookieStoreWrites,
        cookieStoreWriteDelay: TimeInterval = 0.05, defersCookieStoreUntilFirstLoad: Bool,
        cookieStoreNeedsSharedProcessPool: Bool = false,
        thirdPartyCookies: ThirdPartyCookies, sameSite: SameSiteSupport, implicitWebToNativeSyncDelay: TimeInterval? = nil,
        navigationActionCarriesBody: Bool = false, responseShowsSetCookie: Bool = true, schemefulSameSite: Bool = true,
        crossSiteRedirects: CrossSiteRedirects = .everyRequest, sameSiteNoneRequiresSecure: Bool = true,
        cookieLifetimeCap: TimeInterval? = SetCookieParser.maximumAge, maxAgeWinsOverExpires: Bool = true,
        scriptWriteCache: Bool = false, pageScriptsAfterStoreOperations: Bool = false, schemeTaskFollowsCredentials: Bool = true,
        mixedContentImages: MixedContentImages = .upgraded, sameOriginCredentialsAtFirstURL: Bool = true,
        appSchemePagesAreFirstParty: Bool = false, cookieStoreDeleteMatchesValue: Bool = false,
        webSocketFollowsRedirects: Bool = false, jar: Jar = .rfc6265bis,
        evidence: [Parameter: Evidence] = [:]
    ) {
        self.cookieStoreDeleteMatchesValue = cookieStoreDeleteMatchesValue
        self.appSchemePagesAreFirstParty = appSchemePagesAreFirstParty
        self.mixedContentImages = mixedContentImages
        self.sameOriginCredentialsAtFirstURL = sameOriginCredentialsAtFirstURL
        self.webSocketFollowsRedirects = webSocketFollowsRedirects
        self.jar = jar
        self.evidence = evidence
        self.name = name
        self.summary = summary
        self.manualCookieHeader = manualCookieHeader
        self.cookieStoreWrites = cookieStoreWrites
        self.cookieStoreWriteDelay = cookieStoreWriteDelay
        self.defersCookieStoreUntilFirstLoad = defersCookieStoreUntilFirstLoad
        self.cookieStoreNeedsSharedProcessPool = cookieStoreNeedsSharedProcessPool
        self.thirdPartyCookies = thirdPartyCookies
        self.sameSite = sameSite
        self.implicitWebToNativeSyncDelay = implicitWebToNativeSyncDelay
        self.navigationActionCarriesBody = navigationActionCarriesBody
        self.responseShowsSetCookie = responseShowsSetCookie
        self.schemefulSameSite = schemefulSameSite
        self.crossSiteRedirects = crossSiteRedirects
        self.sameSiteNoneRequiresSecure = sameSiteNoneRequiresSecure
        self.cookieLifetimeCap = cookieLifetimeCap
        self.maxAgeWinsOverExpires = maxAgeWinsOverExpires
        self.scriptWriteCache = scriptWriteCache
        self.pageScriptsAfterStoreOperations = pageScriptsAfterStoreOperations
        self.schemeTaskFollowsCredentials = schemeTaskFollowsCredentials
    }

    /// The newest iOS WKWebView (iOS 26): loads wait for setCookie.
    public static let ios = PlatformProfile(
        name: "ios", summary: "WKWebView on iOS 26 (the newest): loads wait for setCookie, ITP blocks third-party cookies, SameSite default None",
        manualCookieHeader: .sentOnEveryHop, cookieStoreWrites: .gated, defersCookieStoreUntilFirstLoad: false,
        thirdPartyCookies: .blocked, sameSite: .enforced(default: .none), schemefulSameSite: false,
        sameSiteNoneRequiresSecure: false, cookieLifetimeCap: nil, jar: .apple,
        evidence: Evidence.ios
    )

    /// WKWebView on iOS 15 to 18 (iOS 12 is ``ios12``; 13 and 14 lie between, ``releases``): setCookie races loads.
    public static let ios18 = PlatformProfile(
        name: "ios-18", summary: "WKWebView on iOS 18: setCookie races loads, ITP blocks third-party cookies, SameSite default None",
        manualCookieHeader: .sentOnEveryHop, cookieStoreWrites: .race, defersCookieStoreUntilFirstLoad: false,
        thirdPartyCookies: .blocked, sameSite: .enforced(default: .none), schemefulSameSite: false,
        sameSiteNoneRequiresSecure: false, cookieLifetimeCap: nil, jar: .apple,
        evidence: Evidence.ios18
    )

    /// WKWebView on iOS 12: SameSite arrived, read as the 2016 draft had it; ITP still Safari's; pools still split.
    public static let ios12 = PlatformProfile(
        name: "ios-12", summary: "WKWebView on iOS 12: setCookie races loads and reaches only the shared process pool's web views; no ITP; SameSite=None read as Strict",
        manualCookieHeader: .sentOnEveryHop, cookieStoreWrites: .race, defersCookieStoreUntilFirstLoad: false,
        cookieStoreNeedsSharedProcessPool: true, thirdPartyCookies: .allowed, sameSite: .noneReadAsStrict,
        schemefulSameSite: false, sameSiteNoneRequiresSecure: false, cookieLifetimeCap: nil, mixedContentImages: .loaded,
        jar: .apple, evidence: Evidence.ios12
    )

    /// WKWebView on iOS 11 (11.3 in particular) — the first with `WKHTTPCookieStore`.
    public static let ios11 = PlatformProfile(
        name: "ios-11", summary: "WKWebView on iOS 11.3: setCookie races loads and is held until the data store's first load; no ITP, no SameSite",
        manualCookieHeader: .sentOnEveryHop, cookieStoreWrites: .race, defersCookieStoreUntilFirstLoad: true,
        cookieStoreNeedsSharedProcessPool: true, thirdPartyCookies: .allowed, sameSite: .ignored,
        sameSiteNoneRequiresSecure: false, cookieLifetimeCap: nil, mixedContentImages: .loaded,
        jar: .apple, evidence: Evidence.ios11
    )

    /// WebKitGTK (`gir1.2-webkit2-4.1`, libsoup 3) as the simulated engine sees it.
    public static let webkitgtk = PlatformProfile(
        name: "webkitgtk", summary: "WebKitGTK 4.1 (simulated): libsoup replaces a manual Cookie header, no ITP, no third-party cookie writes, SameSite default None, no Set-Cookie in navigation responses, a redirect through another site or scheme makes navigations cross-site, and subresources off the page's host for the cookies they send",
        manualCookieHeader: .replacedByStore, cookieStoreWrites: .gated, defersCookieStoreUntilFirstLoad: false,
        thirdPartyCookies: .noNewCookies, sameSite: .enforced(default: .none), responseShowsSetCookie: false,
        schemefulSameSite: false, crossSiteRedirects: CrossSiteRedirects(navigations: true, subresources: .sendingOffThePageHost, schemefulChain: true),
        sameSiteNoneRequiresSecure: false, cookieLifetimeCap: nil, maxAgeWinsOverExpires: false, scriptWriteCache: true,
        pageScriptsAfterStoreOperations: true, schemeTaskFollowsCredentials: false, appSchemePagesAreFirstParty: true, cookieStoreDeleteMatchesValue: true,
        webSocketFollowsRedirects: true, jar: .libsoup,
        evidence: Evidence.webkitgtk
    )

    public static let all: [PlatformProfile] = [.ios, .ios18, .ios12, .ios11, .webkitgtk]

    /// The profile called `name`, or nil.
    public static func named(_ name: String) -> PlatformProfile? { all.first { $0.name == name } }

    /// One line per parameter with its evidence ("(confirmed: …)", "(assumed: …)"), for `list profiles`.
    public var description: String {
        var lines = ["\(name): \(summary)"] + (releases.map { ["  releases: \($0)"] } ?? []) + Parameter.allCases.map { parameter in
            "  \(parameter.rawValue): \(value(of: parameter))" + (evidence[parameter].map { " (\($0))" } ?? " (no evidence given)")
        }
        if jar == .apple, let major = iOSMajor {
            lines.append("  Apple's jar, rule by rule (iOS \(major)\(major >= 26 ? "" : " and the releases this profile stands for")):")
            lines += AppleJarRule.listing(iOSMajor: major).map { "    \($0)" }
        }
        return lines.joined(separator: "\n")
    }

    /// Which releases the profile stands for, and where releases inside that range are known to differ from it
    /// (issue 35: a profile says what it covers); nil where one version is modelled.
    public var releases: String? {
        switch name {
        case "ios":
            "iOS 26: the first release assumed to carry WebKit bug 290158's fix (loads wait for setCookie)"
        case "ios-18":
            "iOS 15 to 18 (iOS 12 is ios-12; iOS 13 and 14 lie between the two, its releases line). The Lax-by-default SameSite of the iOS 18 betas (bug 276459) is not modelled"
        case "ios-12":
            "iOS 12. iOS 13 and 14 lie between ios-12 and ios-18 and have no profile of their own: iOS 13 read SameSite=None as None (bug 198181 fixed) and is otherwise ios-12; iOS 14 turned ITP on in WKWebView apps (third-party cookies blocked, as ios-18) while process pools still split session cookies until iOS 15, when WKProcessPool stopped having any effect"
        case "ios-11":
            "iOS 11 (WKHTTPCookieStore's first release), with 11.3's defect of holding setCookie until the data store's first load (openradar 40100673)"
        default:
            nil
        }
    }

    /// The iOS release the profile is named for (26, 18, 11), nil for a profile that is not iOS.
    public var iOSMajor: Int? {
        switch name {
        case "ios": 26
        case "ios-18": 18
        case "ios-12": 12
        case "ios-11": 11
        default: nil
        }
    }
}
