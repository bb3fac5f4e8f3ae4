import Foundation

/// `WKScriptMessage`: what a page's `window.webkit.messageHandlers.NAME.postMessage(body)` sent.
public final class WKScriptMessage {
    /// The handler's name (`NAME`).
    public let name: String
    /// Apple: "Allowed types are NSNumber, NSString, NSDate, NSArray, NSDictionary, and NSNull" — here the body as
    /// `JSON.stringify` sees it: `String`, `NSNumber` (numbers and booleans), `[String: Any]`, `[Any]`, `NSNull`.
    public let body: Any
    /// The web view whose page posted it (WebKit's reference is weak too).
    public private(set) weak var webView: WKWebView?
    public let frameInfo: WKFrameInfo

    init(name: String, body: Any, webView: WKWebView?, frameInfo: WKFrameInfo) {
        self.name = name
        self.body = body
        self.webView = webView
        self.frameInfo = frameInfo
    }

    /// A posted body from its JSON text (what `JSON.stringify` made of it: both engines get it so) as ``body``
    /// holds it; `NSNull` for nil (undefined, or not representable).
    package static func body(fromJSON json: String?) -> Any {
        json.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8), options: .fragmentsAllowed) } ?? NSNull()
    }
}

/// `WKScriptMessageHandler`: receives the messages a page posts to the name it was added under
/// (``WKUserContentController/add(_:name:)``). Apple documents delivery as asynchronous: the page's script does not
/// wait, and the handler runs on the main queue after the posting script returned.
public protocol WKScriptMessageHandler: AnyObject {
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage)
}

/// `WKFrameInfo`: the frame a script message or a panel came from. The simulated engine has main frames only.
public struct WKFrameInfo {
    public let isMainFrame: Bool
    /// The frame's current request (its page's URL).
    public let request: WebRequest

    public init(isMainFrame: Bool, request: WebRequest) {
        self.isMainFrame = isMainFrame
        self.request = request
    }
}
