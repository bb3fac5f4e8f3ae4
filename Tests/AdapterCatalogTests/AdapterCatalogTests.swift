import AdapterCatalog
import Browsers
import CookieStores
import CurlCookieStore
import FullHarness
import HarnessCore
import LiveStrategyAdapters
import StrategyAdapters
import SyncStrategies
import Testing

/// The catalog is the one list the command line chooses adapters from: every adapter of every source in it under
/// a name of its own (the registry replaces an adapter of the same name, so a clash would hide one silently).
@Suite("adapter catalog")
struct AdapterCatalogTests {
    /// What the catalog registers, source by source.
    static let sources: [(source: String, adapters: [Adapter])] = [
        ("HarnessCore", AdapterRegistry.builtIn.adapters), ("StoreAdapters", StoreAdapters.all),
        ("CurlCookieStore", [StoreAdapters.curl]), ("ExternalAdapters", ExternalAdapters.all),
        ("StrategyAdapterCatalog", StrategyAdapterCatalog.simulated), ("LiveStrategyAdapters", StrategyAdapterCatalog.live),
        ("BrowserAdapters", BrowserAdapters.all),
    ]

    /// The full product's catalog (the executable's).
    static let catalog: AdapterRegistry = {
        FullHarness.install()
        return AdapterCatalog.builtIn
    }()

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
        let catalog = Self.catalog
        for (source, adapters) in Self.sources {
            for adapter in adapters {
                #expect(catalog.adapter(named: adapter.name) != nil, "\(source)'s '\(adapter.name)' is not in the catalog")
            }
        }
        #expect(catalog.adapters.count == Set(catalog.adapters.map(\.name)).count)
    }

    @Test("a name is one word the command line can take: no spaces, commas or empty names")
    func namesAreWords() {
        for adapter in Self.catalog.adapters {
            #expect(!adapter.name.isEmpty && !adapter.name.contains { $0.isWhitespace || $0 == "," }, "'\(adapter.name)'")
        }
    }

    @Test("the registry the command line reads holds every built-in adapter")
    func registryHoldsBuiltIn() {
        let registry = AdapterCatalog.registry
        for adapter in Self.catalog.adapters {
            #expect(registry.adapter(named: adapter.name) != nil, "'\(adapter.name)' is missing from the registry")
        }
    }

    @Test("the full product's families keep the catalog's order: stores, stores in other languages, strategies, live, browsers")
    func familiesInOrder() throws {
        let names = Self.catalog.adapters.map(\.name)
        let position = { (name: String) throws -> Int in try #require(names.firstIndex(of: name), "no \(name)") }
        #expect(try position("reference") < position("curl"))
        #expect(try position("curl") < position("python-cookiejar"))
        #expect(try position("python-cookiejar") < position("uiwebview"))
        #expect(try position("wk-combined@webkitgtk") < position("wk-combined@webkitgtk-live"))
        #expect(try position("wk-combined@webkitgtk-live") < position("chromium"))
    }

    @Test("a strategy an app adds gets the full product's real-engine variant beside the simulated profiles")
    func addedStrategyVariants() {
        FullHarness.install()
        let kind = SyncStrategyKind.all[0]
        let renamed = SyncStrategyKind(name: "catalog-test", summary: "s", knownBreakage: "k", make: kind.make)
        let names = AdapterCatalog.adapters(for: renamed).map(\.name)
        #expect(names == ["catalog-test", "catalog-test@ios-18", "catalog-test@ios-12", "catalog-test@ios-11", "catalog-test@webkitgtk", "catalog-test@webkitgtk-live"])
    }
}

/// A core build reads the built-in expectation files, which name the full product's adapters: the names it lets pass
/// are those the full product adds, and none in the full product itself (where a typo must stay an error).
@Suite("adapter catalog: the full product's names")
struct FullProductNamesTests {
    @Test("the core's list of the full product's store and browser names is what FullHarness adds")
    func namesMatchTheFamilies() {
        let added = [StoreAdapters.curl] + ExternalAdapters.all + BrowserAdapters.all
        #expect(AdapterCatalog.fullProductNames == Set(added.map(\.name)))
        #expect(StrategyAdapterCatalog.live.allSatisfy { $0.name.hasSuffix(StrategyAdapterCatalog.liveSuffix) })
    }

    @Test("in the full product no name counts as lacked")
    func nothingLackedInTheFullProduct() {
        FullHarness.install()
        #expect(!AdapterCatalog.isLackedFullProductName("wk-combned@webkitgtk-live"))
        #expect(!AdapterCatalog.isLackedFullProductName("curl"))
    }

    /// A library port with options that is not built in is composed by name (issue 36), on every profile the kind runs
    /// on, the real engine's included; it stays out of a plain run, and a wrong option is an error naming the options.
    @Test("a library port with options is composed by name, and a wrong option names the known ones")
    func composedByName() throws {
        let name = "rnw-shared-cookies:12.0.0[incognito=true]@ios-11"
        #expect(!AdapterCatalogTests.catalog.adapters.contains { $0.name == name })
        let adapter = try #require(try AdapterCatalogTests.catalog.resolve(name))
        #expect(adapter.name == name && adapter.info.profile == "ios-11")
        #expect(!AdapterCatalogTests.catalog.defaults.contains { $0.name == name })
        #expect(AdapterCatalogTests.catalog.knows("capacitor-cookies:4.6.0[CapacitorCookies=false]@webkitgtk-live"))
        #expect(try AdapterCatalogTests.catalog.resolve("wk-no-such[incognito=true]") == nil)
        #expect(throws: LibraryOptionError.self) { try AdapterCatalogTests.catalog.resolve("rnw-shared-cookies:12.0.0[private=true]") }
        #expect(throws: LibraryOptionError.self) { try AdapterCatalogTests.catalog.resolve("rnw-shared-cookies:12.0.0[incognito=true]@ios-9") }
    }
}
