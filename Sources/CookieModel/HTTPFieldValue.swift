/// What an HTTP/1.1 header field value can carry (RFC 9110 §5.5), decided once for every transport.
///
/// A field value never contains CR, LF or NUL, and its leading and trailing space and HTAB are not part of it
/// (a recipient strips them). A `Set-Cookie` line that breaks either rule cannot reach a cookie store over HTTP:
/// a suite must hand it to the store's parser directly (`delivery="parser"`), and a transport that can only speak
/// HTTP refuses it rather than send something else.
public enum HTTPFieldValue {
    /// The first character a field value can never contain (CR, LF, NUL), or nil.
    public static func forbiddenCharacter(in value: String) -> Unicode.Scalar? {
        value.unicodeScalars.first { $0 == "\r" || $0 == "\n" || $0 == "\0" }
    }

    /// Why `value` cannot travel as a field value on the wire, or nil when it can.
    public static func problem(with value: String) -> String? {
        if let bad = forbiddenCharacter(in: value) {
            return "it contains \(codePoint(bad)), which no HTTP/1.1 field value can carry (RFC 9110 §5.5)"
        }
        if let edge = value.unicodeScalars.first, isOptionalWhitespace(edge) {
            return "it starts with \(codePoint(edge)), which a recipient strips from a field value (RFC 9110 §5.5)"
        }
        if let edge = value.unicodeScalars.last, isOptionalWhitespace(edge) {
            return "it ends with \(codePoint(edge)), which a recipient strips from a field value (RFC 9110 §5.5)"
        }
        return nil
    }

    /// `value` as a recipient takes it: without leading and trailing space and HTAB.
    public static func strippingOptionalWhitespace(_ value: String) -> String {
        let scalars = value.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isOptionalWhitespace($0) }),
              let last = scalars.lastIndex(where: { !isOptionalWhitespace($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    /// `U+000D`: how the messages name a character.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private static func isOptionalWhitespace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }
}
