import Foundation
import HarnessCore
import StrategyAdapters
import SyncStrategies
import Reporting
import TestSupport
import Testing

/// The port of Capacitor's `CapacitorCookies` (issue 20): its catalog and its page script. Its drift against the
/// expectation files is checked with the other libraries' (``LibraryPortDriftTests``).
@Suite("library ports (Capacitor)")
struct LibraryPortsCapacitorTests {
    @Test("every version runs on ios, ios-11 and webkitgtk, with its origin")
    func catalog() throws {
        let kinds = SyncStrategyKind.versions(of: CapacitorCookies.library)
        #expect(kinds.map(\.name) == CapacitorCookies.Version.allCases.map { "capacitor-cookies:\($0.rawValue)" })
        for kind in kinds {
            let origin = try #require(kind.origin)
            #expect(origin.commit.count == 40 && origin.commit.allSatisfy(\.isHexDigit))
            #expect(origin.repository == "ionic-team/capacitor")
        }
        #expect(LibraryPortsBTests.adapters(of: CapacitorCookies.library).count == kinds.count * StrategyAdapterCatalog.libraryProfiles.count)
    }

    @Test("the page script patches document.cookie through prompt() (4.4.0+) or the bridge handler (4.3.0)")
    func pageScript() {
        let latest = CapacitorCookies.pageScript(.v5_2_3)
        #expect(latest.contains("'CapacitorCookies.isEnabled'") && latest.contains("'CapacitorCookies.get'"))
        #expect(latest.contains("action: val, domain: domain"))
        let first = CapacitorCookies.pageScript(.v4_3_0)
        #expect(first.contains("toNative('CapacitorCookies', 'setCookie'") && !first.contains("'CapacitorCookies.set'"))
    }
}
