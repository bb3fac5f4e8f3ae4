import ChildProcesses
import Foundation
import LiveStrategyAdapters
import StrategyAdapters
import Testing

@testable import EngineDrivers

/// `bench live --profile`'s two sources: the harness's round trips (recorded only while asked) and the driver's
/// own `profile` (PROTOCOL.md).
@Suite("where the live engine's time goes", .serialized)
struct DriverProfileTests {
    @Test("the driver's totals are read from a profile reply and added up")
    func totalsParsedAndMerged() throws {
        let result = LineProtocol.Result(fields: [
            "times": .object(["op settle": .array([.integer(3), .number(0.5)]), "garbage collection": .array([.integer(2), .integer(0)])]),
        ])
        var totals = DriverProfile.totals(in: result)
        #expect(totals == ["op settle": .init(count: 3, seconds: 0.5), "garbage collection": .init(count: 2, seconds: 0)])
        DriverProfile.merge(["op settle": .init(count: 1, seconds: 0.25)], into: &totals)
        #expect(totals["op settle"] == .init(count: 4, seconds: 0.75))
    }

    @Test("round trips are recorded only between startRecording and stopRecording")
    func recordingWindow() {
        DriverProfile.record("settle", seconds: 1)
        DriverProfile.startRecording()
        DriverProfile.record("settle", seconds: 0.5)
        DriverProfile.record("settle", seconds: 0.25)
        #expect(DriverProfile.stopRecording() == ["settle": .init(count: 2, seconds: 0.75)])
        DriverProfile.record("settle", seconds: 1)
        #expect(DriverProfile.stopRecording() == [:])
    }

    /// The real driver: its `profile` names each request and the waits, is cleared when read, and a reset's
    /// garbage collection scans only what the scenario made (the driver's start-up objects are frozen: a full
    /// collection took 3-27 ms here).
    @Test("the driver reports where its time went, and a reset's collection is cheap")
    func driverProfile() throws {
        try #require(StrategyAdapterCatalog.liveEngineUnavailable == nil, "the real engine is not installed: run .ci/install-deps")
        let drivers = WebKitGTKDrivers(configuration: nil)
        defer { drivers.stopAll() }
        let driver = try drivers.lease()
        _ = try driver.call("profile")
        for _ in 0..<10 {
            let store = try driver.call("new-data-store", ["persistent": false]).integer("store")
            _ = try driver.call("new-web-view", ["store": .integer(store), "scripts": .array([])])
            _ = try driver.call("settle", ["wait": .number(5)])
            _ = try driver.call("reset")
        }
        let totals = DriverProfile.totals(in: try driver.call("profile"))
        #expect(totals["op reset"]?.count == 10)
        #expect(totals["op settle"]?.count == 10)
        #expect(totals["new-data-store: ephemeral, reused"]?.count == 10)
        let collection = try #require(totals["garbage collection"])
        #expect(collection.count == 10)
        #expect(collection.seconds / 10 < 0.002, "a reset's garbage collection took \(collection.seconds * 100) ms on average")
        #expect(DriverProfile.totals(in: try driver.call("profile"))["op reset"] == nil)
        drivers.giveBack(driver)
    }
}
