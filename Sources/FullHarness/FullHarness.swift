import AdapterCatalog
import Browsers
import CookieHarnessCLI
import CookieStores
import CurlCookieStore
import HarnessCore
import LiveStrategyAdapters
import StrategyAdapters
import EngineDrivers

/// What the full product adds to the core (docs/library.md): libcurl's store, the stores in other languages, every
/// strategy on the real WebKitGTK engine, Chromium and Firefox, and `bench`: each one added to the core's catalog
/// and commands here, so that the core names none of them (their pools register their own end of a run with
/// `RunResources` when first used).
package enum FullHarness {
    /// Adds the full product's adapters and commands to this process, once (a second call does nothing).
    package static func install() { _ = installed }

    private static let installed: Void = {
        AdapterCatalog.addFamily([StoreAdapters.curl], at: .stores)
        AdapterCatalog.addFamily(ExternalAdapters.all, at: .storesInOtherLanguages)
        AdapterCatalog.addFamily(StrategyAdapterCatalog.live, at: .liveStrategies)
        AdapterCatalog.addFamily(BrowserAdapters.all, at: .browsers)
        AdapterCatalog.addStrategyVariant(StrategyAdapterCatalog.liveAdapter(for:))
        AdapterCatalog.setRealEngine(.init(name: "WebKitGTK", unavailableReason: StrategyAdapterCatalog.liveEngineUnavailable))
        CommandReference.add(BenchCommand.self)
    }()

    /// The whole program, as the `cookie-harness` executable runs it: the full product installed, the process's
    /// arguments run with `adapters` added, then exit.
    package static func main(adding adapters: [Adapter] = []) -> Never {
        CookieHarnessCommand.main(adding: adapters, setUp: install)
    }

    /// Runs one command line (without the program name) on the full product and returns the exit status: for tests.
    package static func run(_ arguments: [String], output: CommandOutput = .standard) -> ExitStatus {
        install()
        return CookieHarnessCommand.run(arguments, output: output)
    }
}
