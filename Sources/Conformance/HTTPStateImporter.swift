import CookieModel
import FileAccess
import Foundation
import HTTPModel
import XMLSupport

/// Turns the http-state corpus into a scenario suite, so that every adapter runs the same vectors the way browsers
/// once ran them: a 302 carrying the case's `Set-Cookie` lines, then the redirected request and its `Cookie` header.
///
/// The importer has two outputs, both deterministic (cases sorted by name) and written atomically:
///
/// - the suite `Suites/conformance/http-state.xml` (id `http-state`): one origin per host the cases talk to, one
///   route per case on `http://home.example.org:8888`, one scenario per case whose expectation is the corpus'
///   own, **verbatim** — where RFC 6265bis disagrees, that is recorded per adapter, not by editing a vector;
/// - the reference adapter's expectation file `Suites/expectations/reference.xml`: each case of
///   ``HTTPStateDeviations/rfc6265bis`` as an expected failure with its reason.
///
/// Every route is delivered as HTTP/1.1 would deliver it (`delivery="wire"`) unless one of its lines holds what no
/// field value can carry (CR, LF, NUL): then the route hands its lines to the store's parser (`delivery="parser"`),
/// which the corpus' raw test server did, and adapters that only take HTTP skip the case. A line with an octet XML 1.0
/// cannot carry at all (NUL, most C0 controls) is written `encoding="percent"`. A case is left out only when its text
/// cannot be kept (a line that is not UTF-8, an expected header or Location XML cannot carry); the suite's provenance
/// lists it with the reason, so nothing disappears silently.
package struct HTTPStateImporter: Sendable {
    /// The suite id; scenario ids are `http-state.NAME`, the case name lower-cased.
    package static let suiteID = "http-state"
    /// The server every case's 302 comes from (the corpus' own test server).
    package static let cookieParserOrigin = "http://home.example.org:8888"
    /// Where the suite lives, relative to the package root.
    package static let suitePath = "Suites/conformance/http-state.xml"
    /// Where the corpus is in the repository (vendored; `Corpora/http-state/SOURCES.md`).
    package static let corpusPath = "Corpora/http-state"
    /// Where the reference adapter's expectations live, relative to the package root.
    package static let expectationsPath = "Suites/expectations/reference.xml"
    /// The adapter whose expected failures ``expectationsXML()`` lists.
    package static let expectationsAdapter = "reference"
    /// The corpus predates its own Expires dates (2019): the suite's clock starts at ``HTTPStateRunner/corpusEpoch``.
    package static let clockStart = "2011-06-01T00:00:00Z"

    private static let namespace = "urn:cookieharness:suite:1"

    /// A case that is not in the suite, and why.
    package struct SkippedCase: Sendable, Hashable {
        package var name: String
        package var reason: String
    }

    /// One case as the suite states it.
    struct ImportedCase: Sendable {
        var source: HTTPStateParserCase
        var setCookies: [String]
        /// The `Location` the 302 sends: the case's own, or the corpus' default result URL.
        var location: String
        /// Where the redirected request goes: absolute, scheme and host lower-cased, query kept.
        var target: String
        var scenarioID: String
    }

    /// Where the corpus comes from, read from its `SOURCES.md`.
    package struct Source: Sendable, Hashable {
        package var repository: String
        package var folder: String?
        package var commit: String
    }

    package let source: Source
    package let deviations: [String: String]
    /// The cases the suite holds, sorted by name.
    let imported: [ImportedCase]
    /// The cases left out, sorted by name.
    package let skippedCases: [SkippedCase]
    /// Origins other than ``cookieParserOrigin`` that redirects point to, sorted.
    let otherOrigins: [String]

    /// Prepares both outputs from a corpus read from disk.
    ///
    /// - Parameters:
    ///   - corpus: The corpus; its `SOURCES.md` (repository and commit) and `hosts` file are read too.
    ///   - deviations: The reference adapter's expected failures, by case name, with their reasons.
    /// - Throws: ``HTTPStateCorpusError`` when `SOURCES.md` names no repository or commit, a `Location` points to a
    ///   host the corpus' `hosts` file does not list, or a case name cannot be a scenario id.
    package init(corpus: HTTPStateCorpus, deviations: [String: String] = HTTPStateDeviations.rfc6265bis) throws {
        self.source = try Self.readSource(corpus.root.appendingPathComponent("SOURCES.md"))
        self.deviations = deviations
        let hosts = try Self.readHosts(corpus.root.appendingPathComponent("hosts"))

        var imported: [ImportedCase] = []
        var skipped: [SkippedCase] = []
        var origins: Set<String> = []
        for testCase in corpus.parserCases.sorted(by: { $0.name < $1.name }) {
            let scenarioID = "\(Self.suiteID).\(testCase.name.lowercased())"
            guard Self.isIdentifier(scenarioID) else {
                throw HTTPStateCorpusError("parser/\(testCase.name)-test: the case name cannot be a scenario id")
            }
            let location = testCase.location ?? "/cookie-parser-result?\(testCase.name)"
            if let reason = Self.reasonNotImportable(testCase, location: location) {
                skipped.append(SkippedCase(name: testCase.name, reason: reason))
                continue
            }
            // Where the 302 sends the client from `/cookie-parser?NAME`, as the harness's client resolves it.
            let source = HTTPURL("\(Self.cookieParserOrigin)/cookie-parser?\(testCase.name)")
            guard let target = source?.resolving(location) else {
                skipped.append(SkippedCase(name: testCase.name, reason: "the Location is not a URL the virtual network can serve"))
                continue
            }
            let origin = target.origin
            if origin != Self.cookieParserOrigin {
                let host = target.host
                guard hosts.contains(host) else {
                    throw HTTPStateCorpusError(
                        "parser/\(testCase.name)-test: Location points to \(host), which the corpus' hosts file does not list"
                    )
                }
                origins.insert(origin)
            }
            imported.append(ImportedCase(
                source: testCase,
                setCookies: testCase.setCookieLines.map {
                    HTTPFieldValue.strippingOptionalWhitespace(String(decoding: $0, as: UTF8.self))
                },
                location: location, target: target.description, scenarioID: scenarioID
            ))
        }
        self.imported = imported
        self.skippedCases = skipped
        self.otherOrigins = origins.sorted()
    }

    /// The names of the cases the suite holds, sorted.
    package var importedCaseNames: [String] { imported.map(\.source.name) }

    /// Whether a Set-Cookie line carries an `Expires` attribute (case-insensitive, after a ";").
    static func hasExpiresAttribute(_ line: [UInt8]) -> Bool {
        let text = String(decoding: line, as: UTF8.self).lowercased()
        return text.split(separator: ";").dropFirst().contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("expires") }
    }

    // MARK: - Outputs

    /// Writes the suite to `path` atomically (a complete file or none); the folder is created if needed.
    ///
    /// - Throws: `XMLSupportError` if the file cannot be written, or a `FileManager` error for the folder.
    package func suiteXML(to path: String) throws {
        try write(to: path, writeSuite)
    }

    /// Writes the reference adapter's expectation file to `path` atomically; the folder is created if needed.
    ///
    /// - Throws: `XMLSupportError` if the file cannot be written, or a `FileManager` error for the folder.
    package func expectationsXML(to path: String) throws {
        try write(to: path, writeExpectations)
    }

    /// The suite document, exactly as ``suiteXML(to:)`` writes it.
    package func suiteXML() throws -> String {
        try XMLStreamWriter.string(writeSuite)
    }

    /// The expectation document, exactly as ``expectationsXML(to:)`` writes it.
    package func expectationsXML() throws -> String {
        try XMLStreamWriter.string(writeExpectations)
    }

    private func write(to path: String, _ body: (XMLStreamWriter) throws -> Void) throws {
        try GeneratedSuiteFile.write(to: path, body)
    }

    private func writeSuite(_ xml: XMLStreamWriter) throws {
        try xml.comment(" Generated by HTTPStateImporter from the http-state corpus: do not edit by hand. ")
        try xml.startElement("suite")
        try xml.attribute("xmlns", Self.namespace)
        try xml.attribute("id", Self.suiteID)
        try xml.attribute("title", "http-state: the IETF http-state working group's Set-Cookie parser vectors")
        try xml.element("description") {
            try xml.text(
                "One scenario per parser case of the http-state corpus (the test data behind RFC 6265). The server "
                    + "at \(Self.cookieParserOrigin)/cookie-parser?NAME answers 302 with the case's Set-Cookie lines; "
                    + "the redirected request must carry exactly the Cookie header the corpus expects, or none. The "
                    + "expectations are the corpus' own, verbatim: where RFC 6265bis differs, the adapter's "
                    + "expectation file says so (Suites/expectations/). The clock is frozen in 2011 because the "
                    + "corpus' Expires dates (2019) have since passed."
            )
        }
        try xml.element("provenance") { try xml.text(provenance) }
        try xml.element("clock", attributes: ["start": Self.clockStart])

        try xml.element("origin", attributes: ["url": Self.cookieParserOrigin]) {
            try xml.element("route", attributes: ["path": "/cookie-parser-result*", "status": "200"])
            for testCase in imported {
                try xml.startElement("route")
                try xml.attribute("path", "/cookie-parser?\(testCase.source.name)")
                try xml.attribute("status", "302")
                try xml.attribute("location", testCase.location)
                let toParser = testCase.setCookies.contains { HTTPFieldValue.forbiddenCharacter(in: $0) != nil }
                if toParser { try xml.attribute("delivery", "parser") }
                for line in testCase.setCookies {
                    try xml.startElement("set-cookie")
                    // A parser route's lines are exact: what an HTTP recipient would take, white space around
                    // the value stripped, and every other octet (a CR at the end included) kept.
                    if toParser { try xml.attribute("xml:space", "preserve") }
                    if line.unicodeScalars.allSatisfy(Self.isXMLCharacter) {
                        try xml.text(line)
                    } else {
                        try xml.attribute("encoding", "percent")
                        try xml.text(Self.percentEncoded(line))
                    }
                    try xml.endElement()
                }
                try xml.endElement()
            }
        }
        for origin in otherOrigins {
            try xml.element("origin", attributes: ["url": origin]) {
                try xml.element("route", attributes: ["path": "/cookie-parser-result*", "status": "200"])
            }
        }

        for testCase in imported {
            let name = testCase.source.name
            try xml.startElement("scenario")
            try xml.attribute("id", testCase.scenarioID)
            try xml.attribute("tags", testCase.source.isDisabledUpstream ? "http-state disabled-upstream" : "http-state")
            // An Expires date is judged against the suite's clock (2011): a store on the wall clock would see
            // today's date instead, so such a case needs the virtual clock.
            if testCase.source.setCookieLines.contains(where: Self.hasExpiresAttribute) {
                try xml.attribute("requires", "virtual-clock")
            }
            try xml.element("title") { try xml.text(Self.title(testCase.source)) }
            try xml.element("ref") { try xml.text("http-state parser/\(name)-test") }
            try xml.element("native-request", attributes: ["url": "\(Self.cookieParserOrigin)/cookie-parser?\(name)"])
            try xml.startElement("expect-request")
            try xml.attribute("url", testCase.target)
            if let expected = testCase.source.expectedCookie {
                try xml.attribute("equals", expected)
            } else {
                try xml.attribute("empty", "true")
            }
            try xml.endElement()
            try xml.endElement()
        }
        try xml.endElement()
    }

    private func writeExpectations(_ xml: XMLStreamWriter) throws {
        try xml.comment(
            " Generated by HTTPStateImporter from HTTPStateDeviations.rfc6265bis: do not edit by hand. The http-state "
                + "vectors predate RFC 6265bis; these are the cases where the reference jar follows RFC 6265bis. "
        )
        try xml.startElement("expectations")
        try xml.attribute("xmlns", Self.namespace)
        try xml.attribute("adapter", Self.expectationsAdapter)
        let importedNames = Set(importedCaseNames)
        let notImported = deviations.keys.filter { !importedNames.contains($0) }.sorted()
        if !notImported.isEmpty {
            try xml.comment(
                " Not listed because the suite does not import them (see its provenance): "
                    + notImported.joined(separator: ", ") + " "
            )
        }
        for testCase in imported {
            guard let reason = deviations[testCase.source.name] else { continue }
            try xml.element("expect", attributes: ["scenario": testCase.scenarioID, "status": "fail"]) {
                try xml.text(reason)
            }
        }
        try xml.endElement()
    }

    /// Where the suite comes from and what was left out, for people and for the record.
    var provenance: String {
        var lines = [
            "Imported from the http-state corpus of the IETF http-state working group: repository \(source.repository)"
                + (source.folder.map { ", folder \($0)" } ?? "") + ", commit \(source.commit).",
            "Generated by HTTPStateImporter; \(imported.count) of \(imported.count + skippedCases.count) parser cases imported.",
        ]
        if skippedCases.isEmpty {
            lines.append("Every case was imported.")
        } else {
            lines.append("Not imported:")
            lines += skippedCases.map { "- \($0.name): \($0.reason)" }
        }
        return lines.joined(separator: "\n")
    }

    // MARK: - Cases

    /// Whether `id` fits the schema's `Identifier` type: `[a-z0-9][a-z0-9._-]*`.
    private static func isIdentifier(_ id: String) -> Bool {
        func allowed(_ byte: UInt8, first: Bool) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
            case UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"): !first
            default: false
            }
        }
        guard let first = id.utf8.first, allowed(first, first: true) else { return false }
        return id.utf8.dropFirst().allSatisfy { allowed($0, first: false) }
    }

    /// Why a case cannot be written as XML 1.0, or nil when it can.
    private static func reasonNotImportable(_ testCase: HTTPStateParserCase, location: String) -> String? {
        for (index, line) in testCase.setCookieLines.enumerated() where String(validating: line, as: UTF8.self) == nil {
            return "Set-Cookie line \(index + 1) is not UTF-8, and a suite carries lines as text"
        }
        if let expected = testCase.expectedCookie, let reason = unrepresentable(expected, what: "the expected Cookie header") {
            return reason
        }
        if let reason = unrepresentable(location, what: "the Location") { return reason }
        if location.contains(where: \.isWhitespace) {
            return "the Location contains white space, which a suite URL cannot"
        }
        return nil
    }

    /// Why `text` cannot be carried by XML 1.0, or nil.
    private static func unrepresentable(_ text: String, what: String) -> String? {
        if let scalar = text.unicodeScalars.first(where: { !isXMLCharacter($0) }) {
            return "\(what) contains \(HTTPFieldValue.codePoint(scalar)), which XML 1.0 cannot carry, not even as a "
                + "character reference"
        }
        // The corpus reader decodes expected headers and Locations with replacement: the original bytes are lost.
        if text.unicodeScalars.contains("\u{FFFD}") {
            return "\(what) is not valid UTF-8 (decoded with U+FFFD), so its bytes cannot be kept"
        }
        return nil
    }

    /// `line` for `encoding="percent"`: "%" and what XML 1.0 cannot carry as `%XX`, everything else as written.
    static func percentEncoded(_ line: String) -> String { GeneratedSuiteFile.percentEncoded(line) }

    private static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool { GeneratedSuiteFile.isXMLCharacter(scalar) }

    private static func title(_ testCase: HTTPStateParserCase) -> String {
        guard let expected = testCase.expectedCookie else {
            return "Case \(testCase.name): the redirected request carries no Cookie header"
        }
        let printable = expected.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
        if printable, expected.unicodeScalars.count <= 60 {
            return "Case \(testCase.name): the redirected request carries exactly the Cookie header \"\(expected)\""
        }
        return "Case \(testCase.name): the redirected request carries exactly the Cookie header the corpus expects"
    }

    // MARK: - Corpus metadata

    /// Repository, folder and commit from the corpus' `SOURCES.md`.
    private static func readSource(_ url: URL) throws -> Source {
        let text: String
        do { try InputFile.requireRegularFile(url.path) } catch { throw HTTPStateCorpusError("\(error)") }
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw HTTPStateCorpusError("\(url.path): cannot read (it names the corpus' repository and commit)")
        }
        guard let repository = text.firstMatch(of: #/repository\s+([A-Za-z0-9_.\-]+/[A-Za-z0-9_.\-]+)/#)?.1,
              let commit = text.firstMatch(of: #/\b([0-9a-f]{40})\b/#)?.1
        else {
            throw HTTPStateCorpusError("\(url.path): names no repository (owner/name) and 40-digit commit")
        }
        let folder = text.firstMatch(of: #/folder\s+([A-Za-z0-9_.\-/]+[A-Za-z0-9_\-])/#)?.1
        return Source(repository: String(repository), folder: folder.map(String.init), commit: String(commit))
    }

    /// The host names of the corpus' `hosts` file (`ADDRESS NAME` lines).
    private static func readHosts(_ url: URL) throws -> Set<String> {
        let text: String
        do { try InputFile.requireRegularFile(url.path) } catch { throw HTTPStateCorpusError("\(error)") }
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw HTTPStateCorpusError("\(url.path): cannot read (it lists the host names the cases use)")
        }
        var hosts: Set<String> = []
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count >= 2, !fields[0].hasPrefix("#") else { continue }
            for name in fields.dropFirst() { hosts.insert(name.lowercased()) }
        }
        return hosts
    }
}
