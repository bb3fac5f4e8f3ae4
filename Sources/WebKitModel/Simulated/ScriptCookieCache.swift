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
    /// What only the copy holds, in a jar of the same kind: the writes the jar refused and the copy accepted, and
    /// the values the jar replaced with HttpOnly cookies unknown to the copy.
    private let onlyInCopy: any EngineCookieJar
    /// The cookies whose value ``onlyInCopy`` keeps over a server's HttpOnly replacement: read in their place.
    private var replacedSlots: Set<Slot> = []

    /// A cookie's identity in a jar (RFC 6265bis §5.7 step 23: name, domain and path).
    private struct Slot: Hashable {
        let name: String, domain: String, path: String
        init(_ cookie: Cookie) { (name, domain, path) = (cookie.name, cookie.domain, cookie.path) }
    }

    init(jar: any EngineCookieJar) {
        onlyInCopy = jar
    }

    /// `document.cookie` was read on a page of `url`'s host: the host is cached from now on.
    func noteRead(of url: CookieURL) {
        hosts.insert(url.host)
    }

    /// A write of `value` by a page at `url` that the jar refused: kept when the host is cached and the refusal is
    /// one the copy cannot make (it lacks the HttpOnly cookie). True when kept.
    func keepRefusedWrite(_ value: String, documentURL url: CookieURL, refusal: CookieRejection) -> Bool {
        guard refusal == .overwritesHTTPOnly, hosts.contains(url.host) else { return false }
        return onlyInCopy.setDocumentCookie(value, documentURL: url, isSameSite: true).storedCookie != nil
    }

    /// What a page at `url` reads from `jar`: a value kept over a server's HttpOnly replacement in the place the
    /// replaced cookie had (the copy was never told of the change: measured on WebKitGTK 2.50.6,
    /// `http-only-script-writes.server-httponly-replacement-after-a-read-then-a-new-cookie`), then the kept writes
    /// that match it, last (the copy took them as new cookies). A jar that does not model its order gets every kept
    /// cookie last.
    func documentCookie(from jar: any EngineCookieJar, for url: CookieURL) -> String {
        let fromJar = { jar.readDocumentCookie(for: url, isSameSite: true) }
        guard hosts.contains(url.host) else { return fromJar() }
        let keptCookies = onlyInCopy.allCookies
        var inPlace: [Cookie] = []
        let read = jar.readDocumentCookie(for: url, isSameSite: true) { httpOnly in
            guard replacedSlots.contains(Slot(httpOnly)),
                  let kept = keptCookies.first(where: { Slot($0) == Slot(httpOnly) }) else { return nil }
            inPlace.append(kept)
            return kept
        }
        var kept = onlyInCopy.documentCookie(for: url, isSameSite: true).components(separatedBy: "; ")
        for cookie in inPlace {
            if let index = kept.firstIndex(of: cookie.name + "=" + cookie.value) { kept.remove(at: index) }
        }
        return ([read ?? fromJar()] + kept).filter { !$0.isEmpty }.joined(separator: "; ")
    }

    /// The jar stored `cookie` from a server's answer, in place of `old` when it replaced a script-visible cookie.
    /// The copy hears of a change only when the cookie it gets is visible to script (measured on WebKitGTK 2.50.6,
    /// the `http-only-script-writes` suite: after a read, a server's HttpOnly replacement leaves the old value in
    /// `document.cookie`, on this page and the next ones of the view, even once the HttpOnly cookie is deleted; a
    /// later script-visible cookie of the same name replaces it): on an HttpOnly replacement the copy keeps the old
    /// value, for the hosts it covers; a script-visible cookie takes the place of what the copy kept.
    func jarStored(_ cookie: Cookie, replacing old: Cookie?) {
        guard cookie.isHTTPOnly else {
            _ = onlyInCopy.delete { Slot($0) == Slot(cookie) }
            replacedSlots.remove(Slot(cookie))
            return
        }
        guard let old, !old.isHTTPOnly, hosts.contains(where: { Self.covers($0, old) }) else { return }
        _ = onlyInCopy.insert(old)
        replacedSlots.insert(Slot(old))
    }

    /// Whether a page of `host` may read `cookie` (its domain). A cookie of an IP address is host-only, so the
    /// domain match's IP rule never decides here.
    private static func covers(_ host: String, _ cookie: Cookie) -> Bool {
        cookie.isHostOnly ? host == cookie.domain : CookieURL.domainMatches(host: host, domain: cookie.domain, hostIsIPAddress: false)
    }

    /// The store's website data was removed: the web process is told, and its copy goes.
    func clear() {
        hosts.removeAll()
        replacedSlots.removeAll()
        _ = onlyInCopy.delete { _ in true }
    }
}
