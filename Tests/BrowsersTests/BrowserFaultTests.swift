import ChildProcesses
import CookieModel
import Foundation
import HarnessCore
import Testing

@testable import Browsers
@testable import EngineDrivers

#if canImport(Glibc)
import Glibc
#endif

/// A missing, hanging or crashing browser (Chromium, Firefox): a skip or an error naming it, and no process left
/// behind.
@Suite("Browser faults", .serialized)
struct BrowserFaultTests {
    /// A pool of `browser`'s drivers started with `environment` added (PATH, the start time limit).
    static func pool(_ browser: BrowserUnderTest, environment: [String: String]) -> WebKitGTKDrivers {
        var configuration = WebKitGTKDrivers.configuration(program: browser.program)
        configuration.environment.merge(environment) { $1 }
        return WebKitGTKDrivers(configuration: configuration, program: browser.program)
    }

    /// The processes whose parent is `pid`.
    static func children(of pid: Int32) -> [Int32] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0) }
    }

    /// The live (not zombie) processes of process group `group`.
    static func members(of group: Int32) -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            return fields.count > 3 && fields[0] != "Z" && Int32(fields[2]) == group
        }
    }

    static func waitUntilEmpty(_ group: Int32, within seconds: Double = 10) -> [Int32] {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            if members(of: group).isEmpty { return [] }
            usleep(50_000)
        }
        return members(of: group)
    }

    static func environment(_ transcript: Transcript, needs: Set<Capability> = []) -> AppEnvironment {
        let clock = VirtualClock(start: Suite.defaultClockStart)
        let origin = Origin(url: "https://a.example", routes: [Route(path: "/", setCookies: ["a=1; Path=/"], body: "<p>a</p>")])
        return AppEnvironment(
            clock: clock, network: VirtualNetwork(origins: [origin]), transcript: transcript, scenarioNeeds: needs)
    }

    @Test("without the browser on PATH the adapter names the package, and the driver says so at start",
          arguments: BrowserUnderTest.all)
    func missing(_ browser: BrowserUnderTest) throws {
        let reason = try #require(browser.unavailableReason("/nonexistent"))
        #expect(reason.contains("install the Debian package \(browser.package) "), "\(reason)")
        let pool = Self.pool(browser, environment: ["PATH": "/nonexistent"])
        defer { pool.stopAll() }
        let error = try #require(throws: ChildProcessError.self) { try pool.handshake() }
        #expect("\(error)".contains("\(browser.name) is not installed"), "\(error)")
    }

    @Test("a browser that never opens its protocol: the start fails in time, and nothing is left",
          arguments: BrowserUnderTest.all)
    func hang(_ browser: BrowserUnderTest) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fake-\(browser.executable)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fake = folder.appendingPathComponent(browser.executable).path
        try "#!/bin/sh\nexec sleep 300\n".write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let pool = Self.pool(browser, environment: ["PATH": "\(folder.path):/usr/bin:/bin", browser.startTimeoutVariable: "2"])
        defer { pool.stopAll() }
        let started = Date()
        let error = try #require(throws: ChildProcessError.self) { try pool.handshake() }
        #expect(Date().timeIntervalSince(started) < 20)
        #expect("\(error)".contains(browser.hangMessage), "\(error)")
        usleep(200_000)
        let leftovers = FileManager.default.subpathsSafely("/proc").filter { pid in
            ((try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? "").contains(folder.path)
        }
        #expect(leftovers.isEmpty, "the fake browser outlived its driver: \(leftovers)")
    }

    @Test("Chromium killed mid-scenario: the step is an engine failure, the next scenario gets a new browser, and stop leaves nothing",
          .enabled(if: BrowserUnderTest.chromium.installed, "chromium is not installed here"))
    func chromiumCrash() throws { try crash(.chromium) }

    @Test("Firefox killed mid-scenario: the step is an engine failure, the next scenario gets a new browser, and stop leaves nothing",
          .enabled(if: BrowserUnderTest.firefox.installed, "firefox-esr is not installed here"))
    func firefoxCrash() throws { try crash(.firefox) }

    /// Kills `browser` (every process of it under its driver) after a first load; see the tests above.
    func crash(_ browser: BrowserUnderTest) throws {
        let pool = Self.pool(browser, environment: [:])
        let transcript = Transcript()
        let app = try BrowserApp(environment: Self.environment(transcript), drivers: pool, browser: browser.name)
        try app.load(HTTPRequest(url: HTTPURL("https://a.example/")!), handlesCookies: true)
        #expect(try app.cookies(in: .webView).map(\.name) == ["a"])
        let driver = try #require(pool.processIdentifiers.first)
        let browsers = Self.children(of: driver).filter { pid in
            ((try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "").hasPrefix(browser.processName)
        }
        #expect(!browsers.isEmpty, "no browser under the driver \(driver)")
        for browser in browsers { kill(browser, SIGKILL) }
        #expect {
            try app.load(HTTPRequest(url: HTTPURL("https://a.example/")!), handlesCookies: true)
        } throws: { error in
            if case AppError.engineFailure = error { return true }
            return false
        }
        withExtendedLifetime(app) {}
        // The next scenario on the same pool: the driver starts another browser.
        let next = try BrowserApp(environment: Self.environment(Transcript()), drivers: pool, browser: browser.name)
        try next.load(HTTPRequest(url: HTTPURL("https://a.example/")!), handlesCookies: true)
        #expect(try next.cookies(in: .webView).map(\.name) == ["a"])
        pool.stopAll()
        #expect(Self.waitUntilEmpty(driver).isEmpty, "processes of the driver's group outlived stop")
    }
}

extension FileManager {
    /// The names in `path`, or none.
    func subpathsSafely(_ path: String) -> [String] { (try? contentsOfDirectory(atPath: path)) ?? [] }
}
