/// The Mixed Content rules a page's subresource meets (W3C Mixed Content, Level 2): from an https page, a request to
/// an http URL is blocked before it leaves, except an image, which is asked for over https instead. A top-level
/// navigation is never mixed content. Measured on WebKitGTK 2.50.6 (Suites/subresource/mixed-content.xml, found by
/// `cookie-harness explore`); Chromium and Firefox do the same.
public enum MixedContent {
    /// Whether `url` is insecure content on `page`.
    public static func isMixed(_ url: HTTPURL, on page: HTTPURL) -> Bool {
        page.scheme == "https" && url.scheme == "http"
    }

    /// `url` over https: port 80 becomes the default port, any other port is kept (Mixed Content 4.1).
    public static func upgraded(_ url: HTTPURL) -> HTTPURL {
        var upgraded = url
        upgraded.scheme = "https"
        if upgraded.port == 80 { upgraded.port = nil }
        return upgraded
    }
}
