import CookieModel

/// A configuration the runner can test: a name, what it can do, and how to build its app for one scenario.
public struct Adapter: Sendable {
    public var info: AdapterInfo
    /// One line for `list adapters`.
    public var summary: String
    public var capabilities: Set<Capability>
    /// Builds a fresh app for one scenario.
    public var makeApp: @Sendable (AppEnvironment) throws -> any App
    /// Why the adapter cannot run on this machine at all (its engine is not installed, with the package to
    /// install), or nil: every scenario is skipped with this reason.
    public var unavailableReason: String?
    /// Whether a plain `run` (no `--adapter`) includes it; adapters on a real engine are chosen by name.
    public var isInDefaultRun = true

    public init(
        info: AdapterInfo, summary: String, capabilities: Set<Capability>,
        makeApp: @escaping @Sendable (AppEnvironment) throws -> any App
    ) {
        self.info = info
        self.summary = summary
        self.capabilities = capabilities
        self.makeApp = makeApp
    }

    public var name: String { info.name }

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

    public init(_ adapters: [Adapter]) {
        self.adapters = adapters
    }

    /// Every adapter built into the harness.
    public static let builtIn = AdapterRegistry([.reference])

    /// The adapters a plain `run` uses: all but those on a real engine (the rest of the catalog takes a few seconds
    /// on the built-in suites).
    public var defaults: [Adapter] { adapters.filter(\.isInDefaultRun) }

    public func adapter(named name: String) -> Adapter? { adapters.first { $0.name == name } }

    /// Adds or replaces an adapter (an out-of-process one configured by the user, for instance).
    public mutating func register(_ adapter: Adapter) {
        adapters.removeAll { $0.name == adapter.name }
        adapters.append(adapter)
    }
}
