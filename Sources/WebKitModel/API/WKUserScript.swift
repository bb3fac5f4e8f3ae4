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

/// `WKUserContentController`: the user scripts and script message handlers of the web views that share it. Script
/// changes apply to pages committed afterwards; message handlers, as Apple documents, are defined "in all frames in
/// all web views that use the user content controller" as soon as they are added.
public final class WKUserContentController {
    public private(set) var userScripts: [WKUserScript] = []
    /// Kept strongly, as WebKit does (the known retain cycle when the handler owns the web view).
    private var messageHandlers: [(name: String, handler: any WKScriptMessageHandler)] = []

    public init() {}

    public func addUserScript(_ userScript: WKUserScript) {
        userScripts.append(userScript)
    }

    public func removeAllUserScripts() {
        userScripts.removeAll()
    }

    /// `add(_:name:)`: pages get `window.webkit.messageHandlers.<name>.postMessage(body)`. WebKit raises an
    /// exception when the name is taken; here the first handler stays and the call is ignored.
    public func add(_ scriptMessageHandler: any WKScriptMessageHandler, name: String) {
        guard !messageHandlers.contains(where: { $0.name == name }) else { return }
        messageHandlers.append((name, scriptMessageHandler))
    }

    /// `removeScriptMessageHandler(forName:)`: `window.webkit.messageHandlers.<name>` is gone from the pages.
    public func removeScriptMessageHandler(forName name: String) {
        messageHandlers.removeAll { $0.name == name }
    }

    public func removeAllScriptMessageHandlers() {
        messageHandlers.removeAll()
    }

    /// The names pages can post to now.
    public var scriptMessageHandlerNames: [String] { messageHandlers.map(\.name) }

    /// Delivers `message` to the handler registered under its name now (none: dropped, as in WebKit).
    func deliver(_ message: WKScriptMessage) {
        messageHandlers.first { $0.name == message.name }?.handler.userContentController(self, didReceive: message)
    }
}
