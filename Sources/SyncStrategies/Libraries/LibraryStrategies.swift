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

extension SyncStrategyKind {
    /// The option settings apps ship (issue 36), built in beside the library ports on every profile they run on: the
    /// latest react-native-webview with `sharedCookiesEnabled` off, with `incognito`, with `cacheEnabled` off; the
    /// latest Capacitor with `CapacitorHttp` alone (both switches on is `capacitor-http:6.0.0`, `CapacitorCookies`
    /// alone `capacitor-cookies:5.2.3`). Any other setting runs by name (`SyncStrategyKind.resolving`).
    public static let shippedOptionSettings: [SyncStrategyKind] = [
        ("rnw-shared-cookies:13.10.6", "sharedCookiesEnabled", "false"), ("rnw-shared-cookies:13.10.6", "incognito", "true"),
        ("rnw-shared-cookies:13.10.6", "cacheEnabled", "false"), ("capacitor-http:6.0.0", "CapacitorCookies", "false"),
    ].map { kind, option, value in
        // A misspelt entry here is a programming error, caught by the first test that reads the list.
        try! named(kind)!.setting([(option, value)])
    }
}
