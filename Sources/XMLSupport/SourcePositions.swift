/// Where each start tag and each of its attributes begins in a well-formed UTF-8 document.
///
/// libxml2 2.9 records for an element only the line on which its start tag *ends*, no column, and nothing at all
/// for attributes. Errors are most useful when they point at the `<` of a tag or the name of an attribute, so this
/// light scanner walks the bytes libxml2 has already accepted and lists start tags in document order; the caller
/// pairs them with libxml2's elements by that order and falls back to libxml2's lines if the two disagree.
struct SourcePositions {
    struct Position: Hashable {
        var line: Int
        var column: Int
    }

    struct Tag {
        var name: String
        var position: Position
        var attributes: [(name: String, position: Position)]
    }

    private(set) var tags: [Tag] = []

    /// Returns `nil` when the bytes are not UTF-8 or do not scan as expected (then positions come from libxml2).
    init?(utf8 bytes: [UInt8]) {
        let tags: [Tag]? = bytes.withUnsafeBufferPointer { buffer in
            guard UTF8Check.isUTF8(buffer) else { return nil }
            var stream = TagStream()
            var tags: [Tag] = []
            while let tag = stream.next(in: buffer, from: 0) { tags.append(tag) }
            return stream.failed ? nil : tags
        }
        guard let tags else { return nil }
        self.tags = tags
    }

    /// The same scan, one start tag at a time, over a window that slides along the document: for a caller that
    /// pairs the document with its tags piece by piece (``XMLStreamReader``) and so never holds the whole file,
    /// nor the whole file's table.
    ///
    /// The caller checks the bytes are UTF-8 (``UTF8Check``).
    struct TagStream {
        /// Where the scan has reached, from the start of the document: bytes before it are no longer needed.
        private(set) var offset = 0
        private var line = 1
        private var column = 1
        /// Set when the bytes stopped scanning as expected; ``next(in:from:)`` then returns nil for good.
        private(set) var failed = false

        /// The next start tag in document order, scanned from `bytes`, which hold the document from offset `base`
        /// on and must reach past that tag; nil at the end of `bytes` or once the scan has failed.
        mutating func next(in bytes: UnsafeBufferPointer<UInt8>, from base: Int) -> Tag? {
            guard !failed, offset >= base else {
                failed = true
                return nil
            }
            var scanner = Scanner(bytes: bytes, index: offset - base, line: line, column: column)
            // A byte-order mark is not part of the first line's columns.
            if offset == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.index = 3 }
            let step = scanner.nextTag()
            (offset, line, column) = (base + scanner.index, scanner.line, scanner.column)
            switch step {
            case .tag(let tag): return tag
            case .end: return nil
            case .failed:
                failed = true
                return nil
            }
        }
    }

    /// Whether bytes are UTF-8 without NUL, checked in pieces as they arrive: NUL never occurs in UTF-8 XML but
    /// fills UTF-16 text, which the scanner does not read.
    struct UTF8Check {
        /// The start of a sequence cut at the end of the last piece.
        private var pending: [UInt8] = []
        private(set) var isValid = true

        static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var check = UTF8Check()
            check.add(bytes)
            return check.finish()
        }

        /// Checks the next piece of the bytes.
        mutating func add(_ piece: UnsafeBufferPointer<UInt8>) {
            guard isValid, !piece.isEmpty else { return }
            guard !piece.contains(0) else {
                isValid = false
                return
            }
            if pending.isEmpty {
                check(piece)
            } else {
                check(pending + piece)
            }
        }

        /// Parses `bytes` but a sequence cut at their end, which is kept back for the next piece.
        private mutating func check<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) where Bytes.Index == Int {
            var cut = bytes.endIndex
            for back in 1...min(3, bytes.count) {
                let byte = bytes[bytes.endIndex - back]
                guard byte & 0xC0 == 0x80 else {
                    let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                    if length > back { cut = bytes.endIndex - back }
                    break
                }
            }
            isValid = Self.parses(bytes[..<cut])
            pending = Array(bytes[cut...])
        }

        private static func parses(_ bytes: some Sequence<UInt8>) -> Bool {
            var iterator = bytes.makeIterator()
            var parser = Unicode.UTF8.ForwardParser()
            while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid: continue
                case .emptyInput: return true
                case .error: return false
                }
            }
        }

        /// Whether all the bytes were UTF-8, none cut short at the end.
        mutating func finish() -> Bool {
            if !pending.isEmpty { isValid = false }
            return isValid
        }
    }
}

