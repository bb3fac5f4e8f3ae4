import Foundation

/// The targets of this repository's `Package.swift`, read as text: each one's name, kind and `dependencies:`.
///
/// `swift package dump-package` would be exact, but inside `swift test` it waits forever on the build lock the test
/// run holds. So this reads the one shape `Package.swift` is written in — `.target(name: "X", dependencies: ["A"],
/// …)` in the `targets:` list of `Package(…)` — and throws, naming the target, on anything else rather than guess.
struct PackageManifest {
    enum Kind: String, CaseIterable {
        case target, executableTarget, systemLibrary, testTarget
    }

    struct Target: Equatable {
        let name: String
        let kind: Kind
        /// As listed, in order.
        let dependencies: [String]
    }

    struct ParseError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = "Package.swift: " + description }
    }

    let targets: [Target]

    init(text: String) throws(ParseError) {
        let code = SwiftText(withoutComments: text)
        guard let call = code.firstIndex(of: "= Package("), let close = code.closing(call + "= Package".count) else {
            throw ParseError("no 'let package = Package(…)' with balanced parentheses")
        }
        let arguments = try Self.labelled(code.items(in: call + "= Package(".count..<close), of: "Package(…)")
        guard let list = arguments["targets"] else { throw ParseError("Package(…) has no 'targets:' argument") }
        guard list.first == "[", list.last == "]" else { throw ParseError("'targets:' is not a [ … ] list") }
        let elements = SwiftText(list)
        var targets: [Target] = []
        for element in elements.items(in: 1..<(elements.count - 1)) {
            let target = try Self.target(element)
            guard !targets.contains(where: { $0.name == target.name }) else {
                throw ParseError("target '\(target.name)' is declared twice")
            }
            targets.append(target)
        }
        guard !targets.isEmpty else { throw ParseError("'targets:' lists no target") }
        self.targets = targets
    }

    /// One element of `targets:`: `.kind(name: "X", dependencies: ["A", "B"], …)`.
    private static func target(_ element: String) throws(ParseError) -> Target {
        let shown = element.count > 80 ? String(element.prefix(80)) + "…" : element
        guard element.hasPrefix("."), let open = element.firstIndex(of: "(") else {
            throw ParseError("cannot read the element '\(shown)' of 'targets:' as '.kind(name: …)'")
        }
        let kindName = String(element[element.index(after: element.startIndex)..<open])
        guard let kind = Kind(rawValue: kindName) else {
            throw ParseError(
                "'.\(kindName)(…)' is a kind of target this reader does not know (it reads \(Kind.allCases.map { ".\($0.rawValue)" }.joined(separator: ", "))): '\(shown)'")
        }
        let text = SwiftText(element)
        let openIndex = element.distance(from: element.startIndex, to: open)
        guard text.closing(openIndex) == text.count - 1 else {
            throw ParseError("the element '\(shown)' of 'targets:' does not end with the parenthesis that closes '.\(kindName)('")
        }
        let arguments = try labelled(text.items(in: (openIndex + 1)..<(text.count - 1)), of: ".\(kindName)(…)")
        guard let nameValue = arguments["name"], let name = stringLiteral(nameValue) else {
            throw ParseError("'\(shown)' has no 'name: \"…\"'")
        }
        var dependencies: [String] = []
        if let list = arguments["dependencies"] {
            guard list.first == "[", list.last == "]" else {
                throw ParseError("target '\(name)': 'dependencies:' is not a [ … ] list")
            }
            let items = SwiftText(list)
            for item in items.items(in: 1..<(items.count - 1)) {
                guard let dependency = stringLiteral(item) else {
                    throw ParseError(
                        "target '\(name)': the dependency '\(item)' is not a plain \"Name\" (this reader takes only target names as strings)")
                }
                dependencies.append(dependency)
            }
        }
        return Target(name: name, kind: kind, dependencies: dependencies)
    }

    /// `label: value` arguments by label; an unlabelled or repeated one throws.
    private static func labelled(_ items: [String], of call: String) throws(ParseError) -> [String: String] {
        var arguments: [String: String] = [:]
        for item in items {
            guard let colon = item.firstIndex(of: ":"),
                  item[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), colon != item.startIndex
            else { throw ParseError("\(call): an argument without a label: '\(item.prefix(80))'") }
            let label = String(item[..<colon])
            guard arguments[label] == nil else { throw ParseError("\(call): '\(label):' is given twice") }
            arguments[label] = item[item.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return arguments
    }

    /// The contents of `"…"` without escapes or interpolation, or nil.
    private static func stringLiteral(_ text: String) -> String? {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return nil }
        let inner = text.dropFirst().dropLast()
        guard !inner.contains("\""), !inner.contains("\\") else { return nil }
        return String(inner)
    }
}

/// Swift source as characters, for finding brackets and commas outside string literals.
private struct SwiftText {
    let characters: [Character]
    var count: Int { characters.count }

    init(_ text: String) { characters = Array(text) }

    /// The text with `//` and `/* */` comments removed; string literals are kept as written.
    init(withoutComments text: String) {
        let input = Array(text)
        var output: [Character] = []
        var index = 0
        var inString = false
        while index < input.count {
            let character = input[index]
            let next: Character? = index + 1 < input.count ? input[index + 1] : nil
            if inString {
                output.append(character)
                if character == "\\", let next {
                    output.append(next)
                    index += 2
                    continue
                }
                if character == "\"" { inString = false }
            } else if character == "/", next == "/" {
                while index < input.count, input[index] != "\n" { index += 1 }
                continue
            } else if character == "/", next == "*" {
                index += 2
                while index + 1 < input.count, !(input[index] == "*" && input[index + 1] == "/") { index += 1 }
                index += 2
                continue
            } else {
                if character == "\"" { inString = true }
                output.append(character)
            }
            index += 1
        }
        characters = output
    }

    /// Where `needle` first starts, as a character offset.
    func firstIndex(of needle: String) -> Int? {
        let pattern = Array(needle)
        guard pattern.count <= count else { return nil }
        return (0...(count - pattern.count)).first { Array(characters[$0..<($0 + pattern.count)]) == pattern }
    }

    /// The offset of the bracket that closes the one at `open`.
    func closing(_ open: Int) -> Int? {
        var found: Int?
        walk(open..<count) { index, depth in
            guard depth == 0 else { return true }
            found = index
            return false
        }
        return found
    }

    /// The comma-separated items in `range` at its own bracket depth, trimmed; an empty one (a trailing comma) is
    /// dropped.
    func items(in range: Range<Int>) -> [String] {
        var cuts = [range.lowerBound - 1]
        walk(range) { index, depth in
            if depth == 0, characters[index] == "," { cuts.append(index) }
            return true
        }
        cuts.append(range.upperBound)
        return zip(cuts, cuts.dropFirst())
            .map { String(characters[($0 + 1)..<$1]).trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
    }

    /// Calls `visit` with each offset in `range` outside string literals and the bracket depth after its character
    /// (counted from the start of `range`), until `visit` returns false.
    private func walk(_ range: Range<Int>, _ visit: (_ index: Int, _ depth: Int) -> Bool) {
        var depth = 0
        var inString = false
        var index = range.lowerBound
        while index < range.upperBound {
            let character = characters[index]
            if inString {
                if character == "\\" { index += 1 } else if character == "\"" { inString = false }
            } else {
                if character == "\"" {
                    inString = true
                } else if "([{".contains(character) {
                    depth += 1
                } else if ")]}".contains(character) {
                    depth -= 1
                }
                if !visit(index, depth) { return }
            }
            index += 1
        }
    }
}
