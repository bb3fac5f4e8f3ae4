import HarnessCore
import StrategyAdapters
import SyncStrategies
import EngineDrivers

// The strategies and library ports on the real WebKitGTK engine (`NAME@webkitgtk-live`): the full product's, as they
// need the engine's driver; the core product runs the same strategies on the simulated profiles only.

extension WebKitEngineChoice {
    /// The real engine: WebKitGTK in a driver process, leased from the process's pool.
    package static let webKitGTK = WebKitEngineChoice.live(
        LiveWebKitEngine(name: "WebKitGTK") { clock, network, persistent, eventLog in
            try WebKitGTKEngine(clock: clock, network: network, persistent: persistent, eventLog: eventLog)
        })
}

extension StrategyAdapterCatalog {
    /// What a strategy can do on the real engine: everything a simulated one can, on real sockets; the virtual
    /// clock only where libfaketime can move WebKit's processes to it; no `raw-set-cookie`, as WebKit only hears
    /// Set-Cookie lines through its proxy, over HTTP/1.1.
    package static let liveCapabilities: Set<Capability> = webViewCapabilities
        .subtracting([.rawSetCookie])
        .subtracting(WebKitGTKDrivers.movesClock ? [] : [.virtualClock])
        .union([.realNetwork])

    /// Why the real engine cannot run here (looked up once per process), or nil.
    package static let liveEngineUnavailable: String? = WebKitGTKDrivers.unavailableReason()

    /// How a live adapter's skip reason starts when its strategy is not on the real engine yet
    /// (``SyncStrategyKind/realEngineGap``).
    package static let realEngineGapPrefix = "not yet run on the real engine"

    /// `strategy` on the real WebKitGTK engine: `NAME@webkitgtk-live`. When the engine is not installed, the
    /// adapter still exists, and every scenario is skipped with the package to install.
    package static func liveAdapter(for strategy: SyncStrategyKind) -> Adapter {
        var adapter = Adapter(
            info: AdapterInfo(
                name: strategy.name + liveSuffix, version: strategy.origin?.version ?? "1", profile: "webkitgtk-live",
                specProfile: "rfc6265bis"),
            summary: "\(strategy.summary) (real WebKitGTK engine)",
            capabilities: liveCapabilities
        ) { environment in
            try WebViewApp(environment: environment, engine: .webKitGTK, strategy: strategy.make)
        }
        adapter.unavailableReason = liveEngineUnavailable ?? strategy.realEngineGap.map { "\(realEngineGapPrefix): \($0)" }
        adapter.isInDefaultRun = false
        return adapter
    }

    /// Every strategy, every library port and every option setting apps ship, on the real WebKitGTK engine.
    package static let live: [Adapter] =
        (SyncStrategyKind.all + SyncStrategyKind.libraries + SyncStrategyKind.shippedOptionSettings).map(liveAdapter(for:))

    /// The simulated adapters, then the live ones.
    package static let all: [Adapter] = simulated + live
}
