import CookieModel
import Foundation
import HarnessCore
import LibsoupModel

/// The in-process cookie stores as adapters: each one a shared-store app (UIWebView model).
///
/// The app's own store persists the way the library does (Foundation's cookie file, libcurl's cookie jar, each in a
/// temporary directory); a non-persistent web view gets an in-memory store of the same library. `SharedStoreApp`
/// asks for the app's store first and for every non-persistent web view store after that, which is how the two
/// are told apart.
///
/// Capabilities, honestly: a native store, a web view on it, non-persistent data stores, restart with the library's
/// own persistence, and listing cookies. Not JavaScript (neither library has a non-HTTP API, so neither has HttpOnly
/// enforcement against script), and not the virtual clock: both libraries read the wall clock themselves. Foundation
/// also takes a Set-Cookie line byte for byte (`HTTPCookie.cookies(withResponseHeaderFields:for:)` is its parser's
/// API); libcurl only hears lines over real HTTP, so it has no `raw-set-cookie`.
package enum StoreAdapters {
    package static let capabilities: Set<Capability> = [.nativeStore, .webView, .nonPersistentDataStore, .persistence, .storeInspection]

    /// swift-corelibs-foundation's `HTTPCookie` and `HTTPCookieStorage` (``FoundationCookieStore``).
    package static let foundation = Adapter(
        info: AdapterInfo(name: "foundation", version: foundationVersion),
        summary: "Foundation's HTTPCookie + HTTPCookieStorage (swift-corelibs-foundation), on-disk store in a temporary "
            + "directory, one store shared by native side and web view",
        capabilities: capabilities.union([.rawSetCookie])
    ) { environment in
        var appStoreMade = false
        return try SharedStoreApp(environment: environment) {
            defer { appStoreMade = true }
            return try FoundationCookieStore(persistence: appStoreMade ? .inMemory : .onDisk)
        }
    }

    /// The model of libsoup 3.2.3's jar (``LibsoupCookieJar``), in process, on the scenario's clock: the jar the
    /// simulated engine keeps under a `libsoup` profile, checked cell by cell against the `libsoup` adapter (the
    /// real library). Its capabilities are that adapter's, so both run the same scenarios.
    package static let libsoupModel = Adapter(
        info: AdapterInfo(name: "libsoup-model", version: "libsoup 3.2.3 (Swift model)"),
        summary: "a Swift model of libsoup 3.2.3's SoupCookieJar (SoupCookieJarText persistence), driven as the "
            + "libsoup adapter drives libsoup; one store shared by native side and web view",
        capabilities: [.nativeStore, .webView, .nonPersistentDataStore, .virtualClock, .persistence, .storeInspection, .javascript]
    ) { environment in
        let clock = environment.cookieClock
        return try SharedStoreApp(environment: environment) { LibsoupCookieJar(clock: clock) }
    }

    /// The in-process stores every build has, in catalog order (libcurl's, `CurlCookieStore`'s module, is the full
    /// product's: it needs libcurl and libmicrohttpd).
    package static let all = [foundation, libsoupModel]

    /// Foundation ships with the toolchain and has no version call of its own: the toolchain's language version.
    static var foundationVersion: String {
        #if compiler(>=7.0)
        "swift-corelibs-foundation (Swift 7 or later)"
        #elseif compiler(>=6.3)
        "swift-corelibs-foundation (Swift 6.3)"
        #elseif compiler(>=6.2)
        "swift-corelibs-foundation (Swift 6.2)"
        #elseif compiler(>=6.1)
        "swift-corelibs-foundation (Swift 6.1)"
        #else
        "swift-corelibs-foundation (Swift 6.0)"
        #endif
    }
}
