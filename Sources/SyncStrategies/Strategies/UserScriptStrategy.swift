import CookieModel
import WebKitModel

/// `wk-user-script`: a document-start `WKUserScript` writes every native cookie with `document.cookie`, so that
/// the page's scripts and later requests see them.
///
/// **Source.** The second half of the accepted answer to StackOverflow 26573137 ("Can I set the cookies to be used
/// by a WKWebView?"): "for subsequent AJAX requests … add a `WKUserScript` with
/// `document.cookie = 'name=value; domain=…; path=/'` at `.atDocumentStart`"; widely copied into app code and
/// blog posts since. The script is rebuilt when the native store changes.
///
/// **Variants.** ``Variant/withDomainAndPath`` (`wk-user-script`) writes `domain=` and `path=` as the answer does,
/// which turns a host-only native cookie into a domain cookie of its host (it reaches the host's subdomains).
/// ``Variant/asWritten`` (`wk-user-script:as-written`) is the field notes' code (000, 001, 002): `name=value` only,
/// for every native cookie — so each cookie lands on whatever page runs the script, host-only, with the page's
/// default path, and cookies of other sites are planted on this one.
///
/// **Where it breaks.** The script runs after the page's response arrived (DESIGN §6 rule 6): the first request
/// of every page goes without the cookies. `document.cookie` cannot carry HttpOnly: the session cookie lands as
/// a script-visible copy (the native `HttpOnly` flag is silently dropped), and cannot replace an HttpOnly cookie
/// the web store already has. Script can write only its own host and parent domains: cookies of other hosts are
/// refused; a host-only cookie comes back as a domain cookie (`domain=host`).
public final class UserScriptStrategy: SyncStrategy {
    /// What each `document.cookie` assignment carries.
    public enum Variant: Sendable {
        /// `name=value; domain=DOMAIN; path=PATH` (StackOverflow 26573137).
        case withDomainAndPath
        /// `name=value` (field notes 000, 001, 002).
        case asWritten
    }

    public let variant: Variant
    public var name: String { variant == .asWritten ? "wk-user-script:as-written" : "wk-user-script" }
    private var controllers: [WeakController] = []

    public init(variant: Variant = .withDomainAndPath) {
        self.variant = variant
    }

    public func configure(_ configuration: WKWebViewConfiguration, app: StrategyContext) {
        controllers.removeAll { $0.value == nil }
        controllers.append(WeakController(value: configuration.userContentController))
        install(in: configuration.userContentController, app: app)
    }

    public func nativeCookiesDidChange(_ app: StrategyContext) {
        for controller in controllers.compactMap(\.value) { install(in: controller, app: app) }
    }

    private func install(in controller: WKUserContentController, app: StrategyContext) {
        controller.removeAllUserScripts()
        let cookies = app.cookieStorage.cookies
        guard !cookies.isEmpty else { return }
        let source = variant == .asWritten ? Self.scriptAsWritten(for: cookies) : Self.script(for: cookies)
        controller.addUserScript(WKUserScript(source: source, injectionTime: .atDocumentStart, forMainFrameOnly: false))
        app.log("\(name): document-start user script writes \(cookies.count) native cookie(s)")
    }

    /// `document.cookie = 'name=value; domain=DOMAIN; path=PATH';` per cookie, `DOMAIN` being `HTTPCookie.domain`.
    public static func script(for cookies: [Cookie]) -> String {
        cookies.map { cookie in
            "document.cookie = '\(JavaScriptString.escaped(cookie.name))=\(JavaScriptString.escaped(cookie.value)); domain=\(cookie.httpCookieDomain); path=\(cookie.path)';"
        }.joined(separator: "\n")
    }

    /// `document.cookie = 'name=value';` per cookie: the notes' script, without domain or path.
    public static func scriptAsWritten(for cookies: [Cookie]) -> String {
        cookies.map { "document.cookie = '\(JavaScriptString.escaped($0.name))=\(JavaScriptString.escaped($0.value))';" }.joined(separator: "\n")
    }

    private struct WeakController {
        weak var value: WKUserContentController?
    }
}
