import CookieStores
import HarnessCore
import Locking
import StrategyAdapters
import SyncStrategies

/// Every adapter this build knows: the reference jar, the in-process stores and the sync strategies on the simulated
/// profiles (every build), the families a fuller build adds (``addFamily(_:at:)``: libcurl's store, the stores in
/// other languages, the real engine, the browsers) and those a package that uses CookieHarness as a library adds
/// (``add(_:)``, through `main(adding:)`).
///
/// The one place that lists them, so that adding an adapter is one line here or in the family's module.
package enum AdapterCatalog {
    /// Where a family's adapters go in the catalog's order (what `list adapters` and a plain run show).
    package enum Slot: Int, Sendable, Comparable {
        case stores, storesInOtherLanguages, simulatedStrategies, liveStrategies, browsers

        package static func < (lhs: Slot, rhs: Slot) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    private struct State {
        var families: [(slot: Slot, adapters: [Adapter])] = [
            (.stores, StoreAdapters.all), (.simulatedStrategies, StrategyAdapterCatalog.simulated),
        ]
        var builtIn: AdapterRegistry?
        var added: [Adapter] = []
        var strategyVariants: [@Sendable (SyncStrategyKind) -> Adapter] = []
        var realEngine: RealEngine?
    }

    /// A real engine this build runs strategies on, and why it cannot run here (nil: it can).
    package struct RealEngine: Sendable {
        package var name: String
        package var unavailableReason: String?

        package init(name: String, unavailableReason: String?) {
            self.name = name
            self.unavailableReason = unavailableReason
        }
    }

    private static let state = Locked(State())

    /// Adds a family of built-in adapters at `slot` (after the families already there). For a build's set-up, before
    /// the first command runs.
    package static func addFamily(_ adapters: [Adapter], at slot: Slot) {
        state.withLock { state in
            let index = state.families.firstIndex { $0.slot > slot } ?? state.families.endIndex
            state.families.insert((slot, adapters), at: index)
            state.builtIn = nil
        }
    }

    /// Adds one more adapter per strategy an app adds (``adapters(for:)``): e.g. the strategy on the real engine.
    package static func addStrategyVariant(_ make: @escaping @Sendable (SyncStrategyKind) -> Adapter) {
        state.withLock { $0.strategyVariants.append(make) }
    }

    /// Says which real engine this build runs strategies on (`NAME@webkitgtk-live`).
    package static func setRealEngine(_ engine: RealEngine) {
        state.withLock { $0.realEngine = engine }
    }

    /// Whether this build runs strategies on a real engine (installed here or not): the core product does not.
    package static var hasRealEngine: Bool { state.withLock { $0.realEngine != nil } }

    /// Why the real engine cannot run here, or nil when it can: a core build has none.
    package static var realEngineUnavailable: String? {
        guard let engine = state.withLock({ $0.realEngine }) else {
            return "this build has no real engine: it is CookieHarness's core product (the CookieHarness product and "
                + "the cookie-harness executable have WebKitGTK; docs/library.md)"
        }
        return engine.unavailableReason
    }

    /// The names of the adapters the full product adds beside the real engine's (`NAME@webkitgtk-live`): its stores
    /// and browsers. Known here so that a core build reads the built-in expectation files, which name them too, without
    /// calling them unknown; `AdapterCatalogTests` keeps the list equal to what `FullHarness` adds.
    package static let fullProductNames: Set<String> = Set(["curl", "chromium", "firefox"] + ExternalAdapters.all.map(\.name))

    /// Whether `name` is an adapter of the full product that this build lacks: in a core build, a built-in expectation
    /// file may name it (in the full product nothing is lacking, so a typo there stays an error).
    package static func isLackedFullProductName(_ name: String) -> Bool {
        guard !hasRealEngine else { return false }
        return name.hasSuffix(StrategyAdapterCatalog.liveSuffix) || fullProductNames.contains(name)
    }

    /// The adapters built into this build, in catalog order.
    package static var builtIn: AdapterRegistry {
        state.withLock { state in
            if let builtIn = state.builtIn { return builtIn }
            var registry = AdapterRegistry.builtIn
            for family in state.families {
                for adapter in family.adapters { registry.register(adapter) }
            }
            registry.builder = withOptions(named:)
            state.builtIn = registry
            return registry
        }
    }

    /// The strategy adapters of this build (every profile, the real engine's too): what the truth table reads.
    package static var strategyAdapters: [Adapter] {
        state.withLock { $0.families.filter { $0.slot == .simulatedStrategies || $0.slot == .liveStrategies } }
            .flatMap(\.adapters)
    }

    /// The built-in adapters and the added ones (an added adapter replaces a built-in one of the same name).
    package static var registry: AdapterRegistry {
        var registry = builtIn
        for adapter in state.withLock({ $0.added }) { registry.register(adapter) }
        return registry
    }

    /// Adds adapters for the rest of the process: the command line offers them like the built-in ones.
    package static func add(_ adapters: [Adapter]) {
        state.withLock { $0.added += adapters }
    }

    /// A library port with options that is not built in (`rnw-shared-cookies:12.0.0[incognito=true]@ios-11`): the
    /// kind with those options on the name's profile, as ``adapters(for:)`` makes it; nil for a name without options
    /// or of no kind.
    /// - Throws: ``LibraryOptionError`` naming the kind's options, or why the profile is unknown.
    @Sendable static func withOptions(named name: String) throws -> Adapter? {
        let parsed: StrategyName?
        do {
            parsed = try StrategyName(parsing: name)
        } catch {
            throw LibraryOptionError(error.description)
        }
        guard let parsed, let kind = try SyncStrategyKind.resolving(StrategyName(kind: parsed.kind, options: parsed.options).description)
        else { return nil }
        let candidates = adapters(for: kind)
        if let adapter = candidates.first(where: { $0.name == name }) { return adapter }
        throw LibraryOptionError(
            "'\(name)': no profile '\(parsed.profile.dropFirst())' (its adapters: \(candidates.map(\.name).joined(separator: ", ")))")
    }

    /// An app's own strategy as adapters: one per simulated profile (as the built-in strategies), then this build's
    /// variants (the real engine's, in the full product).
    package static func adapters(for strategy: SyncStrategyKind) -> [Adapter] {
        StrategyAdapterCatalog.profiles.map { StrategyAdapterCatalog.adapter(for: strategy, on: $0) }
            + state.withLock { $0.strategyVariants }.map { $0(strategy) }
    }
}
