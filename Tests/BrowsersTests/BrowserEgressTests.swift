import CookieModel
import Foundation
import HarnessCore
import Testing

@testable import Browsers
@testable import EngineDrivers

#if canImport(Glibc)
import Glibc
#endif

/// A suite's page cannot reach the network past the run's proxy (issue 41, item 1): a page's WebRTC asks a STUN and
/// a TURN server on this machine for candidates, and that server hears nothing — neither from a driver in its own
/// network namespace (network_namespace.py) nor, where no namespace can be made, from a browser whose own switches
/// keep WebRTC to the proxy. The server listens on the machine's own non-loopback address where it has one: Firefox
/// never asks a loopback STUN server, so only there does its page show what it would send out.
@Suite("Browser egress", .serialized)
struct BrowserEgressTests {
    /// Whether this machine lets a process make a network namespace (as root, or in a user namespace).
    static let namespacesAvailable: Bool = {
        ["-n", "-rn"].contains { flag in
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
            probe.arguments = [flag, "/bin/true"]
            probe.standardError = FileHandle.nullDevice
            guard (try? probe.run()) != nil else { return false }
            probe.waitUntilExit()
            return probe.terminationStatus == 0
        }
    }()

    /// The machine's first non-loopback IPv4 address, or 127.0.0.1 when it has none.
    static let serverAddress: String = {
        var interfaces: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&interfaces) == 0 else { return "127.0.0.1" }
        defer { freeifaddrs(interfaces) }
        var next = interfaces
        while let interface = next {
            defer { next = interface.pointee.ifa_next }
            guard let address = interface.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                  interface.pointee.ifa_flags & UInt32(IFF_LOOPBACK) == 0
            else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            let found = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                var raw = address.pointee.sin_addr
                return inet_ntop(AF_INET, &raw, &text, socklen_t(text.count)) != nil
            }
            if found { return String(decoding: text.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self) }
        }
        return "127.0.0.1"
    }()

    /// A UDP socket on ``serverAddress`` that counts what reaches it: the page's STUN and TURN server.
    final class UDPListener {
        let descriptor: Int32
        let port: UInt16

        init() throws {
            let descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
            guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr(BrowserEgressTests.serverAddress)
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                    bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
                }
            }
            guard bound else {
                close(descriptor)
                throw POSIXError(.EADDRINUSE)
            }
            self.descriptor = descriptor
            port = UInt16(bigEndian: address.sin_port)
        }

        deinit { close(descriptor) }

        /// The datagrams that arrive within `seconds`.
        func datagrams(within seconds: Double) -> Int {
            var count = 0
            let deadline = Date(timeIntervalSinceNow: seconds)
            var buffer = [UInt8](repeating: 0, count: 2048)
            while Date() < deadline {
                var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&waiting, 1, 100) > 0 else { continue }
                if recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT)) >= 0 { count += 1 }
            }
            return count
        }
    }

    /// A page that gathers ICE candidates against `port` (STUN and TURN over UDP) and says in a cookie that it did.
    static func gatheringScript(port: UInt16) -> String {
        """
        const pc = new RTCPeerConnection({iceServers: [{urls: "stun:\(serverAddress):\(port)"},
          {urls: "turn:\(serverAddress):\(port)?transport=udp", username: "data-out", credential: "x"}]});
        pc.createDataChannel("probe");
        pc.createOffer().then(offer => pc.setLocalDescription(offer))
          .then(() => { document.cookie = "rtc=gathering; path=/"; },
                error => { document.cookie = "rtc=" + encodeURIComponent(String(error)) + "; path=/"; });
        window.probeConnection = pc;
        """
    }

    static func environment(_ transcript: Transcript) -> AppEnvironment {
        let origin = Origin(url: "https://a.example", routes: [Route(path: "/", body: "<p>a</p>")])
        return AppEnvironment(
            clock: VirtualClock(start: Suite.defaultClockStart), network: VirtualNetwork(origins: [origin]),
            transcript: transcript, scenarioNeeds: [])
    }

    /// Runs the gathering page on `browser` (with `environment` added to its driver's) and returns how many
    /// datagrams reached the server and the driver's network namespace; the page's own cookie proves that gathering
    /// began.
    func datagramsFromPage(_ browser: BrowserUnderTest, environment: [String: String]) throws -> (datagrams: Int, namespace: String) {
        let listener = try UDPListener()
        let pool = BrowserFaultTests.pool(browser, environment: environment)
        defer { pool.stopAll() }
        let app = try BrowserApp(environment: Self.environment(Transcript()), drivers: pool, browser: browser.name)
        try app.load(HTTPRequest(url: HTTPURL("https://a.example/")!), handlesCookies: true)
        try app.runScript(Self.gatheringScript(port: listener.port))
        let datagrams = listener.datagrams(within: 4)
        let cookie = try app.documentCookie()
        #expect(cookie == "rtc=gathering", "the page's WebRTC did not begin gathering: \(cookie)")
        let driver = try #require(pool.processIdentifiers.first)
        return (datagrams, try Self.networkNamespace(of: "\(driver)"))
    }

    static func networkNamespace(of process: String) throws -> String {
        try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(process)/ns/net")
    }

    @Test("a page's WebRTC reaches no STUN or TURN server, and the driver has a network namespace of its own",
          arguments: BrowserUnderTest.all.filter(\.installed))
    func isolated(_ browser: BrowserUnderTest) throws {
        let (datagrams, namespace) = try datagramsFromPage(browser, environment: [:])
        #expect(datagrams == 0, "\(datagrams) datagrams from \(browser.name)'s page reached \(Self.serverAddress)")
        if Self.namespacesAvailable {
            let own = try Self.networkNamespace(of: "self")
            #expect(own != namespace, "the \(browser.name) driver shares the harness's network namespace (\(own))")
        }
    }

    @Test("on the machine's network (no namespace), the browser's own switches keep WebRTC to the proxy",
          arguments: BrowserUnderTest.all.filter(\.installed))
    func switchesAlone(_ browser: BrowserUnderTest) throws {
        let (datagrams, namespace) = try datagramsFromPage(browser, environment: ["BROWSER_DRIVER_SHARED_NETWORK": "1"])
        #expect(datagrams == 0, "\(datagrams) datagrams from \(browser.name)'s page reached \(Self.serverAddress)")
        #expect(try Self.networkNamespace(of: "self") == namespace, "BROWSER_DRIVER_SHARED_NETWORK did not keep the machine's network")
    }
}
