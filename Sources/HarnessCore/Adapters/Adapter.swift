import CookieModel
import Locking

/// A configuration the runner can test: a name, what it can do, and how to build its app for one scenario.
///
/// An adapter whose description costs something to learn — an out-of-process store tells its version and
/// capabilities only once its process has started — can be ``deferred(name:resolve:)``: it is known by name at once
/// and described the first time anything else of it is read, so a run that never selects it never starts it.
public struct Adapter: Sendable {
    /// What the adapter is, once known.
    struct Description: Sendable {
        var info: AdapterInfo
        var summary: String
        var capabilities: Set<Capability>
        var makeApp: @Sendable (AppEnvironment) throws -> any App
        var unavailableReason: String?
    }

    private enum Source: Sendable {
        case described(Description)
        case deferred(name: String, DeferredDescription)
    }

    private var source: Source

    public var info: AdapterInfo {
        get { current.info }
        set { update { $0.info = newValue } }
    }
    /// One line for `list adapters`.
    public var summary: String {
        get { current.summary }
        set { update { $0.summary = newValue } }
    }
    public var capabilities: Set<Capability> {
        get { current.capabilities }
        set { update { $0.capabilities = newValue } }
    }
    /// Builds a fresh app for one scenario.
    public var makeApp: @Sendable (AppEnvironment) throws -> any App {
        get { current.makeApp }
        set { update { $0.makeApp = newValue } }
    }
    /// Why the adapter cannot run on this machine at all (its engine is not installed, with the package to
    /// install), or nil: every scenario is skipped with this reason.
    public var unavailableReason: String? {
        get { current.unavailableReason }
        set { update { $0.unavailableReason = newValue } }
    }
    /// Whether a plain `run` (no `--adapter`) includes it; adapters on a real engine are chosen by name.
    public var isInDefaultRun = true

    public init(
        info: AdapterInfo, summary: String, capabilities: Set<Capability>,
        makeApp: @escaping @Sendable (AppEnvironment) throws -> any App
    ) {
        source = .described(Description(
            info: info, summary: summary, capabilities: capabilities, makeApp: makeApp, unavailableReason: nil))
    }

    /// An adapter known by `name` now and described by `resolve` the first time its description is read (once, for
    /// every copy of it); `resolve` must return an adapter of that name.
    public static func deferred(name: String, resolve: @escaping @Sendable () -> Adapter) -> Adapter {
        Adapter(source: .deferred(name: name, DeferredDescription(resolve)))
    }

    private init(source: Source) {
        self.source = source
    }

    public var name: String {
        switch source {
        case .described(let description): description.info.name
        case .deferred(let name, _): name
        }
    }

    private var current: Description {
        switch source {
        case .described(let description): description
        case .deferred(_, let deferred): deferred.description
        }
    }

    private mutating func update(_ change: (inout Description) -> Void) {
        var changed = current
        change(&changed)
        source = .described(changed)
    }

    /// Why `scenario` cannot run here, or nil when it can.
    public func skipReason(for scenario: Scenario) -> String? {
        if let unavailableReason { return "adapter '\(name)' is not available here: \(unavailableReason)" }
        let missing = scenario.requiredCapabilities.subtracting(capabilities)
        guard !missing.isEmpty else { return nil }
        return "adapter '\(name)' lacks capability: " + missing.sorted().map(\.rawValue).joined(separator: ", ")
    }

    /// The RFC 6265bis reference jar as a shared-store app (one jar for native and web view).
    public static let reference = Adapter(
        info: AdapterInfo(name: "reference", version: "1", profile: "", specProfile: "rfc6265bis"),
        summary: "RFC 6265bis reference jar, one store shared by native side and web view (the UIWebView model)",
        capabilities: [
            .nativeStore, .webView, .javascript, .nonPersistentDataStore, .persistence, .virtualClock,
            .storeInspection, .httpOnly, .rawSetCookie,
        ]
    ) { environment in
        let clock = environment.cookieClock
        return try SharedStoreApp(environment: environment) { CookieJar(clock: clock) }
    }
}

/// The adapters this build knows, by name; what `--adapter` chooses from.
public struct AdapterRegistry: Sendable {
    public private(set) var adapters: [Adapter]
    /// Makes an adapter whose name is composed rather than listed (a library port with options,
    /// `NAME[OPTION=VALUE]@PROFILE`): nil for a name it does not compose, an error for one it cannot build.
    public var builder: (@Sendable (String) throws -> Adapter?)?

    public init(_ adapters: [Adapter]) {
        self.adapters = adapters
    }

    /// Every adapter built into the harness.
    public static let builtIn = AdapterRegistry([.reference])

    /// The adapters a plain `run` uses: all but those on a real engine (the rest of the catalog takes a few seconds
    /// on the built-in suites).
    public var defaults: [Adapter] { adapters.filter(\.isInDefaultRun) }

    /// The adapter called `name`, listed or composed (nil also when a composed name is wrong: ``resolve(_:)`` says why).
    public func adapter(named name: String) -> Adapter? { try? resolve(name) }

    /// The adapter called `name`: a listed one, else one the ``builder`` composes; nil when neither knows it.
    /// - Throws: the builder's error for a composed name it cannot build (an unknown option, with the known ones).
    public func resolve(_ name: String) throws -> Adapter? {
        if let listed = adapters.first(where: { $0.name == name }) { return listed }
        return try builder?(name)
    }

    /// Whether `name` is a listed adapter or one the builder composes.
    public func knows(_ name: String) -> Bool { adapter(named: name) != nil }

    /// Adds or replaces an adapter (an out-of-process one configured by the user, for instance).
    public mutating func register(_ adapter: Adapter) {
        adapters.removeAll { $0.name == adapter.name }
        adapters.append(adapter)
    }
}

/// The description of a deferred adapter, worked out once and shared by every copy of the adapter.
private final class DeferredDescription: Sendable {
    private let resolve: @Sendable () -> Adapter
    private let resolved = Locked<Adapter.Description?>(nil)

    init(_ resolve: @escaping @Sendable () -> Adapter) {
        self.resolve = resolve
    }

    /// Resolves under the lock, so two threads asking at once start one process, not two.
    var description: Adapter.Description {
        resolved.withLock { resolved in
            if let resolved { return resolved }
            let description = resolve().describedValue
            resolved = description
            return description
        }
    }
}

extension Adapter {
    /// This adapter's description, resolving it if it is deferred.
    fileprivate var describedValue: Description { current }
}
