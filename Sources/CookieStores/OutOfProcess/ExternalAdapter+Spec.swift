import Foundation

extension ExternalAdapter {
    /// Reads a user's description `NAME=COMMAND ARGS…`, e.g. from `--external 'mine=python3 ./mine/adapter.py -v'`.
    ///
    /// The command is split into arguments the way a POSIX shell splits words, without expansions: blanks
    /// separate arguments; `'…'` keeps everything literally; `"…"` keeps everything but `\"` and `\\`; a
    /// backslash outside quotes escapes the next character. A name is letters, digits and `. _ - @ +`, starting
    /// with a letter or digit (so it can appear in a file name and a JUnit classname).
    ///
    /// - Parameters:
    ///   - spec: The description.
    ///   - requestTimeout: The per-request time limit for the adapter.
    ///   - startTimeout: The time limit for a new process's `start` handshake.
    /// - Throws: ``SpecError`` saying what is wrong, with the spec.
    package init(
        spec: String, requestTimeout: Duration = defaultRequestTimeout, startTimeout: Duration = defaultStartTimeout
    ) throws(SpecError) {
        guard let equals = spec.firstIndex(of: "=") else {
            throw SpecError(spec: spec, "expected NAME=COMMAND [ARGUMENTS...], found no '='")
        }
        let name = spec[..<equals].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw SpecError(spec: spec, "the adapter name before '=' is empty") }
        guard let first = name.unicodeScalars.first, Self.isNameStart(first),
              name.unicodeScalars.allSatisfy({ Self.isNameStart($0) || "._-@+".unicodeScalars.contains($0) })
        else {
            throw SpecError(
                spec: spec,
                "'\(name)' is not an adapter name (letters, digits and . _ - @ +, starting with a letter or digit)")
        }
        let command = try Self.splitWords(String(spec[spec.index(after: equals)...]), spec: spec)
        guard !command.isEmpty else { throw SpecError(spec: spec, "the command after '=' is empty") }
        self.init(name: name, command: command, requestTimeout: requestTimeout, startTimeout: startTimeout)
    }

    /// A description that could not be read: says what is wrong and repeats it.
    package struct SpecError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The description as given.
        package var spec: String
        /// What is wrong with it.
        package var message: String

        package init(spec: String, _ message: String) {
            self.spec = spec
            self.message = message
        }

        package var description: String { "invalid external adapter '\(spec)': \(message)" }
    }

    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar))
    }

    /// Shell-style word splitting without expansions (see ``init(spec:requestTimeout:startTimeout:)``).
    static func splitWords(_ text: String, spec: String) throws(SpecError) -> [String] {
        enum Quote { case none, single, double }
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote = Quote.none
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch quote {
            case .single:
                if scalar == "'" { quote = .none } else { word.unicodeScalars.append(scalar) }
            case .double:
                if scalar == "\"" {
                    quote = .none
                } else if scalar == "\\" {
                    guard let next = scalars.next() else { throw SpecError(spec: spec, "unterminated double quote") }
                    if next != "\"", next != "\\", next != "$", next != "`" { word.unicodeScalars.append("\\") }
                    word.unicodeScalars.append(next)
                } else {
                    word.unicodeScalars.append(scalar)
                }
            case .none:
                switch scalar {
                case " ", "\t", "\n":
                    if inWord { words.append(word) }
                    word = ""
                    inWord = false
                case "'":
                    quote = .single
                    inWord = true
                case "\"":
                    quote = .double
                    inWord = true
                case "\\":
                    guard let next = scalars.next() else { throw SpecError(spec: spec, "a backslash ends the command") }
                    word.unicodeScalars.append(next)
                    inWord = true
                default:
                    word.unicodeScalars.append(scalar)
                    inWord = true
                }
            }
        }
        switch quote {
        case .single: throw SpecError(spec: spec, "unterminated single quote")
        case .double: throw SpecError(spec: spec, "unterminated double quote")
        case .none: break
        }
        if inWord { words.append(word) }
        return words
    }
}
