/// A block of generated text inside a hand-written document (the README's truth table, its agreement figures),
/// between two marker lines: `<!-- NAME:begin -->` and `<!-- NAME:end -->`, each a line of its own, so a command
/// can regenerate the block and a test can compare it with a fresh run.
public struct MarkedBlock: Sendable {
    /// The line before the block.
    public let beginMarker: String
    /// The line after it.
    public let endMarker: String

    public init(name: String) {
        beginMarker = "<!-- \(name):begin -->"
        endMarker = "<!-- \(name):end -->"
    }

    /// What stands between the marker lines of `document` (each on a line of its own), every line ending in a line
    /// break; nil when the markers are missing, repeated or out of order.
    public func block(in document: String) -> String? {
        range(in: document).map { String(document[$0]) }
    }

    /// `document` with the text between the marker lines replaced by `block` (given a final line break if it has
    /// none); nil when the markers are missing, repeated or out of order.
    public func replacingBlock(in document: String, with block: String) -> String? {
        guard let range = range(in: document) else { return nil }
        var document = document
        document.replaceSubrange(range, with: block.hasSuffix("\n") ? block : block + "\n")
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
    /// Where `line` stands as a whole line, its line break included.
    fileprivate func ranges(ofLine line: String) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        var start = startIndex
        while start < endIndex {
            let end = self[start...].firstIndex(of: "\n").map { index(after: $0) } ?? endIndex
            if self[start..<end].trimmingSuffix("\n") == line[...] { found.append(start..<end) }
            start = end
        }
        return found
    }
}

extension Substring {
    fileprivate func trimmingSuffix(_ suffix: Character) -> Substring {
        last == suffix ? dropLast() : self
    }
}
