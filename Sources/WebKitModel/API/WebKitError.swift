/// An error a WebKit-shaped API reports: to a navigation delegate (`didFailProvisionalNavigation`), to an
/// `evaluateJavaScript` completion handler, or to a subresource request.
///
/// The codes carry the numbers WebKit and Foundation use where there is one, so that messages read the same as on
/// a device.
public struct WebKitError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: Int, Sendable, Hashable {
        /// `NSURLErrorCancelled`: a new load replaced a navigation that was still provisional.
        case cancelled = -999
        /// `NSURLErrorCannotFindHost`: no server answers for the host.
        case cannotFindHost = -1003
        /// `NSURLErrorHTTPTooManyRedirects`.
        case tooManyRedirects = -1007
        /// `WebKitErrorFrameLoadInterruptedByPolicyChange`: the response policy said `.cancel`.
        case frameLoadInterruptedByPolicyChange = 102
        /// `WKError.javaScriptExceptionOccurred`.
        case javaScriptExceptionOccurred = 4
        /// Simulator only: the script uses JavaScript the simulated engine does not implement. Not a property of
        /// the page: an app maps it to "unsupported", never to a failure of the behaviour under test.
        case unsupportedJavaScript = -90001
        /// Simulator only: the engine's event queue did not drain (a strategy scheduling work forever).
        case engineDidNotSettle = -90002
        /// Real engine only: the engine has no way to do what was asked (WebKitGTK cannot load a POST). Not a
        /// property of the page: an app maps it to "the scenario cannot be served here", a skip with the reason.
        case unsupportedByEngine = -90003
        /// Real engine only: the engine's process failed (it crashed, hung past its time limit, or broke its
        /// protocol). An error of the harness's, never a behaviour under test.
        case engineFailed = -90004
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(message) (WebKit error \(code.rawValue))" }
}
