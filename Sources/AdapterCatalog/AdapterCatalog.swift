import Browsers
import CookieStores
import HarnessCore
import StrategyAdapters
import Locking

/// Every adapter this build knows: the reference jar, the real stores, the sync strategies, the browsers, and those a
/// package that uses CookieHarness as a library adds (``add(_:)``, through `CookieHarness.main(adding:)`).
///
/// The one place that lists them, so that adding an adapter is one line here and nothing else changes.
public enum AdapterCatalog {
    /// The adapters built into the harness.
    public static let builtIn: AdapterRegistry = {
        var registry = AdapterRegistry.builtIn
        for adapter in StoreAdapters.all + ExternalAdapters.all + StrategyAdapterCatalog.all + BrowserAdapters.all {
            registry.register(adapter)
        }
        return registry
    }()

    private static let added = Locked<[Adapter]>([])

    /// The built-in adapters and the added ones (an added adapter replaces a built-in one of the same name).
    public static var registry: AdapterRegistry {
        var registry = builtIn
        for adapter in added.withLock({ $0 }) { registry.register(adapter) }
        return registry
    }

    /// Adds adapters for the rest of the process: the command line offers them like the built-in ones.
    public static func add(_ adapters: [Adapter]) {
        added.withLock { $0 += adapters }
    }
}
