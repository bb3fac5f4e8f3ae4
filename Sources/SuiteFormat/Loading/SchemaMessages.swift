import Foundation
import HarnessCore
import XMLSupport

/// libxml2's schema messages rewritten for a suite author.
///
/// libxml2 writes `Element '{urn:cookieharness:suite:1}laod': This element is not expected. Expected is one of (
/// {urn:…}ref, … )`; a person wants `<laod> is not expected here; did you mean <load>?`. So: the `{urn:…}`
/// namespace noise goes, a misspelt element or attribute gets the closest name the schema allows there, an
/// enumeration or a boolean lists its accepted values, and libxml2's second message about the same value (`… is
/// not a valid value of the atomic type …` after the enumeration's) is dropped. A message of another shape keeps
/// its words, without the namespaces.
struct SchemaMessages: Sendable {
    /// Attribute names each element may carry, from the schema (the union over the element's declarations).
    let attributesByElement: [String: Set<String>]
    /// Every attribute name the schema declares, for an element it does not know.
    let allAttributes: Set<String>
    /// The elements a document may start with (`suite`, `expectations`).
    let rootElements: [String]

    init(schemaFile: String) {
        var byElement: [String: Set<String>] = [:]
        var all: Set<String> = []
        var roots: [String] = []
        if let tree = try? XMLTree.parse(contentsOf: schemaFile) {
            let top = tree.root.elements
            roots = top.filter { $0.unprefixedName == "element" }.compactMap { $0[attribute: "name"] }
            let types = Dictionary(top.filter { $0.unprefixedName == "complexType" }.compactMap { e in e[attribute: "name"].map { ($0, e) } },
                                   uniquingKeysWith: { a, _ in a })
            let groups = Dictionary(top.filter { $0.unprefixedName == "attributeGroup" }.compactMap { e in e[attribute: "name"].map { ($0, e) } },
                                    uniquingKeysWith: { a, _ in a })
            func attributes(of element: XMLTree.Element, depth: Int = 0) -> Set<String> {
                guard depth < 20 else { return [] }
                var names: Set<String> = []
                for child in element.elements {
                    switch child.unprefixedName {
                    case "attribute":
                        if let name = child[attribute: "name"] ?? child[attribute: "ref"] { names.insert(Self.local(name)) }
                    case "attributeGroup":
                        if let ref = child[attribute: "ref"], let group = groups[Self.local(ref)] { names.formUnion(attributes(of: group, depth: depth + 1)) }
                    case "extension", "restriction":
                        if let base = child[attribute: "base"], let type = types[Self.local(base)] { names.formUnion(attributes(of: type, depth: depth + 1)) }
                        names.formUnion(attributes(of: child, depth: depth + 1))
                    case "complexType", "simpleContent", "complexContent":
                        names.formUnion(attributes(of: child, depth: depth + 1))
                    default: break
                    }
                }
                return names
            }
            func walk(_ element: XMLTree.Element) {
                if element.unprefixedName == "element", let name = element[attribute: "name"] {
                    var names = attributes(of: element)
                    if let type = element[attribute: "type"], let declared = types[Self.local(type)] { names.formUnion(attributes(of: declared)) }
                    byElement[name, default: []].formUnion(names)
                }
                if element.unprefixedName == "attribute", let name = element[attribute: "name"] { all.insert(name) }
                element.elements.forEach(walk)
            }
            walk(tree.root)
        }
        attributesByElement = byElement
        allAttributes = all
        rootElements = roots
    }

    /// The diagnostics with readable messages, libxml2's repeat about an enumeration's value left out.
    func readable(_ diagnostics: [XMLDiagnostic]) -> [XMLDiagnostic] {
        var result: [XMLDiagnostic] = []
        var enumerationPlaces: Set<String> = []
        for diagnostic in diagnostics {
            let place = "\(diagnostic.line):\(diagnostic.column)"
            if diagnostic.message.contains("[facet 'enumeration']") { enumerationPlaces.insert(place) }
            if diagnostic.message.contains("is not a valid value of the atomic type"), !diagnostic.message.contains("'xs:boolean'"),
               enumerationPlaces.contains(place) {
                continue
            }
            var readable = diagnostic
            readable.message = rewrite(diagnostic.message)
            result.append(readable)
        }
        return result
    }

