import Foundation

/// `WKNavigationType`.
public enum WKNavigationType: String, Sendable, Hashable {
    case linkActivated
    case formSubmitted
    case backForward
    case reload
    case formResubmitted
    /// A load started by the app (`load(_:)`), a script, or a redirect hop.
    case other
}

/// `WKNavigationActionPolicy`.
public enum WKNavigationActionPolicy: String, Sendable, Hashable {
    case cancel
    case allow
}

/// `WKNavigationResponsePolicy`.
public enum WKNavigationResponsePolicy: String, Sendable, Hashable {
    case cancel
    case allow
}

/// `WKNavigationAction`: what `decidePolicyFor navigationAction` sees, for the first request of a navigation and
/// again for each redirect hop (DESIGN §6 rule 4); never for subresources.
public struct WKNavigationAction: Sendable, Hashable {
    /// The request about to go out. Its `Cookie` header is the app's manual one, if any, never the store's; its
    /// body may be missing for a POST (profile parameter ``PlatformProfile/navigationActionCarriesBody``).
    ///
    /// A value: a delegate that changes it (KKJSBridge adds a `Cookie` header to `navigationAction.request`, an
    /// `NSMutableURLRequest` on iOS) changes only its copy — the decision handler carries a policy, no request, and
    /// WebKit loads the request it already has (the load runs in the network process from WebKit's own
    /// `ResourceRequest`; Apple documents no way back). Both engines so: the driver's `decide` takes a policy only.
    /// Assumed from WebKit's design, not measured on iOS.
    public var request: WebRequest
    public var navigationType: WKNavigationType
    /// True for a redirect hop (WebKit's `_isRedirect` SPI; public WebKit shows a hop as `.other`).
    public var isRedirect: Bool
    /// `sourceFrame.request.url`: the page that started the navigation, nil for a load by the app.
    public var sourceURL: URL?
    /// `targetFrame?.isMainFrame`: true for a main-frame navigation (the model has no frames), false for an action
    /// that opens a new window (Objective-C's message to a nil `targetFrame` answers NO).
    public var isMainFrame: Bool
    /// `targetFrame == nil`: a link with `target="_blank"` asks for a new window. Apple: if the delegate allows it,
    /// WebKit asks the `WKUIDelegate` for a web view (`createWebViewWith`) and loads the request there; none, no load.
    public var targetsNewWindow: Bool

    public init(
        request: WebRequest, navigationType: WKNavigationType, isRedirect: Bool, sourceURL: URL?, isMainFrame: Bool = true,
        targetsNewWindow: Bool = false
    ) {
        self.request = request
        self.navigationType = navigationType
        self.isRedirect = isRedirect
        self.sourceURL = sourceURL
        self.isMainFrame = isMainFrame && !targetsNewWindow
        self.targetsNewWindow = targetsNewWindow
    }
}

/// `WKWindowFeatures`: what `window.open`'s feature string asked for; a link's new window asks for nothing.
public struct WKWindowFeatures: Sendable, Hashable {
    public init() {}
}

/// `WKNavigationResponse`: what `decidePolicyFor navigationResponse` sees — only the final, non-3xx response of a
/// navigation (DESIGN §6 rule 4).
public struct WKNavigationResponse: Sendable, Hashable {
    public var response: WebResponse
    public var isForMainFrame: Bool
    public var canShowMIMEType: Bool

    public init(response: WebResponse, isForMainFrame: Bool = true, canShowMIMEType: Bool = true) {
        self.response = response
        self.isForMainFrame = isForMainFrame
        self.canShowMIMEType = canShowMIMEType
    }
}
