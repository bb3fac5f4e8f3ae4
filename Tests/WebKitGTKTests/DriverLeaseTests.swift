import ChildProcesses
import CookieModel
import Foundation
import HarnessCore
import Testing

@testable import EngineDrivers

/// A driver goes back to its pool when the engine is closed, not only when it is deallocated: app code that keeps
/// its engine alive (GGWkCookie's swizzled load captured its context, a retain cycle) made every scenario start a
/// driver of its own, hundreds at once.
@Suite("WebKitGTK driver leases", .serialized)
struct DriverLeaseTests {
    static func engine(on pool: WebKitGTKDrivers) throws -> WebKitGTKEngine {
        try WebKitGTKEngine(
            clock: VirtualClock(start: Date(timeIntervalSince1970: 0)), network: DriverFaultTests.NoNetwork(),
            persistent: false, drivers: pool)
    }

    @Test("a closed engine that is still referenced gives its driver to the next engine")
    func closedEngineGivesDriverBack() throws {
        try DriverFaultTests.withStandIn("ok") { pool, _ in
            defer { pool.stopAll() }
            var kept: [WebKitGTKEngine] = []
            for _ in 0..<3 {
                let engine = try Self.engine(on: pool)
                kept.append(engine)
                engine.close()
            }
            #expect(pool.processIdentifiers.count == 1)
            #expect(Set(kept.map { ObjectIdentifier($0.driver) }).count == 1)
        }
    }

    @Test("closing twice gives the driver back once: two engines at a time never share one")
    func closedTwiceGivesBackOnce() throws {
        try DriverFaultTests.withStandIn("ok") { pool, _ in
            defer { pool.stopAll() }
            let first = try Self.engine(on: pool)
            first.close()
            first.close()
            let second = try Self.engine(on: pool)
            let third = try Self.engine(on: pool)
            #expect(second.driver !== third.driver)
            #expect(pool.processIdentifiers.count == 2)
            second.close()
            third.close()
        }
    }
}
