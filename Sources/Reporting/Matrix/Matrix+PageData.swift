import HarnessCore

/// The cells of the page's folded column groups, as one JSON object the page's script reads when a person opens a
/// group: a few characters per cell instead of an element per cell.
///
/// `groups[g]` lists group `g`'s columns in page order, each with its `label`, whether its messages open to the
/// `left`, the `classes` its cells carry (group, and where a group or family starts), its `cells` (one letter per
/// row, rows in page order: `a` + outcome × 4 + unexpected × 2 + security failure, outcomes numbered pass, fail,
/// skip, error; `q` not run) and, for every cell that is not a plain pass, in row order, an index into `details`.
/// A detail is `[kind, message, location, note]`, indexes into `strings` (-1: none). Repeated messages and
/// details are written once, and a string is its sentences, indexes into `pieces` (``sentences(_:)``): a main
/// job's 5,705 distinct messages and notes were 2.0 MB, mostly the same expectation reasons and observations in new
/// combinations; their 4,438 distinct sentences are 0.4 MB.
///
/// The text is made visible first (``ReportText/visible(_:)``), like everything else on the page, and the JSON
/// writes `<`, `>` and `&` as `\u003c`, `\u003e`, `\u0026`: no message can end the script element or a CDATA
/// section, and an XML parser reads the element's text as it is. The script puts it into the page as text only.
extension Matrix {
    func pageData(labels: [String], groups: [[(column: Int, opensLeft: Bool, classes: String)]]) -> String {
        var strings: [[Int]] = []
        var stringIndex: [String: Int] = [:]
        var pieces: [Substring] = []
        var pieceIndex: [Substring: Int] = [:]
        func string(_ text: String?) -> Int {
            guard let text else { return -1 }
            let visible = ReportText.visible(text)
            if let known = stringIndex[visible] { return known }
            strings.append(Self.sentences(visible).map { piece in
                if let known = pieceIndex[piece] { return known }
                pieces.append(piece)
                pieceIndex[piece] = pieces.count - 1
                return pieces.count - 1
            })
            stringIndex[visible] = strings.count - 1
            return strings.count - 1
        }
        var details: [[Int]] = []
        var detailIndex: [[Int]: Int] = [:]
        let pageRows = displaySuiteOrder.flatMap { suites[$0].rows }
        let outcomeNumber: [Cell.Outcome: Int] = [.pass: 0, .fail: 1, .skip: 2, .error: 3]

        var json = "{\"groups\":["
        for (groupNumber, group) in groups.enumerated() {
            if groupNumber > 0 { json += "," }
            json += "["
            for (position, place) in group.enumerated() {
                var letters = String.UnicodeScalarView()
                var cellDetails: [Int] = []
                for row in pageRows {
                    guard let cell = row.cells[place.column] else {
                        letters.append("q")
                        continue
                    }
                    let code = outcomeNumber[cell.outcome]! * 4 + (cell.isUnexpected ? 2 : 0)
                        + (cell.isSecurityFailure ? 1 : 0)
                    letters.append(Unicode.Scalar(UInt8(97 + code)))
                    guard cell.outcome != .pass || cell.isUnexpected else { continue }
                    let detail = [string(cell.kind), string(cell.displayMessage), string(cell.location),
                                  string(cell.expectationNote)]
                    if let known = detailIndex[detail] {
                        cellDetails.append(known)
                    } else {
                        details.append(detail)
                        detailIndex[detail] = details.count - 1
                        cellDetails.append(details.count - 1)
                    }
                }
                if position > 0 { json += "," }
                json += "{\"label\":\(Self.jsonString(ReportText.visible(labels[place.column]))),"
                json += "\"left\":\(place.opensLeft ? 1 : 0),"
                json += "\"classes\":\(Self.jsonString(place.classes)),"
                json += "\"cells\":\"\(String(letters))\","
                json += "\"details\":[\(cellDetails.map(String.init).joined(separator: ","))]}"
            }
            json += "]"
        }
        json += "],\"details\":["
        json += details.map { "[\($0.map(String.init).joined(separator: ","))]" }.joined(separator: ",")
        json += "],\"strings\":["
        json += strings.map { "[\($0.map(String.init).joined(separator: ","))]" }.joined(separator: ",")
        json += "],\"pieces\":["
        json += pieces.map { Self.jsonString(String($0)) }.joined(separator: ",")
        json += "]}"
        return json
    }

    /// `text` cut after each `. `, `: ` and `; `, every piece keeping its own spaces, so that joined they are
    /// `text` again.
    static func sentences(_ text: String) -> [Substring] {
        var pieces: [Substring] = []
        var start = text.startIndex
        var previous: UInt8 = 0
        // Octets: a cut after an ASCII space is always between two characters.
        for index in text.utf8.indices {
            let octet = text.utf8[index]
            let cutsAfter = previous == UInt8(ascii: ".") || previous == UInt8(ascii: ":")
                || previous == UInt8(ascii: ";")
            if octet == UInt8(ascii: " "), cutsAfter {
                let end = text.utf8.index(after: index)
                pieces.append(text[start..<end])
                start = end
            }
            previous = octet
        }
        if start < text.endIndex || pieces.isEmpty { pieces.append(text[start...]) }
        return pieces
    }

    /// A JSON string that is also safe as the text of an HTML or XHTML `<script>` element.
    static func jsonString(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
