import FileAccess
import Foundation
import XMLSupport

/// The http-state test corpus (the IETF http-state working group's vectors behind RFC 6265), read from disk.
///
/// Layout (see the corpus' SOURCES.md): `parser/NAME-test` holds the `Set-Cookie:` (and optional `Location:`) lines
/// the server at `http://home.example.org:8888/cookie-parser?NAME` sends with a 302; `parser/NAME-expected` holds the
/// one `Cookie:` line the user agent must send on the redirected request; `dates/*.json` holds cookie-date vectors.
package struct HTTPStateCorpus: Sendable {
    package let root: URL
    package let parserCases: [HTTPStateParserCase]
    package let dateCases: [HTTPStateDateCase]

    /// Reads the corpus under `path` (the folder holding `parser/` and `dates/`).
    /// - Throws: ``HTTPStateCorpusError`` naming the path and what is missing or malformed.
    package init(path: String) throws {
        let root = URL(fileURLWithPath: path, isDirectory: true)
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw HTTPStateCorpusError("\(path): no such directory (expected the http-state corpus: parser/ and dates/)")
        }
        for folder in ["parser", "dates"] {
            guard fileManager.fileExists(atPath: root.appendingPathComponent(folder).path) else {
                throw HTTPStateCorpusError("\(path): not an http-state corpus: \(folder)/ is missing")
            }
        }
        self.root = root
        self.parserCases = try Self.readParserCases(root.appendingPathComponent("parser"))
        self.dateCases = try Self.readDateCases(root.appendingPathComponent("dates"))
    }

    private static func readParserCases(_ folder: URL) throws -> [HTTPStateParserCase] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix("-test") }
            .map { String($0.dropLast("-test".count)) }
            .sorted()
        guard !names.isEmpty else { throw HTTPStateCorpusError("\(folder.path): no *-test files") }
        return try names.map { name in
            let test = try readLines(folder.appendingPathComponent("\(name)-test"))
            let expectedFile = folder.appendingPathComponent("\(name)-expected")
            guard FileManager.default.fileExists(atPath: expectedFile.path) else {
                throw HTTPStateCorpusError("\(expectedFile.path): missing (every NAME-test has a NAME-expected)")
            }
            let expected = try readLines(expectedFile)
            var setCookies: [[UInt8]] = []
            var location: String?
            for line in test {
                if let value = headerValue(line, named: "set-cookie") {
                    setCookies.append(value)
                } else if let value = headerValue(line, named: "location") {
                    location = String(decoding: value, as: UTF8.self)
                }
            }
            let cookie = expected.lazy.compactMap { headerValue($0, named: "cookie") }.first
            return HTTPStateParserCase(
                name: name, setCookieLines: setCookies, location: location,
                expectedCookie: cookie.map { String(decoding: $0, as: UTF8.self) },
                isDisabledUpstream: name.hasPrefix("disabled-")
            )
        }
    }

    private static func readDateCases(_ folder: URL) throws -> [HTTPStateDateCase] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        return try files.flatMap { file -> [HTTPStateDateCase] in
            let url = folder.appendingPathComponent(file)
            // bsd-examples.json opens with a // licence comment, which JSON does not allow.
            let text = String(decoding: try read(url), as: UTF8.self)
                .split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                .joined(separator: "\n")
            struct Entry: Decodable { var test: String; var expected: String? }
            do {
                return try JSONDecoder().decode([Entry].self, from: Data(text.utf8)).map {
                    HTTPStateDateCase(file: file, input: $0.test, expected: $0.expected)
                }
            } catch {
                throw HTTPStateCorpusError("\(url.path): not a list of {test, expected}: \(error)")
            }
        }
    }

    /// The file's lines as octets, without their line ends (files may hold any bytes).
    private static func readLines(_ url: URL) throws -> [[UInt8]] {
        return try read(url).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).map { line in
            var bytes = Array(line)
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            return bytes
        }
    }

    /// Every corpus file is small (the largest, a dates file, is 7 KB); a bigger one is refused, not read.
    static let maximumFileSize = 1 << 20

    /// The file's bytes: a regular file of at most ``maximumFileSize`` bytes (`InputFile`: a FIFO or device is
    /// refused at once rather than waited on).
    private static func read(_ url: URL) throws -> Data {
        do {
            return try InputFile.read(url.path, maximumSize: maximumFileSize)
        } catch {
            throw HTTPStateCorpusError("\(error)")
        }
    }

    /// The value of a `Name: value` header line whose name matches case-insensitively; one leading space dropped.
    private static func headerValue(_ line: [UInt8], named name: String) -> [UInt8]? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")),
              String(decoding: line[..<colon], as: UTF8.self).lowercased() == name
        else { return nil }
        var value = line[(colon + 1)...]
        while value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        return Array(value)
    }
}

/// One `parser/` case.
package struct HTTPStateParserCase: Sendable, Hashable {
    package var name: String
    /// The `Set-Cookie` field values, in order, as octets.
    package var setCookieLines: [[UInt8]]
    /// The `Location` of the 302, when the case gives one.
    package var location: String?
    /// The `Cookie` header the user agent must send; nil for no cookie at all.
    package var expectedCookie: String?
    /// Upstream marks contested cases `disabled-`; they run, but are reported apart.
    package var isDisabledUpstream: Bool
}

/// One `dates/` vector: the input and the date it denotes (IMF-fixdate), or nil when it is not a date.
package struct HTTPStateDateCase: Sendable, Hashable {
    package var file: String
    package var input: String
    package var expected: String?
}

package struct HTTPStateCorpusError: Error, CustomStringConvertible, Sendable {
    package var description: String
    init(_ description: String) { self.description = description }
}
