extension SyncStrategyKind {
    /// The sync code of the libraries apps ship (issue 20), one kind per version whose behaviour differs, grouped by
    /// library in the order below. Each library's port lives in its own file of this folder and contributes one list.
    public static let libraries: [SyncStrategyKind] =
        wkCookieWebView + hotwireNative + reactNativeWebView + reactNativeCookies + cordovaInjectCookie + webviewCookieManager
        + webviewFlutter + flutterInAppWebView + ggWkCookie + capacitor + kkJSBridge

    /// The library ports of `library`, oldest version first.
    public static func versions(of library: String) -> [SyncStrategyKind] {
        libraries.filter { $0.origin?.library == library }
    }
}
