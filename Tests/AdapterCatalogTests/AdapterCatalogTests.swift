import AdapterCatalog
import CookieStores
import HarnessCore
import StrategyAdapters
import Testing

/// The catalog is the one list the command line chooses adapters from: every adapter of every source in it under
/// a name of its own (the registry replaces an adapter of the same name, so a clash would hide one silently).
@Suite("adapter catalog")
struct AdapterCatalogTests {
    /// What the catalog registers, source by source.
    static let sources: [(source: String, adapters: [Adapter])] = [
        ("HarnessCore", AdapterRegistry.builtIn.adapters), ("StoreAdapters", StoreAdapters.all),
        ("ExternalAdapters", ExternalAdapters.all), ("StrategyAdapterCatalog", StrategyAdapterCatalog.all),
    ]

    @Test("no two adapters of the sources share a name")
    func namesUnique() {
        var seen: [String: String] = [:]
        for (source, adapters) in Self.sources {
            for adapter in adapters {
                if let first = seen[adapter.name] {
                    Issue.record("'\(adapter.name)' is named by \(first) and by \(source): the catalog keeps only one")
                }
                seen[adapter.name] = source
            }
        }
    }

    @Test("every adapter of every source resolves by its name")
    func everyAdapterResolvable() {
        let catalog = AdapterCatalog.builtIn
        for (source, adapters) in Self.sources {
            for adapter in adapters {
                #expect(catalog.adapter(named: adapter.name) != nil, "\(source)'s '\(adapter.name)' is not in the catalog")
            }
        }
        #expect(catalog.adapters.count == Set(catalog.adapters.map(\.name)).count)
    }

    @Test("a name is one word the command line can take: no spaces, commas or empty names")
    func namesAreWords() {
        for adapter in AdapterCatalog.builtIn.adapters {
            #expect(!adapter.name.isEmpty && !adapter.name.contains { $0.isWhitespace || $0 == "," }, "'\(adapter.name)'")
        }
    }

    @Test("the registry the command line reads holds every built-in adapter")
    func registryHoldsBuiltIn() {
        let registry = AdapterCatalog.registry
        for adapter in AdapterCatalog.builtIn.adapters {
            #expect(registry.adapter(named: adapter.name) != nil, "'\(adapter.name)' is missing from the registry")
        }
    }
}
