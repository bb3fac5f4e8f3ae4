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
    public var request: WebRequest
    public var navigationType: WKNavigationType
    /// True for a redirect hop (WebKit's `_isRedirect` SPI; public WebKit shows a hop as `.other`).
    public var isRedirect: Bool
    /// `sourceFrame.request.url`: the page that started the navigation, nil for a load by the app.
    public var sourceURL: URL?
    /// `targetFrame?.isMainFrame`: always true (the model has no frames).
    public var isMainFrame: Bool

    public init(request: WebRequest, navigationType: WKNavigationType, isRedirect: Bool, sourceURL: URL?, isMainFrame: Bool = true) {
        self.request = request
        self.navigationType = navigationType
        self.isRedirect = isRedirect
        self.sourceURL = sourceURL
        self.isMainFrame = isMainFrame
    }
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
