import HarnessCore

/// Every adapter this build knows: the reference jar, the real stores and the sync strategies.
///
/// The one place that lists them, so that adding an adapter is one line here and nothing else changes.
public enum AdapterCatalog {
    public static let registry: AdapterRegistry = {
        let registry = AdapterRegistry.builtIn
        return registry
    }()
}
