import Foundation
import HTTPModel

/// `HTTPURLResponse` as `WKNavigationResponse.response` shows it.
///
/// Porting app code: `HTTPURLResponse` → `WebResponse` (`url`, `statusCode`, `allHeaderFields`,
/// `value(forHTTPHeaderField:)`). `allHeaderFields` is `[String: String]` here, where Foundation has
/// `[AnyHashable: Any]` that every app casts to `[String: String]` first.
public struct WebResponse: Sendable, Hashable {
    public var url: URL
    public var statusCode: Int
    /// The fields as received, in order; ``allHeaderFields`` is the folded dictionary view.
    public var headerFields: [HTTPHeaderField]

    public init(url: URL, statusCode: Int, headerFields: [HTTPHeaderField]) {
        self.url = url
        self.statusCode = statusCode
        self.headerFields = headerFields
    }

    /// DESIGN §6 rule 5: several fields of one name arrive joined with ", " — `Set-Cookie` included, whose
    /// `Expires` dates contain commas of their own, so the joined value cannot be split back reliably.
    public var allHeaderFields: [String: String] { headerFields.foldedDictionary }

    public func value(forHTTPHeaderField name: String) -> String? {
        headerFields.joinedValue(of: name, separator: ", ")
    }
}
