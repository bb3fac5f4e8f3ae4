import Foundation

/// A Markdown file as the documentation tests read it: its headings and their anchors, the table under a heading,
/// and its links. Lines inside ``` fences are neither headings nor links.
struct MarkdownDocument {
    struct Link: Equatable {
        /// 1-based.
        let line: Int
        let target: String
    }

    struct FormatError: Error, CustomStringConvertible {
        let description: String
    }

    let name: String
    let lines: [String]
    /// Whether each line is inside a ``` fence (the fence lines included).
    private let fenced: [Bool]

    init(name: String, text: String) {
        self.name = name
        lines = text.components(separatedBy: "\n")
        var inFence = false
        fenced = lines.map { line in
            if line.hasPrefix("```") {
                inFence.toggle()
                return true
            }
            return inFence
        }
    }

    /// The anchors GitHub gives the headings: lower case, punctuation and emoji dropped, spaces as hyphens, a
    /// repeated one numbered (`-1`, `-2`).
    var anchors: Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        for (index, line) in lines.enumerated() where !fenced[index] && line.hasPrefix("#") {
            let text = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            let base = Self.anchor(text)
            let count = seen[base, default: 0]
            seen[base] = count + 1
            anchors.insert(count == 0 ? base : "\(base)-\(count)")
        }
        return anchors
    }

    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().unicodeScalars.compactMap { scalar -> Character? in
            if scalar == " " { return "-" }
            if scalar == "-" || scalar == "_" { return Character(scalar) }
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil { return Character(scalar) }
            return nil
        })
    }

    /// The table that follows the line `heading` (blank lines between allowed): its header cells and its rows'
    /// cells, trimmed, with the line number of each row.
    func table(under heading: String) throws(FormatError) -> (header: [String], rows: [(line: Int, cells: [String])]) {
        guard let start = lines.indices.first(where: { lines[$0] == heading && !fenced[$0] }) else {
            throw FormatError(description: "\(name): no heading '\(heading)'")
        }
        var index = start + 1
        while index < lines.count, !lines[index].hasPrefix("|") {
            guard fenced[index] || !lines[index].hasPrefix("#") else {
                throw FormatError(description: "\(name):\(index + 1): no table under '\(heading)' before the next heading")
            }
            index += 1
        }
        var tableLines: [(line: Int, text: String)] = []
        while index < lines.count, lines[index].hasPrefix("|") {
            tableLines.append((index + 1, lines[index]))
            index += 1
        }
        guard tableLines.count >= 2, Self.cells(tableLines[1].text).allSatisfy({ $0.allSatisfy { "-:".contains($0) } && !$0.isEmpty })
        else {
            throw FormatError(description: "\(name):\(tableLines.first?.line ?? index): the table under '\(heading)' has no header and |---| line")
        }
        return (Self.cells(tableLines[0].text), tableLines.dropFirst(2).map { (line: $0.line, cells: Self.cells($0.text)) })
    }

    /// The cells of a table row: split at `|` (not `\|`), the outer empty ones dropped, each trimmed.
    static func cells(_ row: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var previous: Character?
        for character in row {
            if character == "|", previous != "\\" {
                cells.append(current)
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        cells.append(current)
        if cells.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { cells.removeFirst() }
        if cells.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { cells.removeLast() }
        return cells.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Every inline link and image, `[text](target)`, outside fences and code spans.
    var links: [Link] {
        let regex = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)(?:\s+"[^"]*")?\)"#)
        var links: [Link] = []
        for (index, line) in lines.enumerated() where !fenced[index] {
            // Code spans hold text, not links: `a](b)` is not one. Their brackets stay, so [`x`](y) still is.
            let text = line.replacingOccurrences(of: "`[^`]*`", with: "``", options: .regularExpression)
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) {
                    links.append(Link(line: index + 1, target: String(text[range])))
                }
            }
        }
        return links
    }
}
