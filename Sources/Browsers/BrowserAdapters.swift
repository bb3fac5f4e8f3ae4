import Foundation
import HarnessCore
import EngineDrivers

/// The real browsers as adapters (issue 21): each is a ``BrowserApp`` on its driver pool, chosen by name (not in a
/// plain `run`), described once its driver has started (the version is the browser's own).
package enum BrowserAdapters {
    /// What a browser can do: every step a scenario has, on real sockets; the virtual clock only where its driver
    /// measured that expiry follows libfaketime; no `raw-set-cookie` (a browser hears Set-Cookie only on a
    /// response, over HTTP/1.1); the app's own documents (`app-document`: `<load-html>`, about:blank, data:, issue 37)
    /// as the drivers' `load-html` and a plain navigation.
    static func capabilities(movesClock: Bool) -> Set<Capability> {
        var capabilities: Set<Capability> = [
            .nativeStore, .webView, .javascript, .scriptEngine, .nonPersistentDataStore, .persistence, .storeInspection,
            .httpOnly, .realNetwork, .appDocument,
        ]
        if movesClock { capabilities.insert(.virtualClock) }
        return capabilities
    }

    /// Debian's headless Chromium, driven over the DevTools protocol (`Sources/EngineDrivers/harness_drivers/chromium.py`).
    package static let chromium = browser(
        name: "chromium", browser: "Chromium", drivers: .chromium,
        unavailableReason: { chromiumUnavailableReason() })

    /// Debian's headless Firefox ESR, driven over WebDriver BiDi (`Sources/EngineDrivers/harness_drivers/firefox.py`).
    package static let firefox = browser(
        name: "firefox", browser: "Firefox", drivers: .firefox,
        unavailableReason: { firefoxUnavailableReason() })

    /// Every browser adapter.
    package static let all: [Adapter] = [chromium, firefox]

    /// Why Chromium cannot run here, or nil: Debian's Python, the driver script, and `chromium` on `PATH`.
    package static func chromiumUnavailableReason(
        searchPath: String? = ProcessInfo.processInfo.environment["PATH"],
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        executablePath: String? = Bundle.main.executablePath
    ) -> String? {
        unavailableReason(
            program: .chromium, executables: ["chromium", "chromium-browser"], package: "chromium",
            searchPath: searchPath, currentDirectory: currentDirectory, executablePath: executablePath)
    }

    /// Why Firefox cannot run here, or nil: Debian's Python, the driver script, and `firefox-esr` on `PATH`.
    package static func firefoxUnavailableReason(
        searchPath: String? = ProcessInfo.processInfo.environment["PATH"],
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        executablePath: String? = Bundle.main.executablePath
    ) -> String? {
        unavailableReason(
            program: .firefox, executables: ["firefox-esr", "firefox"], package: "firefox-esr",
            searchPath: searchPath, currentDirectory: currentDirectory, executablePath: executablePath)
    }

    /// Why a browser's driver cannot run: no Debian Python, no driver script, or none of `executables` on
    /// `searchPath` (then the message names the Debian `package` to install).
    static func unavailableReason(
        program: WebKitGTKDrivers.Program, executables: [String], package: String,
        searchPath: String?, currentDirectory: String, executablePath: String?
    ) -> String? {
        guard FileManager.default.isExecutableFile(atPath: WebKitGTKDrivers.python) else {
            return "\(WebKitGTKDrivers.python) is missing: install python3 (run .ci/install-deps browsers)"
        }
        let candidates = PackageFiles.candidates(
            for: program.script, currentDirectory: currentDirectory, executablePath: executablePath)
        guard PackageFiles.firstRegularFile(in: candidates) != nil else {
            return "the driver \(program.script) was not found (looked in \(candidates.joined(separator: ", ")))"
        }
        let found = executables.contains { name in
            (searchPath ?? "").split(separator: ":").contains { directory in
                FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)")
            }
        }
        return found ? nil : "\(program.engine) is not installed (no \(executables[0]) on PATH): install the Debian package \(package) (run .ci/install-deps browsers)"
    }

    /// A browser adapter: described (its driver started, its version read) the first time anything but its name
    /// is asked; when the browser is missing, every scenario is skipped with the package to install.
    static func browser(
        name: String, browser: String, drivers: WebKitGTKDrivers, unavailableReason: @escaping @Sendable () -> String?
    ) -> Adapter {
        var adapter = Adapter.deferred(name: name) {
            let summary = "\(browser) itself: its own cookie jar is the one store; every request (a native one included) is the browser's"
            var reason = unavailableReason()
            var version = "unknown"
            var movesClock = false
            if reason == nil {
                do {
                    let handshake = try drivers.handshake()
                    version = handshake.version
                    movesClock = handshake.movesClock
                } catch {
                    reason = "its driver did not start: \(error)"
                }
            }
            var described = Adapter(
                info: AdapterInfo(name: name, version: version, profile: name, specProfile: "rfc6265bis"),
                summary: summary, capabilities: capabilities(movesClock: movesClock)
            ) { environment in
                try BrowserApp(environment: environment, drivers: drivers, browser: browser)
            }
            described.unavailableReason = reason
            described.isInDefaultRun = false
            return described
        }
        adapter.isInDefaultRun = false
        return adapter
    }
}