private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int
    var line: Int
    var column: Int

    init(bytes: UnsafeBufferPointer<UInt8>, index: Int, line: Int, column: Int) {
        self.bytes = bytes
        self.index = index
        self.line = line
        self.column = column
    }

    var position: SourcePositions.Position { .init(line: line, column: column) }
    var atEnd: Bool { index >= bytes.count }

    /// Moves past one byte, counting lines at LF (as libxml2 does) and columns in Unicode scalars.
    mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            // Only the lead byte of a multi-byte sequence counts; continuation bytes (10xxxxxx) do not.
            column += 1
        }
    }

    func peek(_ literal: String) -> Bool {
        let utf8 = Array(literal.utf8)
        return index + utf8.count <= bytes.count && bytes[index..<index + utf8.count].elementsEqual(utf8)
    }

    /// Advances past the next occurrence of `literal`; false if it never occurs.
    mutating func skip(past literal: String) -> Bool {
        while !atEnd {
            if peek(literal) {
                for _ in literal.utf8 { advance() }
                return true
            }
            advance()
        }
        return false
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    mutating func skipSpaces() {
        while !atEnd, Self.isSpace(bytes[index]) { advance() }
    }

    mutating func name() -> String {
        let start = index
        while !atEnd {
            let byte = bytes[index]
            if Self.isSpace(byte) || byte == UInt8(ascii: "=") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "/")
            {
                break
            }
            advance()
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Skips a quoted literal starting at the current quote character.
    mutating func skipQuoted() -> Bool {
        let quote = bytes[index]
        advance()
        while !atEnd, bytes[index] != quote { advance() }
        guard !atEnd else { return false }
        advance()
        return true
    }

    /// Skips `<!DOCTYPE …>`, including an internal subset whose declarations may contain `>` in quotes.
    mutating func skipDoctype() -> Bool {
        var depth = 0
        while !atEnd {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                guard skipQuoted() else { return false }
                continue
            }
            if depth > 0, peek("<!--") {
                guard skip(past: "-->") else { return false }
                continue
            }
            if depth > 0, peek("<?") {
                guard skip(past: "?>") else { return false }
                continue
            }
            advance()
            if byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: "]") { depth -= 1 }
            if byte == UInt8(ascii: ">"), depth == 0 { return true }
        }
        return false
    }

    enum Step {
        case tag(SourcePositions.Tag)
        case end
        case failed
    }

    /// Scans up to and including the next start tag.
    mutating func nextTag() -> Step {
        while !atEnd {
            guard bytes[index] == UInt8(ascii: "<") else {
                advance()
                continue
            }
            if peek("<?") {
                guard skip(past: "?>") else { return .failed }
            } else if peek("<!--") {
                guard skip(past: "-->") else { return .failed }
            } else if peek("<![CDATA[") {
                guard skip(past: "]]>") else { return .failed }
            } else if peek("<!") {
                guard skipDoctype() else { return .failed }
            } else if peek("</") {
                guard skip(past: ">") else { return .failed }
            } else {
                guard let tag = scanStartTag() else { return .failed }
                return .tag(tag)
            }
        }
        return .end
    }

    mutating func scanStartTag() -> SourcePositions.Tag? {
        let start = position
        advance()  // "<"
        var tag = SourcePositions.Tag(name: name(), position: start, attributes: [])
        while true {
            skipSpaces()
            guard !atEnd else { return nil }
            if bytes[index] == UInt8(ascii: ">") {
                advance()
                return tag
            }
            if peek("/>") {
                advance()
                advance()
                return tag
            }
            let attributeStart = position
            let attributeName = name()
            guard !attributeName.isEmpty else { return nil }
            skipSpaces()
            guard !atEnd, bytes[index] == UInt8(ascii: "=") else { return nil }
            advance()
            skipSpaces()
            guard !atEnd, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
            guard skipQuoted() else { return nil }
            tag.attributes.append((attributeName, attributeStart))
        }
    }
}
