import CookieModel
import Foundation

/// A `Set-Cookie` line read as Apple's jar (CFNetwork's, under `HTTPCookieStorage` and WKWebView alike) reads it,
/// where WebKit's bots record it departing from RFC 6265bis §5.6 (``AppleJarRule`` lists each with its evidence):
///
/// - quotes bind: a `"` with a closing `"` later in the line opens a quoted run in which `;` and `=` do not
///   separate (`test="3zz;pp"` keeps `"3zz;pp"`); a `"` without a closing one is an ordinary character;
/// - a cookie without a name (no `=` outside quotes, or an empty name) is dropped, and so is a name holding a
///   quoted run (`"a=b"=test`);
/// - outside quotes, white space right after a `=` or `,` of the value is dropped (`test=1, baz=qux` is stored as
///   `test=1,baz=qux`);
/// - attribute values of any length are honoured (no 1024-octet limit).
///
/// The rest is §5.6 as the reference parser has it: a control character rejects the line, name plus value over 4096
/// octets rejects it, and each attribute is interpreted by §5.6.1–§5.6.7 (through ``SetCookieParser``).
public enum AppleSetCookieParser {
    /// The cookie the line describes, or why Apple's jar drops it. `sameSiteNoneReadAsStrict`: iOS 12's reading of
    /// SameSite, the 2016 same-site draft's ("Lax" is Lax, every other value Strict; WebKit bug 198181).
    public static func parse(
        _ line: String, requestPath: String, now: Date, lifetimeCap: TimeInterval?, sameSiteSupported: Bool,
        sameSiteNoneReadAsStrict: Bool = false
    ) -> Result<ParsedSetCookie, CookieRejection> {
        let bytes = Array(line.utf8)
        if bytes.contains(where: isForbiddenControl) { return .failure(.unparsable) }

        // The name-value pair ends at the first ';' outside a quoted run.
        let closing = closingQuotes(bytes)
        var index = 0
        var equals: Int?
        var nameHasQuotedRun = false
        while index < bytes.count, bytes[index] != UInt8(ascii: ";") {
            if bytes[index] == UInt8(ascii: "\""), let close = closing[index] {
                if equals == nil { nameHasQuotedRun = true }
                index = close + 1
                continue
            }
            if bytes[index] == UInt8(ascii: "="), equals == nil { equals = index }
            index += 1
        }
        let pairEnd = index
        guard let equals else { return .failure(.namelessCookie) }
        let name = trimmed(bytes[..<equals])
        guard !name.isEmpty else { return .failure(.namelessCookie) }
        if nameHasQuotedRun { return .failure(.quotedName) }
        let value = squeezed(trimmed(bytes[(equals + 1)..<pairEnd]))
        guard name.count + value.count <= SetCookieParser.maximumNameValueOctets else { return .failure(.unparsable) }

        // The attributes, by §5.6.1–§5.6.7, with no limit on a value's length.
        let attributeBytes = Array("x=y".utf8) + bytes[pairEnd...]
        guard var parsed = SetCookieParser.parse(
            bytes: attributeBytes, requestPath: requestPath, now: now, lifetimeCap: lifetimeCap, attributeValueLimit: nil
        ) else { return .failure(.unparsable) }
        guard let nameText = String(validating: name, as: UTF8.self),
              let valueText = String(validating: value, as: UTF8.self) else { return .failure(.unparsable) }
        parsed.name = nameText
        parsed.value = valueText
        if !sameSiteSupported {
            parsed.attributes.removeAll { if case .sameSite = $0 { true } else { false } }
        } else if sameSiteNoneReadAsStrict {
            parsed.attributes = parsed.attributes.map { attribute in
                if case .sameSite(let mode) = attribute, mode != .lax { .sameSite(.strict) } else { attribute }
            }
        }
        return .success(parsed)
    }

    /// For each `"` that has a later `"`, the index of that closing quote; runs do not nest or overlap.
    /// A line without a `"` (nearly every one) costs one `memchr`: 4 KB values made the scan dominate a run.
    static func closingQuotes(_ bytes: [UInt8]) -> [Int: Int] {
        guard contains(bytes, UInt8(ascii: "\"")) else { return [:] }
        var result: [Int: Int] = [:]
        var open: Int?
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\"") {
                if let start = open {
                    result[start] = index
                    open = nil
                } else {
                    open = index
                }
            }
            index += 1
        }
        return result
    }

    /// Whether `byte` occurs in `bytes` (`memchr`: a debug build's generic scan was the cost of a long line).
    static func contains(_ bytes: [UInt8], _ byte: UInt8) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, Int32(byte), buffer.count) != nil
        }
    }

    /// The value with white space after a `=` or `,` outside quoted runs removed.
    static func squeezed(_ value: [UInt8]) -> [UInt8] {
        // No white space: nothing to drop.
        guard contains(value, 0x20) || contains(value, 0x09) else { return value }
        let closing = closingQuotes(value)
        var result: [UInt8] = []
        result.reserveCapacity(value.count)
        var index = 0
        var skipsSpace = false
        while index < value.count {
            let byte = value[index]
            if byte == UInt8(ascii: "\""), let close = closing[index] {
                result += value[index...close]
                index = close + 1
                skipsSpace = false
                continue
            }
            if skipsSpace, byte == 0x20 || byte == 0x09 {
                index += 1
                continue
            }
            skipsSpace = byte == UInt8(ascii: "=") || byte == UInt8(ascii: ",")
            result.append(byte)
            index += 1
        }
        return result
    }

    static func trimmed(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var slice = bytes
        while let first = slice.first, first == 0x20 || first == 0x09 { slice.removeFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice.removeLast() }
        return Array(slice)
    }

    /// RFC 6265bis §5.6 step 1: %x00-08 / %x0A-1F / %x7F.
    static func isForbiddenControl(_ byte: UInt8) -> Bool { byte < 0x20 && byte != 0x09 || byte == 0x7F }

    /// The inverse of ``latin1(_:)`` for a header the jar writes: when every character fits one octet and those
    /// octets are UTF-8, the text they spell (the octets a server sent come back as they were); otherwise as it is.
    public static func onTheWire(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x80 }),
              text.unicodeScalars.allSatisfy({ $0.value <= 0xFF }) else { return text }
        let octets = text.unicodeScalars.map { UInt8($0.value) }
        return String(validating: octets, as: UTF8.self) ?? text
    }

    /// An HTTP field's octets as CFNetwork reads a header: one character per octet (ISO 8859-1), so a UTF-8 line
    /// becomes the characters of its bytes (`тест` arrives as `ÑÐµÑÑ`).
    public static func latin1(_ line: String) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in line.utf8 { scalars.append(Unicode.Scalar(byte)) }
        return String(scalars)
    }
}
