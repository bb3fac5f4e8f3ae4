// swift-tools-version:6.0
// CookieHarness — a cookie conformance test harness. Module map: docs/architecture.md (a test keeps it true).
import PackageDescription

let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "CookieHarness",
    products: [
        .library(name: "CookieModel", targets: ["CookieModel"]),
        // Your own strategy or store on the built-in suites on the simulated profiles, with the command line (Examples/):
        // libxml2, libpsl and JavaScriptCore only.
        .library(name: "CookieHarnessCore", targets: ["CookieHarnessCore"]),
        // The core and the real engines, the browsers, libcurl's store, the stores in other languages and bench.
        .library(name: "CookieHarness", targets: ["CookieHarness"]),
        .executable(name: "cookie-harness", targets: ["cookie-harness"]),
        .executable(name: "cookie-harness-fuzz", targets: ["cookie-harness-fuzz"]),
    ],
    targets: [
        // C libraries from Debian, found through pkg-config; a missing package names its fix.
        .systemLibrary(name: "CLibPSL", pkgConfig: "libpsl", providers: [.apt(["libpsl-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CLibCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CLibMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        // WebKit's JavaScript engine (the one WebKitGTK runs): the simulated page's JavaScript.
        .systemLibrary(
            name: "CJavaScriptCore", pkgConfig: "javascriptcoregtk-4.1", providers: [.apt(["libjavascriptcoregtk-4.1-dev"])]
        ),
        // prctl(2), variadic in C, behind fixed-argument wrappers Swift can call.
        .systemLibrary(name: "CProcessControl"),

        // A value behind a pthread mutex: shared state every sanitizer sees (Synchronization's Mutex is a futex on Linux,
        // invisible to ThreadSanitizer).
        .target(name: "Locking", swiftSettings: strict),
        // The RFC 6265bis reference cookie jar: pure, no I/O.
        .target(name: "CookieModel", dependencies: ["CLibPSL", "Locking"], swiftSettings: strict),
        // A model of libsoup 3.2.3's cookie jar (WebKitGTK's), re-expressed from libsoup's C: pure, no I/O.
        .target(name: "LibsoupModel", dependencies: ["CookieModel", "Locking"], swiftSettings: strict),
        // Apple's cookie jar (CFNetwork's) as WebKit's bots record it for the Apple ports: the reference jar with the
        // recorded departures, each with its evidence.
        .target(name: "AppleModel", dependencies: ["CookieModel", "Locking"], swiftSettings: strict),
        // HTTP as the harness and the engines speak it: URL, request, response, header fields, the redirect rules and
        // the network seam an engine sends through.
        .target(name: "HTTPModel", dependencies: ["CookieModel"], swiftSettings: strict),
        // Every file the tool writes (one atomic writer: modes kept, umask honoured, links followed, devices and FIFOs
        // written through), the input files it reads and the suite folders it walks (links followed, loops ended).
        .target(name: "FileAccess", dependencies: ["ProcessCleanup"], swiftSettings: strict),
        // libxml2 behind a Swift API: safe parsing, XSD validation with file:line:column errors.
        .target(name: "XMLSupport", dependencies: ["CLibXML2", "FileAccess", "ProcessCleanup", "Locking"], swiftSettings: strict),
        // External conformance corpora (http-state, wpt-cookies): readers, importers, runners.
        .target(
            name: "Conformance", dependencies: ["CookieModel", "FileAccess", "HTTPModel", "XMLSupport"],
            swiftSettings: strict
        ),
        // Child processes that speak JSON lines (store adapters, the WebKitGTK driver): spawn, time limits, kill.
        .target(name: "ChildProcesses", dependencies: ["ProcessCleanup"], swiftSettings: strict),
        // What a run leaves behind (scratch paths, child process groups, orphans) and SIGINT, SIGTERM, SIGHUP,
        // SIGQUIT: removed, killed, ended.
        .target(name: "ProcessCleanup", dependencies: ["CProcessControl", "Locking"], swiftSettings: strict),
        // Scenario model, worlds, apps, adapters, the runner and its results; suites come in through ScenarioSource.
        .target(
            name: "HarnessCore", dependencies: ["CookieModel", "HTTPModel", "ProcessCleanup", "Locking"],
            swiftSettings: strict
        ),
        // The suite format: suite and expectation files loaded and validated against Suites/suite.xsd, the index a run
        // reads scenarios from, and the expectation files' maintenance (update-expectations).
        .target(
            name: "SuiteFormat",
            dependencies: ["HarnessCore", "CookieModel", "FileAccess", "HTTPModel", "XMLSupport", "Locking"],
            swiftSettings: strict
        ),
        // Real cookie stores behind the CookieStore protocol: Foundation, out-of-process adapters.
        .target(
            name: "CookieStores",
            dependencies: ["ChildProcesses", "CookieModel", "FileAccess", "HarnessCore", "ProcessCleanup", "LibsoupModel", "Locking"],
            exclude: ["External", "OutOfProcess/PROTOCOL.md"],
            swiftSettings: strict
        ),
        // libcurl's cookie engine over real HTTP(S) to a loopback libmicrohttpd listener: the full product's store.
        .target(
            name: "CurlCookieStore",
            dependencies: ["CookieStores", "CookieModel", "HarnessCore", "CLibCurl", "CLibMicroHTTPD", "Locking"],
            swiftSettings: strict
        ),
        // A WebKit-shaped API (WKWebView and friends) and its engines: the deterministic simulated one.
        .target(name: "WebKitModel", dependencies: ["CookieModel", "HTTPModel", "LibsoupModel", "AppleModel", "CJavaScriptCore", "Locking"], swiftSettings: strict),
        // What every app that drives an engine through the WebKit-shaped API shares: the harness's requests as the API
        // takes them, and an engine's failures as an app's.
        .target(name: "EngineAppSupport", dependencies: ["HarnessCore", "HTTPModel", "WebKitModel"], swiftSettings: strict),
        // The engines in driver processes (WebKitGTK, Chromium, Firefox; harness_drivers/, Python), behind the same WebKitEngine seam.
        .target(
            name: "EngineDrivers",
            dependencies: ["ChildProcesses", "CookieModel", "HTTPModel", "HarnessCore", "WebKitModel", "ProcessCleanup", "Locking"],
            exclude: ["harness_drivers"],
            swiftSettings: strict
        ),
        // The cookie sync strategies from the field, written against the WebKit-shaped API only.
        .target(name: "SyncStrategies", dependencies: ["WebKitModel", "AppleModel", "CookieModel"], swiftSettings: strict),
        // Web view apps (native store + engine + strategy) as adapters the runner can drive.
        .target(
            name: "StrategyAdapters",
            dependencies: ["AppleModel", "HarnessCore", "HTTPModel", "WebKitModel", "EngineAppSupport", "SyncStrategies", "CookieModel"],
            swiftSettings: strict
        ),
        // The strategies and library ports on the real WebKitGTK engine (NAME@webkitgtk-live): the full product's.
        .target(
            name: "LiveStrategyAdapters", dependencies: ["HarnessCore", "StrategyAdapters", "SyncStrategies", "EngineDrivers"],
            swiftSettings: strict
        ),
        // Real browsers (Chromium) as apps: the browser's own jar is the one store, every request the browser's.
        .target(
            name: "Browsers", dependencies: ["HarnessCore", "HTTPModel", "WebKitModel", "EngineDrivers", "EngineAppSupport", "CookieModel"],
            swiftSettings: strict
        ),
        // Every adapter this build knows, by name: what the command line chooses from (the full product adds families).
        .target(
            name: "AdapterCatalog",
            dependencies: ["HarnessCore", "CookieStores", "StrategyAdapters", "SyncStrategies", "Locking"],
            swiftSettings: strict
        ),
        // Reports from result events: JUnit XML, JSON, console.
        .target(
            name: "Reporting", dependencies: ["FileAccess", "HarnessCore", "XMLSupport", "ProcessCleanup"],
            swiftSettings: strict
        ),
        // Counts the heap allocations of a thread (malloc replaced by interposition; glibc has no hooks left). Linked
        // by the cookie-harness executable and the tests only, never by a library product: it would replace the
        // allocator of the app's binary.
        .target(name: "CMallocCounter"),
        // How Bench reaches the counter: weak references, so a binary without CMallocCounter counts nothing.
        .target(name: "CAllocationProbe"),
        // Scenarios nobody wrote: a generator over the suite vocabulary, the differential loop, the minimizer.
        .target(
            name: "Exploration", dependencies: ["FileAccess", "HarnessCore", "Reporting", "SuiteFormat", "XMLSupport"],
            swiftSettings: strict
        ),
        // Benchmarks that compare stores on one workload in one run.
        .target(
            name: "Bench",
            dependencies: [
                "CookieModel", "CookieStores", "CurlCookieStore", "HarnessCore", "Reporting", "SuiteFormat",
                "CAllocationProbe",
            ],
            swiftSettings: strict
        ),
        // The command line: argument parsing and commands, reachable from tests; every build's (no engine, no bench).
        .target(
            name: "CookieHarnessCLI",
            dependencies: [
                "CookieModel", "Conformance", "CookieStores", "Exploration", "FileAccess", "HarnessCore", "Reporting", "AdapterCatalog",
                "StrategyAdapters", "SuiteFormat", "SyncStrategies", "ProcessCleanup", "XMLSupport", "Locking",
            ],
            swiftSettings: strict
        ),
        // What the full product adds to the core: libcurl's store, the stores in other languages, the real engine, the
        // browsers and bench, installed into the core's catalog and commands.
        .target(
            name: "FullHarness",
            dependencies: [
                "AdapterCatalog", "Bench", "Browsers", "CookieHarnessCLI", "CookieStores", "CurlCookieStore", "HarnessCore",
                "LiveStrategyAdapters", "StrategyAdapters", "SuiteFormat", "EngineDrivers",
            ],
            swiftSettings: strict
        ),
        // The counting allocator is the executable's own (bench stores' allocations per operation).
        .executableTarget(name: "cookie-harness", dependencies: ["FullHarness", "CMallocCounter"], swiftSettings: strict),
        // The core library product: the WebKit-shaped API, SyncStrategy, CookieStore, and main(adding:) on the simulated
        // engines.
        .target(
            name: "CookieHarnessCore",
            dependencies: [
                "CookieHarnessCLI", "AdapterCatalog", "StrategyAdapters", "SyncStrategies", "WebKitModel", "HarnessCore",
                "CookieModel", "HTTPModel",
            ],
            swiftSettings: strict
        ),
        // The full library product: the core's surface, and main(adding:) with the full product installed.
        .target(
            name: "CookieHarness", dependencies: ["CookieHarnessCore", "AdapterCatalog", "CookieHarnessCLI", "FullHarness"],
            swiftSettings: strict
        ),

        // Fuzzing (Fuzz/README.md): every input read from users or adapters as a target; a libFuzzer build runs
        // them (Fuzz/run), a plain build replays files through them.
        .target(
            name: "FuzzTargets",
            dependencies: [
                "ChildProcesses", "Conformance", "CookieModel", "CookieStores", "FileAccess", "HarnessCore", "Reporting",
                "SuiteFormat", "XMLSupport",
            ],
            path: "Fuzz/Sources/FuzzTargets",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "cookie-harness-fuzz", dependencies: ["FuzzTargets"], path: "Fuzz/Sources/cookie-harness-fuzz",
            swiftSettings: strict
        ),

        // What the test targets share: temporary directories, the package's files, the built-in suites.
        .target(
            name: "TestSupport", dependencies: ["CookieModel", "HarnessCore", "SuiteFormat"], path: "Tests/TestSupport",
            swiftSettings: strict
        ),
        .testTarget(name: "CookieModelTests", dependencies: ["CookieModel", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "HTTPModelTests", dependencies: ["HTTPModel"], swiftSettings: strict),
        .testTarget(name: "AppleModelTests", dependencies: ["AppleModel", "CookieModel", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "LibsoupModelTests", dependencies: ["LibsoupModel", "CookieModel", "TestSupport"], exclude: ["Vectors"], swiftSettings: strict
        ),
        .testTarget(name: "ProcessCleanupTests", dependencies: ["ProcessCleanup"], swiftSettings: strict),
        .testTarget(name: "ChildProcessesTests", dependencies: ["ChildProcesses"], swiftSettings: strict),
        .testTarget(name: "FileAccessTests", dependencies: ["FileAccess", "ProcessCleanup", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "XMLSupportTests", dependencies: ["XMLSupport", "TestSupport", "Locking"], swiftSettings: strict),
        .testTarget(
            name: "ConformanceTests",
            dependencies: ["Conformance", "CookieModel", "HarnessCore", "SuiteFormat", "XMLSupport", "TestSupport"],
            swiftSettings: strict
        ),
        .testTarget(name: "HarnessCoreTests", dependencies: ["HarnessCore", "CookieModel", "HTTPModel", "Reporting", "TestSupport", "Locking"], swiftSettings: strict),
        .testTarget(
            name: "SuiteFormatTests",
            dependencies: [
                "SuiteFormat", "HarnessCore", "CookieModel", "HTTPModel", "Reporting", "XMLSupport", "TestSupport",
                "Locking",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ExplorationTests",
            dependencies: [
                "Exploration", "HarnessCore", "Reporting", "StrategyAdapters", "SuiteFormat", "SyncStrategies",
                "WebKitModel", "TestSupport",
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "ReportingTests", dependencies: ["Reporting", "HarnessCore", "XMLSupport", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "CookieStoresTests",
            dependencies: [
                "ChildProcesses", "CookieStores", "CurlCookieStore", "HarnessCore", "CookieModel", "Reporting", "XMLSupport",
                "LibsoupModel", "TestSupport",
            ],
            exclude: ["LibsoupModelDifferences.txt"],
            swiftSettings: strict
        ),
        .testTarget(name: "WebKitModelTests", dependencies: ["WebKitModel", "AppleModel", "CookieModel", "HTTPModel"], swiftSettings: strict),
        .testTarget(name: "SyncStrategiesTests", dependencies: ["SyncStrategies", "CookieModel"], swiftSettings: strict),
        .testTarget(
            name: "StrategyAdaptersTests",
            dependencies: [
                "StrategyAdapters", "LiveStrategyAdapters", "SyncStrategies", "WebKitModel", "HarnessCore", "HTTPModel", "CookieModel",
                "CookieStores", "CurlCookieStore", "Reporting", "SuiteFormat", "TestSupport",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "WebKitGTKTests",
            dependencies: [
                "EngineDrivers", "ChildProcesses", "WebKitModel", "CookieModel", "HarnessCore", "StrategyAdapters", "LiveStrategyAdapters",
                "Reporting", "SyncStrategies", "TestSupport",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "BrowsersTests",
            dependencies: ["Browsers", "EngineDrivers", "ChildProcesses", "HarnessCore", "CookieModel", "Reporting", "TestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "AdapterCatalogTests",
            dependencies: [
                "AdapterCatalog", "Browsers", "CookieStores", "CurlCookieStore", "FullHarness", "HarnessCore", "LiveStrategyAdapters",
                "StrategyAdapters", "SyncStrategies",
            ],
            swiftSettings: strict
        ),
        // Faults around a run (issue 11), through the real binary: devices, FIFOs, leaks, signals, floods.
        .testTarget(name: "FaultTests", dependencies: ["Reporting", "XMLSupport", "TestSupport", "Locking", "ProcessCleanup"], swiftSettings: strict),
        .testTarget(
            name: "BenchTests",
            dependencies: [
                "Bench", "CMallocCounter", "CookieStores", "CookieModel", "ChildProcesses", "HarnessCore",
                "SuiteFormat", "TestSupport",
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "CookieHarnessCLITests", dependencies: ["CookieHarnessCLI", "FullHarness", "Conformance", "Reporting", "XMLSupport", "TestSupport"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
