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

    init(context: WKContext, identifier: Int, isPersistent: Bool) {
        self.engine = context.engine
        self.identifier = identifier
        self.isPersistent = isPersistent
        self.httpCookieStore = WKHTTPCookieStore(engine: context.engine, dataStore: identifier)
    }
}
