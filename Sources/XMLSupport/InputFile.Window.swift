import FileAccess
import Foundation

extension InputFile {
    /// A document read front to back in pieces as libxml2 asks for them, keeping only the bytes not yet scanned
    /// for positions, so a streamed file is never whole in memory (``XMLStreamReader``).
    ///
    /// The size limit and the refusal of FIFOs and devices are ``InputFile/read(_:maximumSize:)``'s; the bytes are
    /// checked to be UTF-8 as they arrive, since positions are scanned from them.
    final class Window {
        private enum Source {
            case file(Int32)
            case memory(Data)
        }

        let file: String
        private let source: Source
        private let maximumSize: Int
        /// The bytes read and not yet dropped; `bytes[0]` is the document's byte at offset ``start``.
        private(set) var bytes: [UInt8] = []
        private(set) var start = 0
        private var utf8 = SourcePositions.UTF8Check()
        /// Why the reading stopped early (an I/O error, the size limit, not UTF-8); then libxml2 saw an error.
        private(set) var failure: String?

        /// Opens a file.
        /// - Throws: `XMLSupportError` `.unreadableInput` or `.inputTooLarge`, as ``InputFile/read(_:maximumSize:)``.
        init(contentsOf path: String, maximumSize: Int) throws {
            file = path
            source = .file(try XMLSupportError.converting { try InputFile.open(path, maximumSize: maximumSize) })
            self.maximumSize = maximumSize
        }

        /// Reads bytes already in memory the same way.
        init(_ data: Data, file: String, maximumSize: Int) {
            self.file = file
            source = .memory(data)
            self.maximumSize = maximumSize
        }

        deinit {
            if case .file(let fd) = source { close(fd) }
        }

        /// The offset just past the last byte read.
        var end: Int { start + bytes.count }

        /// Whether everything read was UTF-8 (call once the end is reached).
        func endsAsUTF8() -> Bool { utf8.finish() }

        /// Fills `buffer` with up to `count` next bytes and keeps a copy; 0 at the end, -1 after a failure.
        func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
            guard failure == nil, let base = buffer.baseAddress else { return -1 }
            var count: Int
            switch source {
            case .file(let fd):
                repeat { count = Glibc.read(fd, base, buffer.count) } while count < 0 && errno == EINTR
                if count < 0 {
                    failure = String(cString: strerror(errno))
                    return -1
                }
            case .memory(let data):
                count = min(buffer.count, data.count - end)
                let from = data.startIndex + end  // a slice of other data does not start at 0
                data.copyBytes(to: base.assumingMemoryBound(to: UInt8.self), from: from..<from + count)
            }
            let piece = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count)
            guard end + count <= min(maximumSize, Int(Int32.max)) else {
                failure = "input is larger than the limit"
                return -1
            }
            utf8.add(piece)
            guard utf8.isValid else {
                failure = "not UTF-8"
                return -1
            }
            bytes.append(contentsOf: piece)
            return count
        }

        /// Forgets the bytes before `offset`, which no one will read again.
        func drop(before offset: Int) {
            let count = min(offset, end) - start
            guard count > 0 else { return }
            bytes.removeFirst(count)
            start += count
        }
    }
}
