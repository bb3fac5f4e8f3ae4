import Foundation

/// `WKWebsiteDataStore`: where a web view keeps its website data, cookies among them.
///
/// The default store persists (persistent cookies survive a kill, DESIGN §6 rule 9); a non-persistent store
/// keeps nothing across a kill and shares nothing with any other store (rule 1).
public final class WKWebsiteDataStore {
    public let isPersistent: Bool
    /// The engine's identifier of the store.
    public let identifier: Int
    public let httpCookieStore: WKHTTPCookieStore
    let engine: any WebKitEngine
    /// The methods of the app process's `WKWebView` class, which the web views of this store call.
    let webViewMethods: WKWebViewMethods

    /// `WKWebsiteDataStore.allWebsiteDataTypes()`: the model keeps cookies only, so any set removes them.
    public static func allWebsiteDataTypes() -> Set<String> { ["WKWebsiteDataTypeCookies"] }

    /// `removeData(ofTypes:modifiedSince:completionHandler:)`: removes the store's data (here: every cookie,
    /// HttpOnly included) modified since `date`; the model removes everything whatever the date. Asynchronous.
    public func removeData(ofTypes types: Set<String>, modifiedSince date: Date, completionHandler: @escaping () -> Void) {
        engine.removeAllWebsiteData(inDataStore: identifier, completion: completionHandler)
    }

    init(context: WKContext, identifier: Int, isPersistent: Bool) {
        self.engine = context.engine
        self.webViewMethods = context.webViewMethods
        self.identifier = identifier
        self.isPersistent = isPersistent
        self.httpCookieStore = WKHTTPCookieStore(engine: context.engine, dataStore: identifier)
    }
}
