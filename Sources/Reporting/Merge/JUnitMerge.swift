import FileAccess
import Foundation
import XMLSupport

/// Joins the JUnit reports of `run --shard I/N` runs into one report laid out as the unsharded run's: one
/// `<testsuite>` per (adapter, suite) in run order, counts and properties added up, test cases copied as written.
///
/// Test cases are copied element by element from the shard files (not rebuilt from the JSON results, which keep
/// only a message's first line), so the merged file says exactly what the shards said.
package enum JUnitMerge {
    /// One `<testcase>` and the `<testsuite>` it came from.
    package struct TestCase: Sendable {
        package var element: XMLTree.Element
        package var suite: XMLTree.Element
        package var key: ShardMerge.Key
    }

    /// The largest report read (1 GiB). A report is the harness's own output, as large as its run: an unsharded
    /// main job writes 40 MB (55,212 results), past the 32 MiB a suite file may have; the ceiling still refuses a
    /// file that would exhaust memory before it is parsed.
    package static let maximumInputSize = 1 << 30

    /// The test cases of one JUnit file written by `run --junit`.
    /// - Throws: ``InvalidResultsInput`` for a file that cannot be read or is not such a report.
    package static func read(_ path: String) throws(InvalidResultsInput) -> (root: XMLTree.Element, cases: [TestCase]) {
        let tree: XMLTree
        do {
            tree = try XMLTree.parse(contentsOf: path, maximumInputSize: maximumInputSize)
        } catch {
            throw InvalidResultsInput("\(error)")
        }
        guard tree.root.name == "testsuites" else {
            throw InvalidResultsInput("\(path):\(tree.root.line): error: not a JUnit report of 'run --junit': the root is <\(tree.root.name)>, not <testsuites>")
        }
        var cases: [TestCase] = []
        for suite in tree.root.elements(named: "testsuite") {
            let properties = self.properties(of: suite)
            let name = suite[attribute: "name"] ?? ""
            let adapter = properties.first { $0.0 == "adapter" }?.1 ?? String(name.prefix { $0 != "." })
            let suiteID = properties.first { $0.0 == "suite" }?.1 ?? String(name.drop { $0 != "." }.dropFirst())
            for testCase in suite.elements(named: "testcase") {
                guard let scenario = testCase[attribute: "name"] else {
                    throw InvalidResultsInput("\(path):\(testCase.line): error: <testcase> without a name")
                }
                cases.append(TestCase(element: testCase, suite: suite, key: ShardMerge.Key(adapter: adapter, suite: suiteID, scenario: scenario)))
            }
        }
        return (tree.root, cases)
    }

    /// `<properties>` as ordered (name, value) pairs.
    static func properties(of suite: XMLTree.Element) -> [(String, String)] {
        suite.elements(named: "properties").flatMap { $0.elements(named: "property") }.map {
            ($0[attribute: "name"] ?? "", $0[attribute: "value"] ?? "")
        }
    }

    /// Properties that count test cases: added up over the shards.
    static let summedProperties = ["expected-failures", "unexpected-results", "unexpected-security-results"]

    /// Writes the merged report: `cases` in their merged order, grouped into consecutive `<testsuite>`s.
    /// - Parameter rootName: The `name` of `<testsuites>` (the shards').
    /// - Throws: `XMLSupportError` when the file cannot be written; the destination is then left as it was.
    package static func write(_ cases: [TestCase], rootName: String, to path: String) throws {
        struct Group {
            var name: String
            var file: String?
            var cases: [TestCase] = []
        }
        var groups: [Group] = []
        for testCase in cases {
            let name = testCase.suite[attribute: "name"] ?? ""
            let file = testCase.suite[attribute: "file"]
            if groups.last?.name != name || groups.last?.file != file { groups.append(Group(name: name, file: file)) }
            groups[groups.count - 1].cases.append(testCase)
        }

        func counts(_ cases: [TestCase]) -> (tests: Int, failures: Int, errors: Int, skipped: Int, time: Double) {
            var result = (tests: 0, failures: 0, errors: 0, skipped: 0, time: 0.0)
            for testCase in cases {
                result.tests += 1
                result.time += Double(testCase.element[attribute: "time"] ?? "") ?? 0
                let children = Set(testCase.element.elements.map(\.name))
                if children.contains("failure") { result.failures += 1 }
                if children.contains("error") { result.errors += 1 }
                if children.contains("skipped") { result.skipped += 1 }
            }
            return result
        }

        // Like every report (``ReportDestination``): a device or FIFO is written through, a symlink followed.
        let file = try AtomicFile.report(path)
        defer { file.discard() }
        let writer = try XMLStreamWriter(writingTo: file)
        do {
            let total = counts(cases)
            try writer.startElement("testsuites")
            try writer.attribute("name", rootName)
            try writer.attribute("tests", String(total.tests))
            try writer.attribute("failures", String(total.failures))
            try writer.attribute("errors", String(total.errors))
            try writer.attribute("time", seconds(total.time))
            for group in groups {
                // The shards' <testsuite> elements of this group, each once.
                var sources: [XMLTree.Element] = []
                for testCase in group.cases where !sources.contains(testCase.suite) { sources.append(testCase.suite) }
                let count = counts(group.cases)
                try writer.startElement("testsuite")
                try writer.attribute("name", group.name)
                try writer.attribute("tests", String(count.tests))
                try writer.attribute("failures", String(count.failures))
                try writer.attribute("errors", String(count.errors))
                try writer.attribute("skipped", String(count.skipped))
                try writer.attribute("time", seconds(count.time))
                if let timestamp = sources.compactMap({ $0[attribute: "timestamp"] }).min() { try writer.attribute("timestamp", timestamp) }
                if let hostname = sources.compactMap({ $0[attribute: "hostname"] }).first { try writer.attribute("hostname", hostname) }
                if let file = group.file { try writer.attribute("file", file) }
                try writer.element("properties") {
                    for (name, value) in mergedProperties(sources) {
                        try writer.element("property", attributes: ["name": name, "value": value])
                    }
                }
                for testCase in group.cases { try copy(testCase.element, to: writer) }
                try writer.endElement()
            }
            try writer.endElement()
            try writer.finish()
        } catch {
            writer.cancel()
            throw error
        }
    }

    /// The first source's properties in its order, with the counting ones added up over every source.
    static func mergedProperties(_ sources: [XMLTree.Element]) -> [(String, String)] {
        var merged: [(String, String)] = []
        for source in sources {
            for (name, value) in properties(of: source) {
                if let index = merged.firstIndex(where: { $0.0 == name }) {
                    if summedProperties.contains(name) {
                        merged[index].1 = String((Int(merged[index].1) ?? 0) + (Int(value) ?? 0))
                    }
                } else {
                    merged.append((name, value))
                }
            }
        }
        // `unexpected-security-results` is written last, only when some shard had one.
        if let index = merged.firstIndex(where: { $0.0 == "unexpected-security-results" }) {
            merged.append(merged.remove(at: index))
        }
        return merged
    }

    /// An element as read: attributes in order, element children, or the text of a leaf.
    static func copy(_ element: XMLTree.Element, to writer: XMLStreamWriter) throws {
        try writer.startElement(element.name)
        for attribute in element.attributes { try writer.attribute(attribute.name, attribute.value) }
        let children = element.elements
        if children.isEmpty {
            let text = element.text
            if !text.isEmpty { try writer.text(text) }
        } else {
            for child in children { try copy(child, to: writer) }
        }
        try writer.endElement()
    }

    /// Seconds with at most three decimals, never in exponent notation (as ``ReportTime``).
    static func seconds(_ value: Double) -> String {
        ReportTime.seconds(.milliseconds(Int64((value * 1000).rounded())))
    }
}
