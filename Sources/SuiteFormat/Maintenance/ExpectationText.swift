import Foundation
import HarnessCore
import XMLSupport

/// An expectation file's text, edited one `<expect>` element at a time, so that comments, causes, `extends=`,
/// order and layout stay as a person wrote them.
///
/// Only the location of an edit is found in the text; every piece of markup it inserts (an entry, an attribute
/// value, a comment) is written by libxml2's writer (``XMLStreamWriter``), which escapes markup, replaces what XML
/// cannot carry and keeps `--` out of comments. The caller checks the edited document as a whole (well-formed,
/// valid, the intended entries) before it replaces anything: a layout this editor cannot follow (an entry split
/// over lines, single-quoted attributes) gives an error, never a broken file.
struct ExpectationText {
    private(set) var lines: [String]

    var text: String { lines.joined(separator: "\n") }

    init(text: String) {
        lines = text.components(separatedBy: "\n")
    }

    /// A file for an adapter that has none yet.
    static func newFile(adapter: String) throws -> String {
        let comment = try markup {
            try $0.comment(" \(adapter): written by 'cookie-harness update-expectations'; every DRAFT cause is to be reviewed against its transcript. ")
        }
        let root = try markup { writer in
            try writer.element("expectations", attributes: ["xmlns": SuiteSchema.namespace, "adapter": adapter]) {
                try writer.text("\n")
            }
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(comment)\n\(root)\n"
    }

    /// A new failure's entry: `observed=` the run's message, the cause a draft that quotes it.
    static func draftEntry(scenario: String, observed: String, message: String) throws -> String {
        try "  " + markup { writer in
            try writer.element("expect", attributes: ["scenario": scenario, "status": "fail", "observed": observed]) {
                try writer.text("DRAFT — review the cause. Observed: \(message)")
            }
        }
    }

    /// An own `status="pass"` entry, overriding an inherited failure.
    static func passEntry(scenario: String) throws -> String {
        try "  " + markup { try $0.element("expect", attributes: ["scenario": scenario, "status": "pass"]) }
    }

    /// Markup as libxml2's writer writes it, without the XML declaration it starts every document with.
    static func markup(_ body: (XMLStreamWriter) throws -> Void) throws -> String {
        let document = try XMLStreamWriter.string(indentation: nil, body)
        guard let declarationEnd = document.range(of: "?>") else { return document }
        return document[declarationEnd.upperBound...].trimmingCharacters(in: .newlines)
    }

    /// `name="value"` with the value escaped by libxml2's writer.
    static func attribute(_ name: String, _ value: String) throws -> String {
        let element = try markup { try $0.element("x", attributes: [name: value]) }
        // `<x name="…"/>`: the attribute is everything between the element name and the closing `/>`.
        return String(element.dropFirst("<x ".count).dropLast("/>".count))
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// `adapter=` of the root element, read cheaply to find an adapter's file in a folder (the file is parsed in
    /// full before it is edited).
    static func rootAdapter(in text: String) -> String? {
        guard let root = text.range(of: "<expectations"),
              let match = text[root.upperBound...].range(of: #"adapter="[^"]*""#, options: .regularExpression)
        else { return nil }
        return unescape(String(text[match].dropFirst("adapter=\"".count).dropLast()))
    }

    /// `scenario=` of the `<expect>` element starting on line `index`, if one does.
    private func scenario(onLine index: Int) -> String? {
        let line = lines[index]
        guard let start = line.range(of: "<expect "),
              let match = line[start.upperBound...].range(of: #"scenario="[^"]*""#, options: .regularExpression)
        else { return nil }
        return Self.unescape(String(line[match].dropFirst("scenario=\"".count).dropLast()))
    }

    /// The lines of the element starting on line `index`: up to the line that closes it.
    private func span(from index: Int) -> ClosedRange<Int> {
        var end = index
        while end < lines.count - 1, !Self.closes(lines[end], first: end == index) { end += 1 }
        return index...end
    }

    private static func closes(_ line: String, first: Bool) -> Bool {
        line.contains("</expect>") || line.trimmingCharacters(in: .whitespaces).hasSuffix("/>")
            || (first && line.range(of: #"<expect [^>]*/>"#, options: .regularExpression) != nil)
    }

    private func entryLine(_ scenario: String) -> Int? {
        lines.indices.first { self.scenario(onLine: $0) == scenario }
    }

    mutating func remove(scenario: String) {
        guard let line = entryLine(scenario) else { return }
        lines.removeSubrange(span(from: line))
    }

    /// Inserts `entry` before the first entry whose scenario sorts after `scenario`, or before `</expectations>`.
    mutating func insert(_ entry: String, scenario: String) {
        for index in lines.indices {
            if let other = self.scenario(onLine: index), other > scenario {
                lines.insert(entry, at: index)
                return
            }
            if lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("</expectations>") {
                lines.insert(entry, at: index)
                return
            }
        }
        // A file whose root is empty (`<expectations …/>`): open it.
        if let root = lines.firstIndex(where: { $0.contains("<expectations") && $0.hasSuffix("/>") }) {
            lines[root].removeLast(2)
            lines[root] += ">"
            lines.insert(contentsOf: [entry, "</expectations>"], at: root + 1)
        }
    }

    /// Sets `observed=` of the scenario's entry (adding it when missing) and puts a review comment before it.
    /// - Parameter old: The entry's `observed=` as parsed, quoted in the comment.
    mutating func setObserved(_ observed: String, old: String?, scenario: String) throws {
        guard let line = entryLine(scenario) else { return }
        let attribute = try Self.attribute("observed", observed)
        let indent = String(lines[line].prefix { $0 == " " })
        let comment: String
        if let range = lines[line].range(of: #"observed="[^"]*""#, options: .regularExpression) {
            lines[line].replaceSubrange(range, with: attribute)
            comment = " review: the failure changed (was observed=\"\(old ?? "")\"); update the cause if it no longer holds "
        } else if let range = lines[line].range(of: "status=\"fail\"") {
            lines[line].replaceSubrange(range, with: "status=\"fail\" \(attribute)")
            comment = " review: observed= added from a run; check the cause against it "
        } else {
            return
        }
        lines.insert(indent + (try Self.markup { try $0.comment(comment) }), at: line)
    }
}
