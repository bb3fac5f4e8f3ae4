import CookieStores
import HarnessCore
import StrategyAdapters

/// Every adapter this build knows: the reference jar, the real stores and the sync strategies.
///
/// The one place that lists them, so that adding an adapter is one line here and nothing else changes.
public enum AdapterCatalog {
    public static let registry: AdapterRegistry = {
        var registry = AdapterRegistry.builtIn
        for adapter in StoreAdapters.all + ExternalAdapters.all + StrategyAdapterCatalog.all {
            registry.register(adapter)
        }
        return registry
    }()
}
