import CookieModel
import HarnessCore
import XMLSupport

/// `<set-cookie>` and `<native-set-cookie>` text, byte for byte when the author asks for it.
///
/// By default a line is trimmed like every other suite text (editors indent and wrap). `xml:space="preserve"` keeps
/// the text exactly, character references included, so `x=1&#13;` ends in a CR; `encoding="percent"` then decodes
/// `%XX`, so octets XML 1.0 cannot carry at all (NUL, most C0 controls) can be written. Lines are text to the
/// model, so the decoded octets must be UTF-8.
extension SuiteReader {
    /// The line the element denotes, or nil after recording why it denotes none.
    mutating func setCookieLine(_ element: XMLTree.Element) -> String? {
        // The schema lets in any attribute of the XML namespace (it does not import the W3C's xml.xsd to name
        // xml:space alone); xml:lang, xml:base and xml:id would mean nothing to a line, so they are refused.
        if let other = element.attributes.first(where: { $0.name.hasPrefix("xml:") && $0.name != "xml:space" }) {
            error(at: other, "\(other.name)= means nothing on a Set-Cookie line: only xml:space= is read here")
            return nil
        }
        var preserve = false
        if let space = element.attribute(named: "xml:space") {
            switch SuiteText.trimmed(space.value) {
            case "preserve": preserve = true
            case "default": preserve = false
            default:
                error(at: space, "xml:space=\"\(space.value)\" must be default or preserve")
                return nil
            }
        }
        let text = preserve ? element.text : SuiteText.trimmed(element.text)
        guard let encoding = element.attribute(named: "encoding") else { return text }
        switch SuiteText.trimmed(encoding.value) {
        case "text":
            return text
        case "percent":
            switch Self.percentDecoded(text) {
            case .success(let line):
                return line
            case .failure(let problem):
                error(at: element, "encoding=\"percent\": \(problem.description)")
                return nil
            }
        default:
            error(at: encoding, "encoding=\"\(encoding.value)\" must be text or percent")
            return nil
        }
    }

    /// Records an error when a route's line cannot travel on the wire the route declares.
    mutating func checkWireLine(_ line: String, of element: XMLTree.Element) {
        guard let problem = HTTPFieldValue.problem(with: line) else { return }
        error(
            at: element,
            "Set-Cookie line \(line.debugDescription) cannot be delivered on the wire: \(problem); to hand it to the "
                + "store's parser byte for byte, write delivery=\"parser\" on the <route>"
        )
    }

    /// Records an error when a header value cannot travel in HTTP/1.1 (headers are never parser input).
    mutating func checkHeaderValue(_ value: String, of attribute: XMLTree.Attribute) {
        guard let bad = HTTPFieldValue.forbiddenCharacter(in: value) else { return }
        error(
            at: attribute,
            "header value \(value.debugDescription) contains \(HTTPFieldValue.codePoint(bad)), which no HTTP/1.1 field "
                + "value can carry (RFC 9110 §5.5)"
        )
    }

    struct PercentProblem: Error, CustomStringConvertible {
        var description: String
    }

    /// `text` with every `%XX` replaced by its octet; the result must be UTF-8.
    static func percentDecoded(_ text: String) -> Result<String, PercentProblem> {
        var octets: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                octets.append(byte)
                continue
            }
            guard input.count >= 2, let high = hexValue(input[input.startIndex]),
                  let low = hexValue(input[input.startIndex + 1])
            else {
                let offset = text.utf8.count - input.count - 1
                return .failure(PercentProblem(
                    description: "the \"%\" at octet \(offset) is not followed by two hex digits (write a literal \"%\" as %25)"
                ))
            }
            octets.append(high << 4 | low)
            input = input.dropFirst(2)
        }
        guard let line = String(validating: octets, as: UTF8.self) else {
            return .failure(PercentProblem(
                description: "the decoded octets are not UTF-8 (a Set-Cookie line is carried as text): \""
                    + octets.map(escaped).joined() + "\""
            ))
        }
        return .success(line)
    }

    /// Printable ASCII as itself, anything else as `\xHH`.
    private static func escaped(_ octet: UInt8) -> String {
        switch octet {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): "\\" + String(UnicodeScalar(octet))
        case 0x20..<0x7F: String(UnicodeScalar(octet))
        default: "\\x" + (octet < 16 ? "0" : "") + String(octet, radix: 16, uppercase: true)
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
