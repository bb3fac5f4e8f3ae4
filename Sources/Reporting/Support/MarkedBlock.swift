/// A block of generated text inside a hand-written document (docs/results/truth-table.md, the agreement figures),
/// between two marker lines: `<!-- NAME:begin -->` and `<!-- NAME:end -->`, each a line of its own, so a command
/// can regenerate the block and a test can compare it with a fresh run. A document with CRLF line ends (edited on
/// Windows) is read the same, and a block written into it gets its line ends.
package struct MarkedBlock: Sendable {
    /// The line before the block.
    package let beginMarker: String
    /// The line after it.
    package let endMarker: String

    package init(name: String) {
        beginMarker = "<!-- \(name):begin -->"
        endMarker = "<!-- \(name):end -->"
    }

    /// What stands between the marker lines of `document` (each on a line of its own), every line ending in a line
    /// break (`\n`, whatever the document uses); nil when the markers are missing, repeated or out of order.
    package func block(in document: String) -> String? {
        range(in: document).map { String(document[$0]).replacingOccurrences(of: "\r\n", with: "\n") }
    }

    /// `document` with the text between the marker lines replaced by `block` (given a final line break if it has
    /// none); nil when the markers are missing, repeated or out of order.
    package func replacingBlock(in document: String, with block: String) -> String? {
        guard let range = range(in: document) else { return nil }
        var text = block.hasSuffix("\n") ? block : block + "\n"
        // The begin marker's own line end says the document's: a CRLF document keeps CRLF throughout.
        if document[..<range.lowerBound].last == "\r\n" {
            text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
        }
        var document = document
        document.replaceSubrange(range, with: text)
        return document
    }

    private func range(in document: String) -> Range<String.Index>? {
        let begins = document.ranges(ofLine: beginMarker)
        let ends = document.ranges(ofLine: endMarker)
        guard begins.count == 1, ends.count == 1, begins[0].upperBound <= ends[0].lowerBound else { return nil }
        return begins[0].upperBound..<ends[0].lowerBound
    }
}

extension String {
    /// Where `line` stands as a whole line, its line break (`\n` or `\r\n`, one Character in Swift) included.
    fileprivate func ranges(ofLine line: String) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        var start = startIndex
        while start < endIndex {
            let end = self[start...].firstIndex(where: \.isLineEnd).map { index(after: $0) } ?? endIndex
            let text = self[start..<end]
            if (text.last?.isLineEnd == true ? text.dropLast() : text) == line[...] { found.append(start..<end) }
            start = end
        }
        return found
    }
}

extension Character {
    fileprivate var isLineEnd: Bool { self == "\n" || self == "\r\n" }
}
