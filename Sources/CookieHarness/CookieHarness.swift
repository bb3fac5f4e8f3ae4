// CookieHarness as a library, the full product: your own sync strategy or cookie store on the built-in suites, with
// the whole command line, the real WebKitGTK engine, the browsers, libcurl's store, the stores in other languages and
// `bench`, from a package of your own (README, "Your own strategy"). Its surface is the core product's (whole) and
// this file's `CookieHarness`; docs/library.md says which product to pick.
@_exported import CookieHarnessCore
import AdapterCatalog
import CookieHarnessCLI
import FullHarness

/// The command line with adapters of your own, for a package that depends on CookieHarness.
///
/// ```swift
/// // Sources/my-app-harness/main.swift
/// import CookieHarness
///
/// CookieHarness.main(adding: [.strategy("my-app", MyStrategy.init)])
/// ```
///
/// `swift run my-app-harness run --adapter my-app` then runs the built-in suites on your strategy (every command
/// of `cookie-harness` is there, and `list adapters` shows yours, `my-app@webkitgtk-live` on the real engine too).
public enum CookieHarness {
    /// What ``main(adding:)`` adds: a sync strategy, a cookie store, or any adapter.
    public typealias Addition = CookieHarnessCore.Addition

    /// Runs the command line with `additions` beside the built-in adapters, then exits with its status.
    ///
    /// Call it first thing in `main.swift` (it installs the signal handling every thread must inherit).
    public static func main(adding additions: [Addition] = []) -> Never {
        CookieHarnessCommand.main(setUp: {
            FullHarness.install()
            AdapterCatalog.add(additions.flatMap(\.adapters))
        })
    }

    /// Runs one command line (without the program name) with `additions`, and returns the exit status: for tests.
    /// The additions stay for the rest of the process (the catalog is process-wide), so add each name once.
    public static func run(_ arguments: [String], adding additions: [Addition] = []) -> Int32 {
        FullHarness.install()
        AdapterCatalog.add(additions.flatMap(\.adapters))
        return CookieHarnessCommand.run(arguments).rawValue
    }
}
