/// The PASS/FAIL lines one `-expected.txt` of WebKit's layout tests records for a WPT test file, read per subtest.
///
/// A line is `PASS NAME`, or `FAIL NAME MESSAGE` (also `TIMEOUT`, `NOTRUN`, `PRECONDITION_FAILED`); names hold
/// spaces, so a line is matched against the subtest names the corpus knows, the longest that fits. A FAIL of
/// `assert_equals` quotes both values as testharness.js prints them (`expected "a=1" but got ""`), which
/// ``Outcome/fail(message:expected:got:)`` keeps decoded.
package struct WPTRecordedResults: Sendable {
    /// What the port recorded for one subtest.
    package enum Outcome: Sendable, Hashable {
        case pass
        /// `got` is the value the port's `document.cookie` showed, when the message quotes it as a string.
        case fail(message: String, expected: String?, got: String?)
        /// TIMEOUT, NOTRUN and the like, with the rest of the line.
        case other(status: String, message: String)

        package var isPass: Bool { self == .pass }
    }

    /// The corpus file the lines come from (`recorded/apple/cookies/name/name-expected.txt`).
    package let file: String
    package let lines: [String]

    package init(text: String, file: String) {
        self.file = file
        self.lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    static let statuses = ["PASS", "FAIL", "TIMEOUT", "NOTRUN", "PRECONDITION_FAILED"]

    /// The outcome of each of `names` the file records (a name it does not record is absent).
    package func outcomes(for names: [String]) -> [String: Outcome] {
        // Names by their first word, longest first: a line is then tried against a few names, not all of them.
        var byFirstWord: [Substring: [String]] = [:]
        for name in Set(names) { byFirstWord[name.split(separator: " ").first ?? "", default: []].append(name) }
        for key in byFirstWord.keys { byFirstWord[key]?.sort { $0.utf8.count > $1.utf8.count } }
        var found: [String: Outcome] = [:]
        for line in lines {
            guard let status = Self.statuses.first(where: { line.hasPrefix($0 + " ") }) else { continue }
            let rest = line.dropFirst(status.count + 1)
            let candidates = byFirstWord[rest.split(separator: " ").first ?? ""] ?? []
            guard let name = candidates.first(where: { rest == $0 || rest.hasPrefix($0 + " ") }), found[name] == nil else {
                continue
            }
            let message = String(rest.dropFirst(name.count)).trimmingLeadingSpace
            switch status {
            case "PASS": found[name] = .pass
            case "FAIL":
                let (expected, got) = Self.quotedValues(message)
                found[name] = .fail(message: message, expected: expected, got: got)
            default: found[name] = .other(status: status, message: message)
            }
        }
        return found
    }

    /// `… expected "X" but got "Y"` → (X, Y), each decoded from testharness.js's quoting; nil where not a string.
    static func quotedValues(_ message: String) -> (expected: String?, got: String?) {
        let scalars = Array(message.unicodeScalars)
        func find(_ marker: String, from start: Int) -> Int? {
            let wanted = Array(marker.unicodeScalars)
            guard scalars.count >= wanted.count else { return nil }
            var index = start
            while index + wanted.count <= scalars.count {
                if Array(scalars[index..<index + wanted.count]) == wanted { return index + wanted.count }
                index += 1
            }
            return nil
        }
        guard let afterExpected = find(" expected \"", from: 0),
              let (expected, end) = decodeString(scalars, from: afterExpected) else { return (nil, nil) }
        guard let afterGot = find(" but got \"", from: end),
              let (got, _) = decodeString(scalars, from: afterGot) else { return (expected, nil) }
        return (expected, got)
    }

    /// A string as testharness.js's `format_value` writes it, from just after its opening quote to its closing one:
    /// `\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, `\v`, `\0`, `\xHH`, `\uHHHH`. Returns the text and the index after the
    /// closing quote.
    static func decodeString(_ scalars: [Unicode.Scalar], from start: Int) -> (String, Int)? {
        var result = String.UnicodeScalarView()
        var index = start
        func hex(_ count: Int) -> Unicode.Scalar? {
            guard index + count < scalars.count else { return nil }
            let digits = String(String.UnicodeScalarView(scalars[(index + 1)...(index + count)]))
            guard let value = UInt32(digits, radix: 16) else { return nil }
            index += count
            return Unicode.Scalar(value)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\"" { return (String(result), index + 1) }
            if scalar == "\\", index + 1 < scalars.count {
                index += 1
                switch scalars[index] {
                case "n": result.append("\n")
                case "r": result.append("\r")
                case "t": result.append("\t")
                case "b": result.append("\u{08}")
                case "f": result.append("\u{0C}")
                case "v": result.append("\u{0B}")
                case "0": result.append("\u{00}")
                case "x":
                    guard let value = hex(2) else { return nil }
                    result.append(value)
                case "u":
                    guard let value = hex(4) else { return nil }
                    result.append(value)
                default: result.append(scalars[index])
                }
            } else {
                result.append(scalar)
            }
            index += 1
        }
        return nil
    }
}

extension String {
    fileprivate var trimmingLeadingSpace: String { String(drop { $0 == " " }) }
}
