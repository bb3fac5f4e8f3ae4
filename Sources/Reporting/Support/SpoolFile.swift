/// Records of strings written to an invisible scratch file and read back once, in order.
///
/// A report whose header needs totals (JUnit's `tests`, `failures`, ... attributes come before the test cases)
/// would otherwise have to hold every result in memory until the end. Spooling keeps memory flat whatever the
/// size of the run: each record goes to disk as it arrives and is read back one at a time when the totals are
/// known. The format is private to one process (length-prefixed UTF-8, native byte order), as the file is
/// unlinked at creation and dies with the process.
final class SpoolFile {
    private let file: TemporaryFile
    private var isReading = false

    /// Creates the spool in the directory of `destination`, which also proves that directory writable early.
    ///
    /// - Throws: `ReportError` `.writeFailed` with the system's reason.
    init(nextTo destination: String) throws {
        file = try TemporaryFile(nextTo: destination, purpose: "spool")
    }

    /// Appends one record.
    ///
    /// - Throws: `ReportError` `.invalidUse` once reading has begun, `.writeFailed` on I/O failure.
    func append(_ fields: [String]) throws {
        guard !isReading else {
            throw ReportError(code: .invalidUse, message: "spool appended to after reading began",
                              file: file.destination)
        }
        try file.write(fields.count)
        for field in fields {
            try file.write(field.utf8.count)
            try file.write(field)
        }
    }

    /// Reads the next record, starting from the first on the first call; nil after the last.
    ///
    /// - Throws: `ReportError` `.writeFailed` on I/O failure or a truncated record.
    func next() throws -> [String]? {
        if !isReading {
            try file.rewind()
            isReading = true
        }
        guard let count = try file.readInt() else { return nil }
        var fields: [String] = []
        fields.reserveCapacity(count)
        for _ in 0..<count {
            guard let length = try file.readInt(), length >= 0 else { throw truncated() }
            let bytes = try [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
                guard try file.read(into: UnsafeMutableRawBufferPointer(buffer)) else { throw truncated() }
                initialized = length
            }
            fields.append(String(decoding: bytes, as: UTF8.self))
        }
        return fields
    }

    /// Closes and forgets the spool.
    func discard() { file.discard() }

    private func truncated() -> ReportError {
        ReportError(code: .writeFailed, message: "spool ended in the middle of a record", file: file.destination)
    }
}
