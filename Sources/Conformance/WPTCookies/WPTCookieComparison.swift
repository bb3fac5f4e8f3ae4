import FileAccess
import Foundation

/// A profile's run of the wpt-cookies suite set against the port's recorded results, cell by cell: a cell matches
/// when the profile passes a subtest the port passes, or fails it with the value the port's `document.cookie` showed
/// (the generated expectation file's `observed=`). Every cell that differs must be in the known-differences list with
/// its cause; a listed cell that now matches is stale and must leave the list.
package struct WPTCookieComparison: Sendable {
    /// `Corpora/wpt-cookies/known-differences.json`: the cells where a profile is known to differ from the record.
    package struct KnownDifferences: Sendable, Decodable {
        package struct Entry: Sendable, Decodable, Hashable {
            package var profiles: [String]
            package var scenarios: [String]
            /// Why the model differs: a departure of the real jar not modelled yet, or a port's newer library.
            package var cause: String
        }

        package var differences: [Entry]

        package init(differences: [Entry]) { self.differences = differences }

        package static let fileName = "known-differences.json"

        /// Reads `known-differences.json` of the corpus at `corpusPath`; an absent file lists nothing.
        package static func read(corpusPath: String) throws -> KnownDifferences {
            let path = URL(fileURLWithPath: corpusPath).appendingPathComponent(fileName).path
            guard FileManager.default.fileExists(atPath: path) else { return KnownDifferences(differences: []) }
            do {
                return try JSONDecoder().decode(KnownDifferences.self, from: try InputFile.read(path, maximumSize: 4 << 20))
            } catch {
                throw WPTCookieCorpusError("\(path): \(error)")
            }
        }

        /// The cause listed for `scenario` on `profile`, if any.
        package func cause(profile: String, scenario: String) -> String? {
            differences.first { $0.profiles.contains(profile) && $0.scenarios.contains(scenario) }?.cause
        }
    }

    /// One cell: a subtest on a profile.
    package struct Cell: Sendable, Hashable {
        package var profile: String
        package var scenario: String
        package var matchesRecord: Bool
        /// What the profile did, when it differs (the harness's failure message, or "passed").
        package var observed: String

        package init(profile: String, scenario: String, matchesRecord: Bool, observed: String) {
            self.profile = profile
            self.scenario = scenario
            self.matchesRecord = matchesRecord
            self.observed = observed
        }
    }

    /// A profile's tally.
    package struct ProfileTally: Sendable, Hashable {
        package var profile: String
        package var port: WPTCookieCorpus.Port
        package var matching = 0
        package var differing = 0
        package var known = 0

        package var total: Int { matching + differing }
        package var rate: Double { total == 0 ? 0 : Double(matching) / Double(total) }
    }

    package let tallies: [ProfileTally]
    /// Cells that differ from the record and are not listed, with what was observed.
    package let unexplained: [Cell]
    /// Listed cells that match the record now.
    package let stale: [(profile: String, scenario: String)]

    package init(cells: [Cell], ports: [String: WPTCookieCorpus.Port], known: KnownDifferences) {
        var tallies: [String: ProfileTally] = [:]
        var unexplained: [Cell] = []
        var stale: [(String, String)] = []
        for cell in cells {
            var tally = tallies[cell.profile] ?? ProfileTally(profile: cell.profile, port: ports[cell.profile] ?? .apple)
            let cause = known.cause(profile: cell.profile, scenario: cell.scenario)
            if cell.matchesRecord {
                tally.matching += 1
                if cause != nil { stale.append((cell.profile, cell.scenario)) }
            } else {
                tally.differing += 1
                if cause != nil { tally.known += 1 } else { unexplained.append(cell) }
            }
            tallies[cell.profile] = tally
        }
        self.tallies = tallies.values.sorted { $0.profile < $1.profile }
        self.unexplained = unexplained
        self.stale = stale
    }

    package var isAsExpected: Bool { unexplained.isEmpty && stale.isEmpty }

    /// The table `conformance wpt-cookies` prints and the README quotes.
    package var table: String {
        var lines = ["| profile | compared with | match the recorded result | differ (each listed with its cause) |", "|---|---|---:|---:|"]
        for tally in tallies {
            let percent = String(format: "%.1f%%", tally.rate * 100)
            let port = tally.port == .apple ? "Apple ports" : "glib ports"
            lines.append("| `\(tally.profile)` | \(port) | \(tally.matching) of \(tally.total) (\(percent)) | \(tally.differing) (\(tally.known) listed) |")
        }
        return lines.joined(separator: "\n")
    }
}
