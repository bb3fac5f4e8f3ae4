import Foundation
import HarnessCore
import StrategyAdapters
import SyncStrategies
import Reporting
import TestSupport
import Testing

/// The ports of react-native-webview, @react-native-cookies/cookies, cordova-plugin-wkwebview-inject-cookie,
/// webview_cookie_manager (issue 20, part B), webview_flutter and flutter_inappwebview (issue 36): each version is in the catalog with its origin. Whether their adapters
/// still match their expectation files is checked with every library's (``LibraryPortDriftTests``).
@Suite("library ports (part B) in the catalog")
struct LibraryPortsBTests {
    static let libraries = [
        ReactNativeWebViewSharedCookies.library, ReactNativeCookiesSetThenLoad.library, CordovaInjectCookie.library,
        WebviewCookieManagerFlutter.library, WebViewFlutterWKWebView.library,
        FlutterInAppWebViewCookieManager.library,
    ]

    static func adapters(of library: String) -> [Adapter] {
        let names = Set(SyncStrategyKind.versions(of: library).map(\.name))
        return StrategyAdapterCatalog.simulated.filter { adapter in
            names.contains(adapter.name.split(separator: "@", maxSplits: 1).first.map(String.init) ?? adapter.name)
        }
    }

    /// Every version of `library` is a kind with its origin (a full commit, the version in its name, the repository
    /// when given) and runs on every library profile; the kinds, for the caller's own checks.
    @discardableResult
    static func checkCatalog(
        of library: String, repository: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [SyncStrategyKind] {
        let kinds = SyncStrategyKind.versions(of: library)
        #expect(!kinds.isEmpty, sourceLocation: sourceLocation)
        for kind in kinds {
            let origin = try #require(kind.origin, sourceLocation: sourceLocation)
            #expect(origin.commit.count == 40 && origin.commit.allSatisfy(\.isHexDigit), sourceLocation: sourceLocation)
            #expect(kind.name.hasSuffix(":" + origin.version), sourceLocation: sourceLocation)
            if let repository { #expect(origin.repository == repository, sourceLocation: sourceLocation) }
        }
        #expect(
            adapters(of: library).count == kinds.count * StrategyAdapterCatalog.libraryProfiles.count, sourceLocation: sourceLocation)
        return kinds
    }

    @Test("every version runs on ios, ios-11 and webkitgtk, with its origin", arguments: libraries)
    func catalog(library: String) throws {
        try Self.checkCatalog(of: library)
    }
}
