import Conformance
import Foundation
import TestSupport
import Testing

@testable import CookieHarnessCLI

/// The wpt-cookies suite on every simulated profile against WebKit's recorded results (issue 35): the iOS profiles
/// must match Apple's record, webkitgtk glib's, except the cells `known-differences.json` lists with a cause.
@Suite("wpt-cookies: the profiles against WebKit's recorded results")
struct WPTCookiesConformanceTests {
    let corpus = RepositoryFiles.path(WPTCookieImporter.corpusPath)

    @Test("every profile matches its port's record, or the difference is listed with its cause; iOS on at least 98%")
    func matchesTheRecord() throws {
        let comparison = try WPTCookiesConformance.compare(corpusPath: corpus, schemaPath: RepositoryFiles.suiteSchema)
        for cell in comparison.unexplained {
            Issue.record("\(cell.profile) \(cell.scenario) differs from the record and is not listed: \(cell.observed)")
        }
        for (profile, scenario) in comparison.stale {
            Issue.record("\(profile) \(scenario) is listed as a known difference but matches the record")
        }
        #expect(Set(comparison.tallies.map(\.profile)) == ["ios", "ios-18", "ios-12", "ios-11", "webkitgtk"])
        for tally in comparison.tallies where tally.port == .apple {
            #expect(tally.rate >= 0.98, "\(tally.profile): \(tally.matching) of \(tally.total) match Apple's record")
            #expect(tally.total > 700, "\(tally.profile): only \(tally.total) subtests compared")
        }
    }

    @Test("an unlisted difference and a stale listed one both fail the comparison")
    func differencesAreCaught() throws {
        let directory = try TestDirectory()
        let copy = directory.file("wpt-cookies")
        try FileManager.default.copyItem(atPath: corpus, toPath: copy)
        // A cell listed for ios, which matches Apple's record: stale. The webkitgtk list gone: unexplained.
        let known = #"{"differences": [{"profiles": ["ios"], "scenarios": ["wpt-cookies.name.name.001"], "cause": "test"}]}"#
        try known.write(toFile: copy + "/known-differences.json", atomically: true, encoding: .utf8)
        let comparison = try WPTCookiesConformance.compare(corpusPath: copy, schemaPath: RepositoryFiles.suiteSchema)
        #expect(!comparison.isAsExpected)
        #expect(comparison.stale.map(\.scenario) == ["wpt-cookies.name.name.001"])
        #expect(!comparison.unexplained.isEmpty)
        #expect(comparison.unexplained.allSatisfy { $0.profile == "webkitgtk" })
    }
}
