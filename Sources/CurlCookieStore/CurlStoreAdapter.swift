import CookieStores
import HarnessCore

extension StoreAdapters {
    /// libcurl's cookie engine on real HTTP(S) exchanges with a loopback listener (``CurlCookieStore``).
    package static let curl = Adapter(
        info: AdapterInfo(name: "curl", version: "libcurl \(LibCurl.version), libmicrohttpd \(MicroHTTPDDaemon.version)"),
        summary: "libcurl's cookie engine over real HTTP(S) to a loopback libmicrohttpd listener, cookie-jar file "
            + "for persistence, one store shared by native side and web view",
        capabilities: capabilities
    ) { environment in
        var appStoreMade = false
        return try SharedStoreApp(environment: environment) {
            defer { appStoreMade = true }
            return try CurlCookieStore(persistence: appStoreMade ? .inMemory : .cookieJarFile)
        }
    }
}
