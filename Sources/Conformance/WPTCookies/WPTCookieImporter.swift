import FileAccess
import Foundation
import XMLSupport

/// Turns the wpt-cookies corpus into a suite of web-view scenarios in WPT's own flow, and WebKit's recorded results
/// into one expectation file per profile, so that a profile's run says where it departs from what the port records.
///
/// Each subtest becomes one scenario: a web view opens the test page, then
/// - `httpCookieTest`: the page `fetch`es `/cookies/resources/cookie.py?set=N`, which answers with the subtest's
///   `Set-Cookie` lines (trimmed of surrounding white space, as an HTTP recipient reads them); `document.cookie` is
///   read on `/cookies/resources/echo-cookie.html` (WPT reads it there in an iframe: same origin, same cookies) when
///   the subtest uses the default path, else on the test page;
/// - `domCookieTest`: the page's script writes each string to `document.cookie`;
///
/// and `document.cookie` must equal WPT's expected value (`empty="true"` for ""). The test page is
/// `https://web-platform.test/…` for `.https.` tests, `http://` otherwise; WPT's `{{host}}` is `web-platform.test`.
///
/// The expectation files are the recorded results, nothing else: a subtest the port records as FAIL is an expected
/// failure whose `observed=` is the message the harness gives for the value the port's `document.cookie` showed
/// ("got"), so a profile that fails it *for another reason* is unexpected; a PASS is an expected pass. A subtest the
/// importer cannot express is listed in the suite's provenance with the reason.
package struct WPTCookieImporter: Sendable {
    package static let suiteID = "wpt-cookies"
    /// The corpus and what is generated from it, relative to the package root.
    package static let corpusPath = "Corpora/wpt-cookies"
    package static let suitePath = "Corpora/wpt-cookies/wpt-cookies.xml"
    package static let expectationsFolder = "Corpora/wpt-cookies/expectations"
    package static let host = "web-platform.test"
    static let echoPath = "/cookies/resources/echo-cookie.html"
    /// WPT's `list.py`: answers with the cookies its request carried (the prefixed-cookie helpers read it).
    static let listPath = "/cookies/resources/list.py"
    private static let namespace = "urn:cookieharness:suite:1"

    /// The adapters whose expectation files are generated: the web view with no sync on each simulated profile and
    /// on the real WebKitGTK engine (`isLive`: run only when asked, it needs the engine), and the port whose record
    /// each is compared with.
    package static let profiles: [(adapter: String, profile: String, port: WPTCookieCorpus.Port, isLive: Bool)] = [
        ("wk-no-sync", "ios", .apple, false), ("wk-no-sync@ios-18", "ios-18", .apple, false),
        ("wk-no-sync@ios-12", "ios-12", .apple, false), ("wk-no-sync@ios-11", "ios-11", .apple, false),
        ("wk-no-sync@webkitgtk", "webkitgtk", .glib, false),
        ("wk-no-sync@webkitgtk-live", "webkitgtk-live", .glib, true),
    ]

    /// A subtest left out, and why.
    package struct SkippedSubtest: Sendable, Hashable {
        package var test: String
        package var name: String
        package var reason: String
    }

    /// One subtest as a scenario.
    package struct ImportedSubtest: Sendable {
        package var file: WPTCookieCorpus.TestFile
        package var subtest: WPTCookieCorpus.Subtest
        package var scenarioID: String
        /// The `Set-Cookie` lines as the route sends them, or the `document.cookie` writes.
        package var cookies: [String]
        package var expected: String
        package var routePath: String

        var origin: String { "\(file.isSecure ? "https" : "http")://\(WPTCookieImporter.host)" }
        var pagePath: String { subtest.pagePath ?? "/" + file.test }
        var prefixedPair: String? { subtest.prefixedPair }
        /// The prefixed-cookie helpers: what the `Cookie` header of the `list.py` fetch must be ("" for none).
        var listExpected: String? {
            guard let pair = prefixedPair, let set = subtest.expectCookieSet else { return nil }
            return set ? pair : ""
        }
    }

    package let corpus: WPTCookieCorpus
    package let imported: [ImportedSubtest]
    package let skipped: [SkippedSubtest]

    package init(corpus: WPTCookieCorpus) {
        self.corpus = corpus
        var imported: [ImportedSubtest] = []
        var skipped: [SkippedSubtest] = []
        for file in corpus.files {
            for (index, subtest) in file.subtests.enumerated() {
                let scenarioID = String(format: "%@.%@.%@.%03d", Self.suiteID, file.folder, file.stem, index + 1)
                if let reason = Self.unrecorded(subtest, in: file) {
                    skipped.append(SkippedSubtest(test: file.test, name: subtest.name, reason: reason))
                    continue
                }
                switch Self.express(subtest) {
                case .failure(let reason):
                    skipped.append(SkippedSubtest(test: file.test, name: subtest.name, reason: reason.reason))
                case .success(let (cookies, expected)):
                    let route = subtest.helper == .prefixedCookieViaHttp
                        ? "/cookies/resources/set.py?\(file.stem)-\(index + 1)" : "/cookies/resources/cookie.py?set=\(file.stem)-\(index + 1)"
                    imported.append(ImportedSubtest(
                        file: file, subtest: subtest, scenarioID: scenarioID, cookies: cookies, expected: expected,
                        routePath: route))
                }
            }
        }
        self.imported = imported
        self.skipped = skipped
    }

    struct NotExpressible: Error { let reason: String }

    /// Why a subtest has nothing to be compared with: a port that recorded no result for it (no baseline file, a
    /// page that timed out before it ran, a subtest renamed since the port's baseline was made).
    static func unrecorded(_ subtest: WPTCookieCorpus.Subtest, in file: WPTCookieCorpus.TestFile) -> String? {
        for port in WPTCookieCorpus.Port.allCases {
            guard let results = file.recorded[port] else {
                return "no result recorded for the \(port.rawValue) ports (no baseline file)"
            }
            if file.outcomes[port]?[subtest.name] == nil {
                return "no result recorded for the \(port.rawValue) ports in \(results.file) (the page timed out before it, or the subtest was renamed since)"
            }
        }
        return nil
    }

    /// The subtest's cookies and expected value as the suite states them, or why it cannot.
    static func express(_ subtest: WPTCookieCorpus.Subtest) -> Result<([String], String), NotExpressible> {
        func fail(_ reason: String) -> Result<([String], String), NotExpressible> { .failure(NotExpressible(reason: reason)) }
        switch subtest.helper {
        case .other: return fail("custom test code, not one of WPT's cookie helpers" + (subtest.note.map { ": \($0)" } ?? ""))
        case .httpRedirectCookieTest: return fail("read after a redirect inside an iframe (httpRedirectCookieTest): not imported yet")
        case .httpCookieTest, .domCookieTest: break
        case .prefixedCookieViaHttp, .prefixedCookieViaDom:
            if let origin = subtest.origin, origin != "self" {
                return fail("set and read through another origin (\(origin)): a cross-site fetch from the test page, which the suite's same-origin WPT flow does not express")
            }
            guard subtest.cookieName != nil, subtest.value != nil,
                  subtest.helper == .prefixedCookieViaHttp ? subtest.expectCookieSet != nil : subtest.expectInDocumentCookie != nil,
                  subtest.cookies.count == 1
            else { return fail("a prefixed-cookie subtest without its cookie's name, value and expectations") }
        }
        let expected = substituted(subtest.expected)
        let cookies = subtest.cookies.map(substituted)
        if cookies.contains(where: { $0.contains("{{") }) || expected.contains("{{") {
            return fail("a WPT template substitution other than {{host}} and {{domains[www]}}")
        }
        if (cookies + [expected]).contains(where: { $0.contains("[[") || $0.contains("<YYYY>") }) {
            return fail("a value the test page computes when it runs (a helper of its own, or next year's date)")
        }
        if cookies.isEmpty { return fail("no cookie string to set") }
        guard expected.unicodeScalars.allSatisfy(isXMLCharacter) else {
            return fail("the expected value holds a character XML 1.0 cannot carry")
        }
        if subtest.helper == .prefixedCookieViaDom, let pair = subtest.prefixedPair {
            return .success((cookies, subtest.expectInDocumentCookie == true ? pair : ""))
        }
        if subtest.helper == .httpCookieTest || subtest.helper == .prefixedCookieViaHttp {
            let lines = cookies.map(strippingWhiteSpace)
            if let line = lines.first(where: { $0.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" } }) {
                _ = line
                return fail("a Set-Cookie line with CR, LF or NUL cannot travel in an HTTP/1.1 field; WPT's server splits or refuses it"
                            + (subtest.allowFetchFailure ? " (WPT lets the fetch fail)" : ""))
            }
            if lines.contains(where: \.isEmpty) { return fail("an empty Set-Cookie line: no field to send") }
            return .success((lines, expected))
        }
        return .success((cookies, expected))
    }

    static func substituted(_ text: String) -> String {
        text.replacingOccurrences(of: "{{host}}", with: host)
            .replacingOccurrences(of: "{{domains[www]}}", with: "www." + host)
    }

    /// RFC 9110 §5.5: a recipient strips the optional white space around a field value (SP, HTAB).
    static func strippingWhiteSpace(_ line: String) -> String {
        var scalars = Substring(line).unicodeScalars
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }

    static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool { GeneratedSuiteFile.isXMLCharacter(scalar) }

    // MARK: - The suite

    package func suiteXML(to path: String) throws { try write(to: path, writeSuite) }
    package func suiteXML() throws -> String { try XMLStreamWriter.string(writeSuite) }

    private func write(to path: String, _ body: (XMLStreamWriter) throws -> Void) throws {
        try GeneratedSuiteFile.write(to: path, body)
    }

    private func writeSuite(_ xml: XMLStreamWriter) throws {
        try xml.comment(" Generated by WPTCookieImporter from Corpora/wpt-cookies: do not edit by hand. ")
        try xml.startElement("suite")
        try xml.attribute("xmlns", Self.namespace)
        try xml.attribute("id", Self.suiteID)
        try xml.attribute("title", "wpt-cookies: the web-platform-tests cookie subtests a web view can run, in WPT's own flow")
        try xml.element("description") {
            try xml.text(
                "One scenario per importable subtest of the WPT cookie tests (cookies/name, value, attributes, encoding, "
                    + "size, path, ordering, prefix): a web view opens the test page, sets the cookies as the subtest's helper "
                    + "does (a fetch answered with its Set-Cookie lines, or document.cookie writes) and reads "
                    + "document.cookie, which must equal WPT's expected value (the prefix tests read what a fetch of "
                    + "list.py carries, as their helper does). What WebKit's bots record for each port "
                    + "is in the generated expectation files (Corpora/wpt-cookies/expectations/), one per profile."
            )
        }
        try xml.element("provenance") { try xml.text(provenance) }
        for secure in [false, true] {
            let files = corpus.files.filter { $0.isSecure == secure }
            let subtests = imported.filter { $0.file.isSecure == secure }
            guard !files.isEmpty, !subtests.isEmpty else { continue }
            try xml.element("origin", attributes: ["url": "\(secure ? "https" : "http")://\(Self.host)"]) {
                for file in files where subtests.contains(where: { $0.file.test == file.test }) {
                    try xml.element("route", attributes: ["path": "/" + file.test, "status": "200"])
                }
                for page in Set(subtests.compactMap(\.subtest.pagePath)).sorted() {
                    try xml.element("route", attributes: ["path": page, "status": "200"])
                }
                try xml.element("route", attributes: ["path": Self.echoPath, "status": "200"])
                if subtests.contains(where: { $0.listExpected != nil }) {
                    try xml.element("route", attributes: ["path": Self.listPath, "status": "200"])
                }
                for subtest in subtests where subtest.subtest.helper == .httpCookieTest || subtest.subtest.helper == .prefixedCookieViaHttp {
                    try xml.element("route", attributes: ["path": subtest.routePath, "status": "200"]) {
                        for line in subtest.cookies { try setCookie(line, xml) }
                    }
                }
            }
        }
        for subtest in imported { try writeScenario(subtest, xml) }
        try xml.endElement()
    }

    private func setCookie(_ line: String, _ xml: XMLStreamWriter) throws {
        try xml.startElement("set-cookie")
        try xml.attribute("xml:space", "preserve")
        if line.unicodeScalars.allSatisfy(Self.isXMLCharacter), !line.contains("%") {
            try xml.text(line)
        } else {
            try xml.attribute("encoding", "percent")
            try xml.text(Self.percentEncoded(line))
        }
        try xml.endElement()
    }

    /// `%`, every octet XML 1.0 cannot carry and every control character but TAB as `%XX`; the rest as it is.
    static func percentEncoded(_ line: String) -> String { GeneratedSuiteFile.percentEncoded(line, controls: true) }

    private func writeScenario(_ subtest: ImportedSubtest, _ xml: XMLStreamWriter) throws {
        let origin = subtest.origin
        try xml.startElement("scenario")
        try xml.attribute("id", subtest.scenarioID)
        try xml.attribute("tags", "wpt")
        try xml.element("title") { try xml.text(Self.visible(subtest.subtest.name)) }
        try xml.element("ref") { try xml.text("wpt \(subtest.file.test)") }
        try xml.element("open-web-view")
        try xml.element("load", attributes: ["url": origin + subtest.pagePath])
        switch subtest.subtest.helper {
        case .domCookieTest, .prefixedCookieViaDom:
            let script = subtest.cookies.map { "document.cookie = \(Self.javaScriptString($0));" }.joined(separator: "\n")
            try xml.element("run-script") { try xml.text(script) }
        case .prefixedCookieViaHttp:
            try xml.element("fetch", attributes: ["url": origin + subtest.routePath])
        default:
            try xml.element("fetch", attributes: ["url": origin + subtest.routePath])
            if subtest.subtest.defaultPath { try xml.element("load", attributes: ["url": origin + Self.echoPath]) }
        }
        if subtest.subtest.helper != .prefixedCookieViaHttp {
            if subtest.expected.isEmpty {
                try xml.element("expect-document-cookie", attributes: ["empty": "true"])
            } else {
                try xml.element("expect-document-cookie", attributes: ["equals": subtest.expected])
            }
        }
        // The prefixed-cookie helpers then ask list.py which cookies a request carries.
        if let listed = subtest.listExpected {
            try xml.element("fetch", attributes: ["url": origin + Self.listPath])
            try xml.element("expect-request", attributes: listed.isEmpty
                ? ["url": origin + Self.listPath, "empty": "true"] : ["url": origin + Self.listPath, "equals": listed])
        }
        try xml.endElement()
    }

    /// A JavaScript string literal for `text`: quotes, backslashes and every control character escaped.
    static func javaScriptString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || !isXMLCharacter(scalar) || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    result += String(format: "\\u%04X", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A title with control characters shown as `\uXXXX` (a title is one line of text).
    package static func visible(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || !isXMLCharacter(scalar) {
                result += String(format: "\\u%04X", scalar.value)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    var provenance: String {
        var lines = ["Generated by WPTCookieImporter from Corpora/wpt-cookies (SOURCES.md there names each file's origin):"]
        for file in corpus.files {
            let count = imported.filter { $0.file.test == file.test }.count
            lines.append("- \(file.test) (\(file.source)): \(count) of \(file.subtests.count) subtests imported")
        }
        lines.append("\(imported.count) of \(imported.count + skipped.count) subtests imported.")
        if !skipped.isEmpty {
            lines.append("Not imported:")
            lines += skipped.map { "- \($0.test): \(Self.visible($0.name)): \($0.reason)" }
        }
        return lines.joined(separator: "\n")
    }

    // MARK: - The expectation files

    /// The expected status of `subtest` on a profile compared with `port`, as the port recorded it.
    package func recorded(_ subtest: ImportedSubtest, port: WPTCookieCorpus.Port) -> WPTRecordedResults.Outcome? {
        subtest.file.outcomes[port]?[subtest.subtest.name]
    }

    /// The message the harness gives when `document.cookie` shows `got` where `expected` was wanted.
    static func failureMessage(expected: String, got: String, subject: String = "document.cookie") -> String {
        let shown = got.isEmpty ? "(none)" : "'\(got)'"
        return expected.isEmpty ? "\(subject): expected no cookie, observed \(shown)" : "\(subject): expected '\(expected)', observed \(shown)"
    }

    /// What the harness says for a prefixed-cookie subtest whose recorded FAIL is `message`, or nil when the message
    /// says neither what `document.cookie` showed nor what `list.py` got. cookie-helper.sub.js asserts
    /// `` `name=value` in `document.cookie` expected false but got true `` for the page, then
    /// `expected (undefined) undefined but got (string) "VALUE"` (or the reverse) for `list.py`'s value of the
    /// cookie; the first failed assertion is the one recorded, as the scenario's first failed check is.
    static func prefixedFailure(_ subtest: ImportedSubtest, message: String) -> String? {
        guard let name = subtest.subtest.cookieName, let pair = subtest.prefixedPair else { return nil }
        if subtest.subtest.helper == .prefixedCookieViaDom, message.contains("in `document.cookie` expected") {
            if message.contains("expected false but got true") { return failureMessage(expected: "", got: pair) }
            if message.contains("expected true but got false") { return failureMessage(expected: pair, got: "") }
            return nil
        }
        // The cookie's value as the assertion printed it: `(string) "VALUE"`, or none (`(undefined) undefined`,
        // `(object) null`).
        let got: String
        if message.hasSuffix("but got (undefined) undefined") || message.hasSuffix("but got (object) null") {
            got = ""
        } else if let range = message.range(of: "but got (string) \""), message.hasSuffix("\"") {
            got = "\(name)=\(message[range.upperBound...].dropLast())"
        } else {
            return nil
        }
        if let listed = subtest.listExpected {
            return failureMessage(expected: listed, got: got, subject: "Cookie header of GET \(subtest.origin)\(listPath)")
        }
        // A page that reads the cookie's value from its own document.cookie (the explicit-path test).
        return subtest.subtest.helper == .prefixedCookieViaDom ? failureMessage(expected: subtest.expected, got: got) : nil
    }

    package func expectationsXML(adapter: String, port: WPTCookieCorpus.Port, to path: String) throws {
        try write(to: path) { try writeExpectations(adapter: adapter, port: port, $0) }
    }

    package func expectationsXML(adapter: String, port: WPTCookieCorpus.Port) throws -> String {
        try XMLStreamWriter.string { try writeExpectations(adapter: adapter, port: port, $0) }
    }

    private func writeExpectations(adapter: String, port: WPTCookieCorpus.Port, _ xml: XMLStreamWriter) throws {
        try xml.comment(
            " Generated by WPTCookieImporter: what WebKit's bots record for the \(port == .apple ? "Apple ports (macOS, iOS: CFNetwork's jar)" : "glib ports (GTK, WPE: libsoup's jar)"), "
                + "subtest by subtest; do not edit by hand. A profile that departs from it is unexpected, unless "
                + "Corpora/wpt-cookies/known-differences.json lists the cell with its cause. ")
        try xml.startElement("expectations")
        try xml.attribute("xmlns", Self.namespace)
        try xml.attribute("adapter", adapter)
        for subtest in imported {
            guard let outcome = recorded(subtest, port: port) else {
                throw WPTCookieCorpusError("\(subtest.file.recorded[port]?.file ?? subtest.file.test): no result recorded for '\(Self.visible(subtest.subtest.name))'")
            }
            let file = subtest.file.recorded[port]?.file ?? ""
            if case .fail(let message, _, _) = outcome, subtest.prefixedPair != nil {
                guard let observed = Self.prefixedFailure(subtest, message: message) else {
                    try xml.element("expect", attributes: ["scenario": subtest.scenarioID, "status": "fail"]) {
                        try xml.text("recorded FAIL (\(file)) without a value to compare: \(Self.visible(message))")
                    }
                    continue
                }
                try xml.element("expect", attributes: ["scenario": subtest.scenarioID, "status": "fail", "observed": observed]) {
                    try xml.text("recorded FAIL (\(file)): \(Self.visible(message))")
                }
                continue
            }
            switch outcome {
            case .pass: continue
            case .fail(let message, _, let got?):
                let observed = Self.failureMessage(expected: subtest.expected, got: got)
                guard observed.unicodeScalars.allSatisfy(Self.isXMLCharacter) else {
                    try xml.element("expect", attributes: ["scenario": subtest.scenarioID, "status": "fail"]) {
                        try xml.text("recorded FAIL (\(file)): \(Self.visible(message)); the value holds a character XML cannot carry, so any failure is accepted")
                    }
                    continue
                }
                try xml.element("expect", attributes: ["scenario": subtest.scenarioID, "status": "fail", "observed": observed]) {
                    try xml.text("recorded FAIL (\(file)): \(Self.visible(message))")
                }
            case .fail(let message, _, nil):
                try xml.element("expect", attributes: ["scenario": subtest.scenarioID, "status": "fail"]) {
                    try xml.text("recorded FAIL (\(file)) without a value to compare: \(Self.visible(message))")
                }
            case .other(let status, let message):
                try xml.element("expect", attributes: ["scenario": subtest.scenarioID, "status": "flaky"]) {
                    try xml.text("recorded \(status) (\(file)): no value to compare. \(Self.visible(message))")
                }
            }
        }
        try xml.endElement()
    }
}
