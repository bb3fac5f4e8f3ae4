import Foundation
import HarnessCore

@testable import Browsers
@testable import EngineDrivers

/// A real browser the tests drive: its adapter, its driver program, and how a test fakes or recognises it.
struct BrowserUnderTest: Sendable, CustomStringConvertible {
    /// As in messages: `Chromium`.
    var name: String
    var adapter: Adapter
    var program: WebKitGTKDrivers.Program
    /// The name the driver looks for first on `PATH` (a hang test puts a fake under it).
    var executable: String
    /// How the browser's processes begin their name (`/proc/PID/comm`).
    var processName: String
    /// The Debian package a missing browser's message names.
    var package: String
    /// The driver's environment variable for its browser's start time limit (tests shorten it).
    var startTimeoutVariable: String
    /// What the driver says when the browser never opens its protocol.
    var hangMessage: String
    /// Why the adapter cannot run with `PATH` set to the argument, or nil.
    var unavailableReason: @Sendable (String?) -> String?

    var description: String { name }

    /// Whether the browser runs here.
    var installed: Bool { unavailableReason(ProcessInfo.processInfo.environment["PATH"]) == nil }

    static let chromium = BrowserUnderTest(
        name: "Chromium", adapter: BrowserAdapters.chromium, program: .chromium, executable: "chromium", processName: "chromium",
        package: "chromium", startTimeoutVariable: "CHROMIUM_DRIVER_START_TIMEOUT",
        hangMessage: "did not answer on its DevTools pipe",
        unavailableReason: { BrowserAdapters.chromiumUnavailableReason(searchPath: $0) })

    static let firefox = BrowserUnderTest(
        name: "Firefox", adapter: BrowserAdapters.firefox, program: .firefox, executable: "firefox-esr", processName: "firefox",
        package: "firefox-esr", startTimeoutVariable: "FIREFOX_DRIVER_START_TIMEOUT",
        hangMessage: "did not open its WebDriver BiDi port",
        unavailableReason: { BrowserAdapters.firefoxUnavailableReason(searchPath: $0) })

    static let all = [chromium, firefox]
}
