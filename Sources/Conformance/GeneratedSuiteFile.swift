import Foundation
import XMLSupport

/// What the corpus importers share when they write a generated suite or expectation file.
enum GeneratedSuiteFile {
    /// Writes the document `body` streams to `path` atomically, its folder made first; nothing is left on an error.
    static func write(to path: String, _ body: (XMLStreamWriter) throws -> Void) throws {
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        let writer = try XMLStreamWriter(writingTo: path)
        do {
            try body(writer)
            try writer.finish()
        } catch {
            writer.cancel()
            throw error
        }
    }

    /// XML 1.0's `Char` production.
    static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// A `Set-Cookie` line for `encoding="percent"`: `%` and every character XML 1.0 cannot carry as `%XX` octets,
    /// and, with `controls`, every other control character but TAB too (a CR or LF in XML text would be read back
    /// as a line feed).
    static func percentEncoded(_ line: String, controls: Bool = false) -> String {
        var encoded = ""
        for scalar in line.unicodeScalars {
            if scalar != "%", isXMLCharacter(scalar), !controls || scalar.value >= 0x20 || scalar == "\t" {
                encoded.unicodeScalars.append(scalar)
            } else {
                for octet in String(scalar).utf8 { encoded += "%" + (octet < 16 ? "0" : "") + String(octet, radix: 16, uppercase: true) }
            }
        }
        return encoded
    }
}
