import Foundation

/// A `Set-Cookie` line after parsing (RFC 6265bis §5.6): a name, a value, and the attributes in the order they came.
///
/// Parsing never consults the jar; the storage model (§5.7) decides what the attributes mean for it, taking the last
/// occurrence of each attribute.
public struct ParsedSetCookie: Sendable, Hashable {
    public var name: String
    public var value: String
    public var attributes: [CookieAttribute]

    /// The last attribute matching `pick` (§5.7: "the last attribute in the cookie-attribute-list with …").
    public func last<T>(_ pick: (CookieAttribute) -> T?) -> T? {
        for attribute in attributes.reversed() {
            if let value = pick(attribute) { return value }
        }
        return nil
    }
}

/// One entry of the cookie-attribute-list, already interpreted by §5.6.1–§5.6.7.
public enum CookieAttribute: Sendable, Hashable {
    /// Expires (§5.6.1), already capped at 400 days after the parse time.
    case expires(Date)
    /// Max-Age (§5.6.2) as an expiry time; `Date.distantPast` for a delta of zero or less.
    case maxAge(Date)
    /// Domain (§5.6.3): leading dot removed, ASCII lower-cased; may be empty.
    case domain(String)
    /// Path (§5.6.4): the value if it starts with "/", otherwise the request's default-path.
    case path(String)
    case secure
    case httpOnly
    case sameSite(SameSite)
}

/// The Set-Cookie parsing algorithm of RFC 6265bis §5.6.
public enum SetCookieParser {
    /// Name plus value may not exceed this many octets (§5.6 step 5, §5.7 step 4).
    public static let maximumNameValueOctets = 4096
    /// A longer attribute value makes the parser ignore that attribute (§5.6 step 5 of the attribute loop).
    public static let maximumAttributeValueOctets = 1024
    /// Expires and Max-Age are capped at this many seconds after the parse time (§5.6.1, §5.6.2).
    public static let maximumAge: TimeInterval = 400 * 86_400

    /// Parses a Set-Cookie field value received for `requestPath` at `now`; `nil` when §5.6 ignores the line.
    public static func parse(_ line: String, requestPath: String, now: Date) -> ParsedSetCookie? {
        parse(bytes: Array(line.utf8), requestPath: requestPath, now: now)
    }

    /// Parses raw field-value octets (which need not be UTF-8); `nil` when §5.6 ignores the line.
    ///
    /// - Parameters:
    ///   - lifetimeCap: how far after `now` Expires and Max-Age may reach (``maximumAge``, §5.6.1); nil for none (a
    ///     user agent without the cap, such as libsoup).
    ///   - attributeValueLimit: a longer attribute value is ignored (``maximumAttributeValueOctets``, §5.6); nil
    ///     for none (Apple's jar, as WebKit's bots record it).
    public static func parse(
        bytes: [UInt8], requestPath: String, now: Date, lifetimeCap: TimeInterval? = maximumAge,
        attributeValueLimit: Int? = maximumAttributeValueOctets
    ) -> ParsedSetCookie? {
        bytes.withUnsafeBufferPointer { line in
            var attributes: [CookieAttribute] = []
            // One allocation for the usual handful of attributes, instead of one per doubling.
            attributes.reserveCapacity(8)
            guard let pair = parse(
                line, requestPath: requestPath, now: now, lifetimeCap: lifetimeCap,
                attributeValueLimit: attributeValueLimit, attribute: { attributes.append($0) }
            ) else { return nil }
            return ParsedSetCookie(name: string(pair.name), value: string(pair.value), attributes: attributes)
        }
    }

    /// The name and value octets of a line as §5.6 cuts them.
    typealias Octets = Slice<UnsafeBufferPointer<UInt8>>

    /// §5.6 over the line's octets, without building a ``ParsedSetCookie``: reports each attribute in order to
    /// `attribute` and returns the name and value octets (slices of `line`), or nil when §5.6 ignores the line.
    /// The jar stores through this directly, so a line costs no array of its octets and no attribute list.
    static func parse(
        _ line: UnsafeBufferPointer<UInt8>, requestPath: String, now: Date, lifetimeCap: TimeInterval?,
        attributeValueLimit: Int? = maximumAttributeValueOctets, attribute: (CookieAttribute) -> Void
    ) -> (name: Octets, value: Octets)? {
        let bytes = line[...]
        // Step 1: a control character other than HTAB rejects the whole line. (One pass finds those and whether
        // the line is all ASCII.)
        var isASCII = true
        for byte in line {
            if isForbiddenControl(byte) { return nil }
            if byte >= 0x80 { isASCII = false }
        }
        // §5.7 step 1 lets a user agent ignore any cookie. This jar keeps names, values and paths as text, so it
        // ignores a line that is not UTF-8: it could not send the same octets back, and lossy decoding would grow
        // a pair past the 4096-octet limit.
        // (An all-ASCII line, the usual case, is valid without building a String of it.)
        guard isASCII || String(validating: bytes, as: UTF8.self) != nil else { return nil }

        // Step 2: the name-value-pair runs up to the first ";".
        let firstSemicolon = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
        let pair = bytes[..<firstSemicolon]

        // Step 3: without "=", the whole pair is the value and the name is empty.
        let nameBytes: Octets
        let valueBytes: Octets
        if let equals = pair.firstIndex(of: UInt8(ascii: "=")) {
            nameBytes = trimWhitespace(pair[..<equals])
            valueBytes = trimWhitespace(pair[(equals + 1)...])
        } else {
            nameBytes = pair[pair.startIndex..<pair.startIndex]
            valueBytes = trimWhitespace(pair)
        }
        // Step 5: name plus value over 4096 octets rejects the line.
        guard nameBytes.count + valueBytes.count <= maximumNameValueOctets else { return nil }

        var rest = bytes[firstSemicolon...]
        while let semicolon = rest.first, semicolon == UInt8(ascii: ";") {
            rest = rest.dropFirst()
            let end = rest.firstIndex(of: UInt8(ascii: ";")) ?? rest.endIndex
            let av = rest[..<end]
            rest = rest[end...]

            let attributeName: Octets
            let attributeValue: Octets
            if let equals = av.firstIndex(of: UInt8(ascii: "=")) {
                attributeName = trimWhitespace(av[..<equals])
                attributeValue = trimWhitespace(av[(equals + 1)...])
            } else {
                attributeName = trimWhitespace(av)
                attributeValue = av[av.endIndex...]
            }
            if let attributeValueLimit, attributeValue.count > attributeValueLimit { continue }
            if let interpreted = interpret(
                lifetimeCap: lifetimeCap, name: attributeName, value: attributeValue, requestPath: requestPath, now: now
            ) {
                attribute(interpreted)
            }
        }
        return (nameBytes, valueBytes)
    }