    /// One message, rewritten.
    func rewrite(_ raw: String) -> String {
        let message = Self.withoutNamespaces(raw)
        // Element 'laod': This element is not expected. Expected is one of ( ref, load ).
        if let m = Self.match(#"^Element '([^']+)': This element is not expected\. Expected is (?:one of )?\( ([^)]*) \)\.?$"#, message) {
            let expected = m[2].components(separatedBy: ", ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let suggestion = Self.closest(to: m[1], in: expected).map { "; did you mean <\($0)>?" } ?? ""
            return "<\(m[1])> is not expected here\(suggestion) (expected \(expected.count == 1 ? "" : "one of ")\(expected.map { "<\($0)>" }.joined(separator: ", ")))"
        }
        // Element 'load', attribute 'ulr': The attribute 'ulr' is not allowed.
        if let m = Self.match(#"^Element '([^']+)', attribute '([^']+)': The attribute '[^']+' is not allowed\.?$"#, message) {
            let allowed = attributesByElement[m[1]] ?? allAttributes
            let suggestion = Self.closest(to: m[2], in: allowed.sorted()).map { "; did you mean '\($0)'?" } ?? ""
            let list = allowed.isEmpty ? "" : " (<\(m[1])> takes \(allowed.sorted().joined(separator: ", ")))"
            return "<\(m[1])> does not take attribute '\(m[2])'\(suggestion)\(list)"
        }
        // Element 'expect', attribute 'status': [facet 'enumeration'] The value 'fial' is not an element of the set {'pass', 'fail'}.
        if let m = Self.match(#"^Element '([^']+)'(?:, attribute '([^']+)')?: \[facet 'enumeration'\] The value '([^']*)' is not an element of the set \{(.*)\}\.?$"#, message) {
            let values = Self.match(all: #"'([^']*)'"#, m[4])
            let subject = m[2].isEmpty ? "<\(m[1])>" : "<\(m[1]) \(m[2])=…>"
            let suggestion = Self.closest(to: m[3], in: values).map { "; did you mean '\($0)'?" } ?? ""
            return "\(subject): '\(m[3])' is not one of the accepted values: \(values.joined(separator: ", "))\(suggestion)"
        }
        // Element 'expect-native-store', attribute 'secure': 'yes' is not a valid value of the atomic type 'xs:boolean'.
        if let m = Self.match(#"^Element '([^']+)'(?:, attribute '([^']+)')?: '([^']*)' is not a valid value of the atomic type 'xs:boolean'\.?$"#, message) {
            let subject = m[2].isEmpty ? "<\(m[1])>" : "<\(m[1]) \(m[2])=…>"
            return "\(subject): '\(m[3])' is not a boolean; the accepted values are true, false, 1 and 0"
        }
        // Element 'suit': No matching global declaration available for the validation root.
        if let m = Self.match(#"^Element '([^']+)': No matching global declaration available for the validation root\.?$"#, message) {
            let suggestion = Self.closest(to: m[1], in: rootElements).map { "; did you mean <\($0)>?" } ?? ""
            let list = rootElements.isEmpty ? "" : " (a document starts with \(rootElements.map { "<\($0)>" }.joined(separator: " or ")))"
            // A JUnit report written into a suite folder: the fix is to move it, not to add a namespace.
            if m[1] == "testsuites" || m[1] == "testsuite" {
                return "<\(m[1])> starts a JUnit report, not a suite: a report written into a suite folder is loaded as a suite; "
                    + "move it out (and write reports elsewhere, e.g. Reports/)"
            }
            guard raw.contains("{") else {
                // No namespace at all: the usual slip is the missing xmlns, not the name.
                return "<\(m[1])> has no namespace: write <\(rootElements.contains(m[1]) ? m[1] : "suite") xmlns=\"\(SuiteSchema.namespace)\" …>"
                    + (rootElements.contains(m[1]) ? "" : "\(suggestion)\(list)")
            }
            return "<\(m[1])> cannot start a document\(suggestion)\(list)"
        }
        // Element 'load': The attribute 'url' is required but missing.
        if let m = Self.match(#"^Element '([^']+)': The attribute '([^']+)' is required but missing\.?$"#, message) {
            return "<\(m[1])> needs attribute '\(m[2])'"
        }
        // Element 'scenario': Missing child element(s). Expected is ( title ).
        if let m = Self.match(#"^Element '([^']+)': Missing child element\(s\)\. Expected is (?:one of )?\( ([^)]*) \)\.?$"#, message) {
            let expected = m[2].components(separatedBy: ", ").map { "<\($0.trimmingCharacters(in: .whitespaces))>" }
            return "<\(m[1])> is missing a child element: expected \(expected.count == 1 ? "" : "one of ")\(expected.joined(separator: ", "))"
        }
        // Element 'scenario': Duplicate key-sequence ['bad.one'] in unique identity-constraint 'unique-scenario-id'.
        if let m = Self.match(#"^Element '([^']+)': Duplicate key-sequence \['([^']*)'\] in unique identity-constraint '([^']+)'\.?$"#, message) {
            return "<\(m[1])>: '\(m[2])' is used twice in this file (\(m[3].replacingOccurrences(of: "-", with: " ")) must be unique)"
        }
        return message
    }

    /// libxml2's count of the diagnostics it dropped, from its closing line; nil for another message.
    static func droppedCount(_ message: String) -> Int? {
        guard let m = match(#"^and ([0-9]+) more diagnostics in this file"#, message) else { return nil }
        return Int(m[1])
    }

    // MARK: Text

    /// `{urn:cookieharness:suite:1}load` → `load`.
    static func withoutNamespaces(_ text: String) -> String {
        text.replacingOccurrences(of: #"\{[^{}\s]*\}"#, with: "", options: .regularExpression)
    }

    private static func local(_ qualified: String) -> String {
        qualified.split(separator: ":").last.map(String.init) ?? qualified
    }

    /// The candidate nearest `word` by edit distance, when it is near enough to be a misspelling of it.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let scored = candidates.filter { $0 != word }.map { ($0, distance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(1, min(word.count, best.0.count) / 3) ? best.0 : nil
    }

    /// Damerau–Levenshtein distance (optimal string alignment): a swapped pair (`laod`) counts as one edit.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }

    private static func match(_ pattern: String, _ text: String) -> [String]? {
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators]),
              let result = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        else { return nil }
        return (0..<result.numberOfRanges).map { index in
            Range(result.range(at: index), in: text).map { String(text[$0]) } ?? ""
        }
    }

    private static func match(all pattern: String, _ text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
