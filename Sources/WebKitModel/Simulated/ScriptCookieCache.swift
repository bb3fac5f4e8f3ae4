import CookieModel

/// A web view's in-process copy of the script-visible cookies, as WebKitGTK 2.50.6 was measured to keep one
/// (Suites/http-only/script-writes.xml; ``PlatformProfile/scriptWriteCache``).
///
/// Once a page of the web view has read `document.cookie` for a host, later reads for that host come from a copy
/// held in the web process, and a script's writes for it go into the copy as well as to the jar. The copy was made
/// from what script may see, so it never held the HttpOnly cookies: a write the jar refuses for overwriting an
/// HttpOnly cookie (RFC 6265bis §5.7) succeeds in the copy, and the page reads the forged value back — on this page
/// and the later ones of the same web view, until the app's process ends or the store's data is removed. Writes
/// before any read, and cookies the server sets later, behave as the jar says (measured), except a server's HttpOnly
/// replacement of a cookie the copy holds, which the copy never hears of (``jarStored(_:replacing:)``). Only what
/// differs from the jar is kept here: the hosts read, the refused writes and the replaced values.
final class ScriptCookieCache {
    private var hosts: Set<String> = []
    /// The writes the jar refused and the copy accepted, in a jar of the same kind: read after the jar's answer.
    private let refusedWrites: any EngineCookieJar
    /// The values the jar replaced with HttpOnly cookies unknown to the copy: read in the place they had.
    private let replacedValues: any EngineCookieJar
    /// A new, empty jar of the store's kind (the copy's order is worked out in one).
    private let makeJar: () -> any EngineCookieJar

    init(makeJar: @escaping () -> any EngineCookieJar) {
        self.makeJar = makeJar
        refusedWrites = makeJar()
        replacedValues = makeJar()
    }

    /// `document.cookie` was read on a page of `url`'s host: the host is cached from now on.
    func noteRead(of url: CookieURL) {
        hosts.insert(url.host)
    }

    /// A write of `value` by a page at `url` that the jar refused: kept when the host is cached and the refusal is
    /// one the copy cannot make (it lacks the HttpOnly cookie). True when kept.
    func keepRefusedWrite(_ value: String, documentURL url: CookieURL, refusal: CookieRejection) -> Bool {
        guard refusal == .overwritesHTTPOnly, hosts.contains(url.host) else { return false }
        return refusedWrites.setDocumentCookie(value, documentURL: url, isSameSite: true).storedCookie != nil
    }

    /// What a page at `url` reads from a store whose jar is `jar`: the jar's answer with each value the copy kept
    /// over an HttpOnly replacement in the place the copy had it (the copy keeps its order: measured on WebKitGTK
    /// 2.50.6, found by `explore`), then the kept writes that match it.
    func documentCookie(from jar: any EngineCookieJar, for url: CookieURL) -> String {
        let fromJar = jar.readDocumentCookie(for: url, isSameSite: true)
        guard hosts.contains(url.host) else { return fromJar }
        var answer = fromJar
        let replaced = replacedValues.allCookies
        if !replaced.isEmpty {
            // The jar's cookies in its order, each kept value put back in its HttpOnly successor's place.
            let copy = makeJar()
            for cookie in jar.listedCookies { _ = copy.insert(cookie) }
            for cookie in replaced { _ = copy.insert(cookie) }
            answer = copy.readDocumentCookie(for: url, isSameSite: true)
        }
        let kept = refusedWrites.documentCookie(for: url, isSameSite: true)
        return [answer, kept].filter { !$0.isEmpty }.joined(separator: "; ")
    }

    /// The jar stored `cookie` from a server's answer, in place of `old` when it replaced a script-visible cookie.
    /// The copy hears of a change only when the cookie it gets is visible to script (measured on WebKitGTK 2.50.6,
    /// the `http-only-script-writes` suite: after a read, a server's HttpOnly replacement leaves the old value in
    /// `document.cookie`, on this page and the next ones of the view, even once the HttpOnly cookie is deleted; a
    /// later script-visible cookie of the same name replaces it): on an HttpOnly replacement the copy keeps the old
    /// value, for the hosts it covers; a script-visible cookie takes the place of what the copy kept.
    func jarStored(_ cookie: Cookie, replacing old: Cookie?) {
        guard cookie.isHTTPOnly else {
            for copy in [refusedWrites, replacedValues] {
                _ = copy.delete { $0.name == cookie.name && $0.domain == cookie.domain && $0.path == cookie.path }
            }
            return
        }
        guard let old, !old.isHTTPOnly, hosts.contains(where: { Self.covers($0, old) }) else { return }
        _ = replacedValues.insert(old)
    }

    /// Whether a page of `host` may read `cookie` (its domain). A cookie of an IP address is host-only, so the
    /// domain match's IP rule never decides here.
    private static func covers(_ host: String, _ cookie: Cookie) -> Bool {
        cookie.isHostOnly ? host == cookie.domain : CookieURL.domainMatches(host: host, domain: cookie.domain, hostIsIPAddress: false)
    }

    /// The store's website data was removed: the web process is told, and its copy goes.
    func clear() {
        hosts.removeAll()
        for copy in [refusedWrites, replacedValues] { _ = copy.delete { _ in true } }
    }
}