    /// §5.6.1–§5.6.7: one attribute, or nil when it is unknown or its value makes the parser ignore it.
    private static func interpret(
        lifetimeCap: TimeInterval?, name: Octets, value: Octets, requestPath: String, now: Date
    ) -> CookieAttribute? {
        // Compared in place, octet by octet: no lower-cased String of every attribute name.
        if equalsIgnoringASCIICase(name, "expires") {
            guard let date = CookieDate.parse(bytes: Array(value)) else { return nil }
            return .expires(lifetimeCap.map { min(date, now + $0) } ?? date)
        } else if equalsIgnoringASCIICase(name, "max-age") {
            return maxAge(value, now: now, cap: lifetimeCap ?? uncappedMaximumAge).map(CookieAttribute.maxAge)
        } else if equalsIgnoringASCIICase(name, "domain") {
            // §5.6.3 (RFC 6265's "ignore an empty Domain" is gone): an empty value is kept, and as the last Domain
            // attribute it makes the cookie host-only (§5.7 step 7).
            var domain = value
            if domain.first == UInt8(ascii: ".") { domain = domain.dropFirst() }
            return .domain(asciiLowercased(domain))
        } else if equalsIgnoringASCIICase(name, "path") {
            guard value.first == UInt8(ascii: "/") else { return .path(CookieURL.defaultPath(of: requestPath)) }
            return .path(string(value))
        } else if equalsIgnoringASCIICase(name, "secure") {
            return .secure
        } else if equalsIgnoringASCIICase(name, "httponly") {
            return .httpOnly
        } else if equalsIgnoringASCIICase(name, "samesite") {
            if equalsIgnoringASCIICase(value, "none") { return .sameSite(.none) }
            if equalsIgnoringASCIICase(value, "strict") { return .sameSite(.strict) }
            if equalsIgnoringASCIICase(value, "lax") { return .sameSite(.lax) }
            return .sameSite(.default)
        }
        return nil
    }

    /// Whether `bytes` lower-cased (ASCII only) are exactly `lowercase`'s octets.
    private static func equalsIgnoringASCIICase(_ bytes: Octets, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        let expected = lowercase.utf8Start
        var offset = 0
        for byte in bytes {
            guard asciiLowercase(byte) == expected[offset] else { return false }
            offset += 1
        }
        return true
    }

    /// Where Max-Age stops counting without a cap: about 31,700 years, far past any clock a test moves.
    static let uncappedMaximumAge: TimeInterval = 1e12

    /// §5.6.2: `-`? DIGIT+; anything else is ignored; `<= 0` is the earliest time; capped at `cap` (400 days).
    private static func maxAge(_ value: Octets, now: Date, cap: TimeInterval) -> Date? {
        guard let first = value.first, first == UInt8(ascii: "-") || isDigit(first) else { return nil }
        let digits = first == UInt8(ascii: "-") ? value.dropFirst() : value
        guard !digits.isEmpty, digits.allSatisfy(isDigit) else { return nil }
        if first == UInt8(ascii: "-") || digits.allSatisfy({ $0 == UInt8(ascii: "0") }) { return .distantPast }
        var seconds = 0.0
        for digit in digits {
            seconds = seconds * 10 + Double(digit - 0x30)
            if seconds > cap { return now + cap }
        }
        return now + seconds
    }

    // MARK: - Octet helpers

    /// %x00-08 / %x0A-1F / %x7F: the control characters that reject a line (HTAB is allowed).
    static func isForbiddenControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09) || byte == 0x7F
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// WSP = SP / HTAB (RFC 5234).
    private static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    static func trimWhitespace(_ bytes: Octets) -> Octets {
        var slice = bytes
        while let first = slice.first, isWhitespace(first) { slice = slice.dropFirst() }
        while let last = slice.last, isWhitespace(last) { slice = slice.dropLast() }
        return slice
    }

    static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    /// Written straight into the String (no intermediate array): a short one, such as an attribute name, is stored
    /// inline and allocates nothing. The input is valid UTF-8 (checked at step 1), and lower-casing ASCII keeps it so.
    private static func asciiLowercased(_ bytes: Octets) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for (offset, byte) in bytes.enumerated() { buffer[offset] = asciiLowercase(byte) }
            return bytes.count
        }
    }

    /// Octets as a String; invalid UTF-8 becomes U+FFFD rather than failing (the jar must accept any bytes).
    static func string<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        String(decoding: bytes, as: UTF8.self)
    }
}
