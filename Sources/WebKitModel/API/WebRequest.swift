import CookieModel
import Foundation
import HTTPModel

/// `URLRequest` as `WKWebView.load(_:)` takes it and `WKNavigationAction.request` shows it.
///
/// Renamed because Foundation on Linux has no `URLRequest` outside FoundationNetworking, and the model must not
/// depend on a networking stack. Porting app code: `URLRequest` → `WebRequest`; the members keep their names
/// (`url`, `httpMethod`, `allHTTPHeaderFields`, `httpBody`, `httpShouldHandleCookies`, `value(forHTTPHeaderField:)`,
/// `setValue(_:forHTTPHeaderField:)`, `addValue(_:forHTTPHeaderField:)`).
public struct WebRequest: Sendable, Hashable {
    public var url: URL
    public var httpMethod: String
    /// The header fields in order; ``allHTTPHeaderFields`` is the dictionary view.
    public var headerFields: [HTTPHeaderField]
    public var httpBody: Data?
    /// False: the engine neither sends nor stores cookies for this load (DESIGN §6 rule 11).
    public var httpShouldHandleCookies: Bool

    public init(
        url: URL, httpMethod: String = "GET", headerFields: [HTTPHeaderField] = [], httpBody: Data? = nil,
        httpShouldHandleCookies: Bool = true
    ) {
        self.url = url
        self.httpMethod = httpMethod
        self.headerFields = headerFields
        self.httpBody = httpBody
        self.httpShouldHandleCookies = httpShouldHandleCookies
    }

    /// `URLRequest.allHTTPHeaderFields`: repeated fields are joined with ", "; setting replaces every field.
    public var allHTTPHeaderFields: [String: String]? {
        get { headerFields.isEmpty ? nil : headerFields.foldedDictionary }
        set {
            headerFields = (newValue ?? [:]).sorted { $0.key < $1.key }.map { HTTPHeaderField(name: $0.key, value: $0.value) }
        }
    }

    public func value(forHTTPHeaderField name: String) -> String? {
        headerFields.joinedValue(of: name, separator: name.lowercased() == "cookie" ? "; " : ", ")
    }

    /// Replaces every field called `name`; nil removes them.
    public mutating func setValue(_ value: String?, forHTTPHeaderField name: String) {
        let lower = name.lowercased()
        if let index = headerFields.firstIndex(where: { $0.name.lowercased() == lower }), let value {
            headerFields[index].value = value
            headerFields = headerFields.enumerated().filter { $0.offset == index || $0.element.name.lowercased() != lower }.map(\.element)
        } else {
            headerFields = headerFields.removing(name)
            if let value { headerFields.append(HTTPHeaderField(name: name, value: value)) }
        }
    }

    public mutating func addValue(_ value: String, forHTTPHeaderField name: String) {
        headerFields.append(HTTPHeaderField(name: name, value: value))
    }

    /// The request a redirect answered with `status` leads to, at `url`: the same request, except that a POST the
    /// redirect turns into a GET loses its body and the header fields about it (``HTTPRedirect``).
    /// Which header fields go along: ``HTTPRedirect/keptHeaderFields(_:crossOrigin:methodBecomesGET:)``.
    public func following(redirect status: Int, to url: URL) -> WebRequest {
        var next = self
        next.url = url
        let becomesGET = HTTPRedirect.changesMethodToGET(status: status, method: httpMethod)
        next.headerFields = HTTPRedirect.keptHeaderFields(
            headerFields, crossOrigin: HTTPURL(self.url.absoluteString).map(\.origin) != HTTPURL(url.absoluteString).map(\.origin), methodBecomesGET: becomesGET)
        if becomesGET {
            next.httpMethod = "GET"
            next.httpBody = nil
        }
        return next
    }

    /// The body as text (the virtual network carries text).
    public var bodyText: String? { httpBody.map { String(decoding: $0, as: UTF8.self) } }
}
