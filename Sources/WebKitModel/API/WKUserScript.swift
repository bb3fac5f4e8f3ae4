/// `WKUserScriptInjectionTime`.
public enum WKUserScriptInjectionTime: String, Sendable, Hashable {
    /// After the document element is created, before any other content loads — which is after the page's response
    /// arrived: what the script writes never reaches that page's own request (DESIGN §6 rule 6).
    case atDocumentStart
    /// After the document finished loading, before subresources such as images.
    case atDocumentEnd
}

/// `WKUserScript`: JavaScript the web view injects into every page it commits.
public struct WKUserScript: Sendable, Hashable {
    public var source: String
    public var injectionTime: WKUserScriptInjectionTime
    public var isForMainFrameOnly: Bool

    public init(source: String, injectionTime: WKUserScriptInjectionTime, forMainFrameOnly: Bool) {
        self.source = source
        self.injectionTime = injectionTime
        self.isForMainFrameOnly = forMainFrameOnly
    }
}

/// `WKUserContentController`: the user scripts of the web views that share it. Changes apply to pages committed
/// afterwards.
public final class WKUserContentController {
    public private(set) var userScripts: [WKUserScript] = []

    public init() {}

    public func addUserScript(_ userScript: WKUserScript) {
        userScripts.append(userScript)
    }

    public func removeAllUserScripts() {
        userScripts.removeAll()
    }
}
