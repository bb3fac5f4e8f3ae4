import Foundation

/// Splits a JSON array into the bytes of its elements as a file streams in, so that a results file (823 MB for a
/// million scenarios) is never held whole: each element is handed on alone, and only elements are bounded.
///
/// Only the array's structure is checked here (objects as elements, commas, the closing bracket, nothing after
/// it); each element's own JSON is left to its decoder.
struct JSONArrayElements {
    /// What is wrong with the array, for ``JSONResultsFile`` to put in its message.
    struct Problem: Error {
        var message: String
        /// The file starts with `<`: XML (a JUnit report given for the JSON results, both being in Reports/).
        var isXML = false
        /// An element past ``maximumElementSize``: a results file, but one this reader refuses.
        var isTooLarge = false
    }

    private enum State {
        case beforeArray, beforeFirstElement, beforeElement, inElement, afterElement, done
    }

    private var state = State.beforeArray
    private var element: [UInt8] = []
    private var depth = 0
    private var inString = false
    private var escaped = false
    /// Elements handed on so far: the index of the next one.
    private(set) var count = 0
    let maximumElementSize: Int

    init(maximumElementSize: Int) {
        self.maximumElementSize = maximumElementSize
    }

    /// Reads `bytes`, handing each element completed in them to `body` with its index.
    mutating func feed(_ bytes: UnsafeRawBufferPointer, _ body: (Int, [UInt8]) throws -> Void) throws {
        guard let base = bytes.baseAddress else { return }
        var index = 0
        while index < bytes.count {
            if case .inElement = state, inString, !escaped {
                // The bulk of a results file is string contents (transcripts): copied up to the next quote or
                // backslash in one step, not byte by byte.
                let remaining = bytes.count - index
                let start = base + index
                let quote = memchr(start, 0x22, remaining).map { start.distance(to: UnsafeRawPointer($0)) } ?? remaining
                let backslash = memchr(start, 0x5C, quote).map { start.distance(to: UnsafeRawPointer($0)) } ?? quote
                element.append(contentsOf: UnsafeRawBufferPointer(start: base + index, count: backslash))
                index += backslash
                if element.count > maximumElementSize {
                    throw Problem(message: "record [\(count)] is larger than the limit of \(maximumElementSize) bytes", isTooLarge: true)
                }
                if index == bytes.count { return }
            }
            let byte = bytes[index]
            index += 1
            switch state {
            case .inElement:
                element.append(byte)
                if inString {
                    if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                } else if byte == UInt8(ascii: "\"") {
                    inString = true
                } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    depth += 1
                } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    depth -= 1
                    if depth == 0 {
                        try body(count, element)
                        count += 1
                        element.removeAll(keepingCapacity: element.capacity <= 1 << 20)
                        state = .afterElement
                    }
                }
                if element.count > maximumElementSize {
                    throw Problem(message: "record [\(count)] is larger than the limit of \(maximumElementSize) bytes", isTooLarge: true)
                }
            case _ where Self.isSpace(byte):
                continue
            case .beforeArray where byte == 0xEF || byte == 0xBB || byte == 0xBF:
                continue  // a UTF-8 byte order mark
            case .beforeArray:
                guard byte == UInt8(ascii: "[") else {
                    throw Problem(message: "at the top level: expected a JSON array ('[')", isXML: byte == UInt8(ascii: "<"))
                }
                state = .beforeFirstElement
            case .beforeFirstElement where byte == UInt8(ascii: "]"):
                state = .done
            case .beforeFirstElement, .beforeElement:
                guard byte == UInt8(ascii: "{") else { throw Problem(message: "at [\(count)]: expected a result record (a JSON object)") }
                element = [byte]
                depth = 1
                state = .inElement
            case .afterElement:
                if byte == UInt8(ascii: ",") {
                    state = .beforeElement
                } else if byte == UInt8(ascii: "]") {
                    state = .done
                } else {
                    throw Problem(message: "after [\(count - 1)]: expected ',' or ']'")
                }
            case .done:
                throw Problem(message: "after the array: unexpected data")
            }
        }
    }

    /// Checks that the array was closed.
    func finish() throws {
        switch state {
        case .done: return
        case .beforeArray: throw Problem(message: "at the top level: the file is empty, not a JSON array")
        default: throw Problem(message: "at [\(count)]: the file ends before the array is closed")
        }
    }

    /// JSON's white space.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
