import FileAccess
import Foundation

/// The web-platform-tests cookie tests the harness can express, with the results WebKit's test bots recorded for
/// them: `Corpora/wpt-cookies/` (`SOURCES.md` there names every file's origin and commit).
///
/// - `vectors/<wpt path>.json`: one WPT test file's subtests as data — the `Set-Cookie` lines (or `document.cookie`
///   writes) of each, the value WPT expects `document.cookie` to show, and how the test reads it (``Subtest``). The
///   tests' own HTML and JavaScript are not kept: WPT's helpers (`cookies/resources/cookie-test.js`) are re-expressed
///   by ``WPTCookieImporter`` as scenario steps.
/// - `recorded/apple/<wpt path>-expected.txt`: the PASS/FAIL lines WebKit records for the **Apple ports** (its generic
///   baseline, `LayoutTests/imported/w3c/web-platform-tests/`, which macOS and iOS share: CFNetwork's jar).
/// - `recorded/glib/<wpt path>-expected.txt`: the GTK/WPE override (`LayoutTests/platform/glib/...`), where one
///   exists; elsewhere the glib ports record what the generic baseline says.
package struct WPTCookieCorpus: Sendable {
    /// The port whose recorded results a profile is compared with.
    package enum Port: String, Sendable, CaseIterable {
        /// macOS and iOS (CFNetwork's jar): WebKit's generic baseline.
        case apple
        /// WebKitGTK and WPE (libsoup's jar): the glib override, else the generic baseline.
        case glib
    }

    /// One subtest as the corpus states it.
    package struct Subtest: Sendable, Hashable, Decodable {
        /// The WPT helper that runs it: how the cookies are set and where they are read.
        package enum Helper: String, Sendable, Hashable, Decodable {
            /// `httpCookieTest`: a `fetch` of `/cookies/resources/cookie.py?set=…` answers with one `Set-Cookie`
            /// per string; `document.cookie` is read from a page at the cookie's default path
            /// (`/cookies/resources/echo-cookie.html`) when `defaultPath`, else on the test page.
            case httpCookieTest
            /// `domCookieTest`: the test page writes each string to `document.cookie`, then reads it.
            case domCookieTest
            /// `httpRedirectCookieTest`: the cookie is set on a redirect and read at its target.
            case httpRedirectCookieTest
            /// `set_prefixed_cookie_via_http_test` (`cookies/resources/cookie-helper.sub.js`): a `fetch` of
            /// `/cookies/resources/set.py?LINE` answers with `Set-Cookie: LINE`; a `fetch` of `list.py` then shows
            /// whether the cookie is sent (``expectCookieSet``). `document.cookie` is not read.
            case prefixedCookieViaHttp
            /// `set_prefixed_cookie_via_dom_test`: the page writes the line to `document.cookie`, then checks
            /// `document.cookie` (``expectInDocumentCookie``) and what a `fetch` of `list.py` sends (``expectCookieSet``).
            case prefixedCookieViaDom
            /// Code of the test's own (custom assertions, several pages, timers).
            case other
        }

        /// The subtest's name, exactly as WPT prints it (the recorded results are keyed by it).
        package var name: String
        package var helper: Helper
        /// `Set-Cookie` field values (or `document.cookie` writes), in order.
        package var cookies: [String]
        /// What `document.cookie` must show afterwards ("" for no cookie).
        package var expected: String
        package var defaultPath: Bool
        /// WPT lets the subtest pass when the fetch itself fails (the line is not one a server may send).
        package var allowFetchFailure: Bool
        package var note: String?
        /// The prefixed-cookie helpers: the cookie's name and value (what `list.py` and `document.cookie` are read for).
        package var cookieName: String?
        package var value: String?
        /// The prefixed-cookie helpers: whether a later `fetch` of `list.py` carries the cookie.
        package var expectCookieSet: Bool?
        /// `prefixedCookieViaDom`: whether `document.cookie` shows `name=value` after the write.
        package var expectInDocumentCookie: Bool?
        /// Where the helper sets and reads the cookie: `self` (the page's origin) or another origin (a template).
        package var origin: String?
        /// The page the test runs in, when not the test file's own (a frame at `/`).
        package var pagePath: String?

        /// The prefixed-cookie helpers: `name=value`, what `list.py` and `document.cookie` are read for.
        package var prefixedPair: String? { cookieName.flatMap { name in value.map { "\(name)=\($0)" } } }

        enum CodingKeys: String, CodingKey {
            case name, helper, cookies, expected, defaultPath, allowFetchFailure, note, cookieName, value, expectCookieSet,
                 expectInDocumentCookie, origin, pagePath
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            helper = try container.decode(Helper.self, forKey: .helper)
            cookies = try container.decodeIfPresent([String].self, forKey: .cookies) ?? []
            expected = try container.decodeIfPresent(String.self, forKey: .expected) ?? ""
            defaultPath = try container.decodeIfPresent(Bool.self, forKey: .defaultPath) ?? true
            allowFetchFailure = try container.decodeIfPresent(Bool.self, forKey: .allowFetchFailure) ?? false
            note = try container.decodeIfPresent(String.self, forKey: .note)
            cookieName = try container.decodeIfPresent(String.self, forKey: .cookieName)
            value = try container.decodeIfPresent(String.self, forKey: .value)
            expectCookieSet = try container.decodeIfPresent(Bool.self, forKey: .expectCookieSet)
            expectInDocumentCookie = try container.decodeIfPresent(Bool.self, forKey: .expectInDocumentCookie)
            origin = try container.decodeIfPresent(String.self, forKey: .origin)
            pagePath = try container.decodeIfPresent(String.self, forKey: .pagePath)
        }
    }

    /// Where a file of the corpus was taken from.
    package struct Origin: Sendable, Hashable, Decodable, CustomStringConvertible {
        package var repository: String
        package var path: String
        package var commit: String

        package var description: String { "\(repository) \(path)@\(commit.prefix(8))" }
    }

    /// One WPT test file: its subtests and what each port recorded for them.
    package struct TestFile: Sendable {
        /// The WPT path, e.g. `cookies/name/name.html`.
        package var test: String
        package var source: Origin
        /// Whether the test page is served over https (`.https.` in its name).
        package var isSecure: Bool
        package var subtests: [Subtest]
        /// The recorded results by port; glib without its own file records the generic baseline's (Apple's). A port
        /// with no record at all is absent.
        package var recorded: [Port: WPTRecordedResults]
        /// Each port's outcome per subtest name, read once from ``recorded``.
        package var outcomes: [Port: [String: WPTRecordedResults.Outcome]]

        /// The file's short name for scenario ids: `name`, `value-ctl`, `attributes-ctl`, `charset`… — the name up
        /// to its first dot, unless another file of its folder shares that (``longStem``).
        package internal(set) var stem = ""

        var shortStem: String {
            let file = test.split(separator: "/").last.map(String.init) ?? test
            return String(file.split(separator: ".").first ?? Substring(file)).lowercased()
        }

        /// The whole file name without `.html` or `.js`, dots as dashes: `__host-header-https`.
        var longStem: String {
            var file = test.split(separator: "/").last.map(String.init) ?? test
            for suffix in [".html", ".js"] where file.hasSuffix(suffix) { file.removeLast(suffix.count) }
            return file.replacingOccurrences(of: ".", with: "-").lowercased()
        }

        /// The WPT folder under `cookies/`: `name`, `attributes`, `size`…
        package var folder: String {
            let parts = test.split(separator: "/")
            return parts.count >= 3 ? String(parts[parts.count - 2]) : "cookies"
        }
    }

    package let root: URL
    package let files: [TestFile]

    /// No file of the corpus comes near this; a larger one is not a corpus file.
    static let maximumFileSize = 4 << 20

    /// Reads the corpus at `path` (the folder holding `vectors/` and `recorded/`).
    /// - Throws: ``WPTCookieCorpusError`` naming the file and what is wrong with it.
    package init(path: String) throws {
        root = URL(fileURLWithPath: path, isDirectory: true)
        let vectors = root.appendingPathComponent("vectors")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: vectors.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw WPTCookieCorpusError("\(path): not a wpt-cookies corpus (no vectors/ folder)")
        }
        var files: [TestFile] = []
        for file in FolderWalk.files(under: vectors.path, where: { $0.hasSuffix(".json") }) {
            files.append(try Self.readTestFile(file, root: root))
        }
        guard !files.isEmpty else { throw WPTCookieCorpusError("\(vectors.path): no vector files (*.json)") }
        // Scenario ids name a file by the part of its name before the first dot, where that is unique in its folder.
        let shared = Dictionary(grouping: files) { "\($0.folder)/\($0.shortStem)" }.filter { $0.value.count > 1 }
        for index in files.indices {
            files[index].stem = shared["\(files[index].folder)/\(files[index].shortStem)"] == nil ? files[index].shortStem : files[index].longStem
        }
        self.files = files.sorted { $0.test < $1.test }
    }

    private struct VectorFile: Decodable {
        var test: String
        var source: Origin
        var page: String?
        var subtests: [Subtest]
    }

    private static func readTestFile(_ path: String, root: URL) throws -> TestFile {
        let data: Data
        do {
            data = try InputFile.read(path, maximumSize: Self.maximumFileSize)
        } catch {
            throw WPTCookieCorpusError("\(path): \(error)")
        }
        let vector: VectorFile
        do {
            vector = try JSONDecoder().decode(VectorFile.self, from: data)
        } catch {
            throw WPTCookieCorpusError("\(path): not a vector file: \(error)")
        }
        var recorded: [Port: WPTRecordedResults] = [:]
        let baseline = Self.expectedFileName(vector.test)
        for port in Port.allCases {
            let file = root.appendingPathComponent("recorded/\(port.rawValue)/\(baseline)")
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            do {
                recorded[port] = WPTRecordedResults(text: String(decoding: try InputFile.read(file.path, maximumSize: Self.maximumFileSize), as: UTF8.self), file: "recorded/\(port.rawValue)/\(baseline)")
            } catch {
                throw WPTCookieCorpusError("\(file.path): \(error)")
            }
        }
        // The glib ports fall back on the generic baseline; a test without one has no Apple record (its subtests are
        // then not imported, each with that reason).
        if recorded[.glib] == nil { recorded[.glib] = recorded[.apple] }
        let names = vector.subtests.map(\.name)
        return TestFile(
            test: vector.test, source: vector.source,
            isSecure: vector.page == "https" || vector.test.contains(".https."), subtests: vector.subtests, recorded: recorded,
            outcomes: recorded.mapValues { $0.outcomes(for: names) })
    }

    /// `cookies/name/name.html` → `cookies/name/name-expected.txt` (WebKit's baseline name: the last extension
    /// dropped; `x.window.js` runs as `x.window.html`, so its baseline is `x.window-expected.txt`).
    static func expectedFileName(_ test: String) -> String {
        var name = test
        for suffix in [".html", ".js"] where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
            break
        }
        return name + "-expected.txt"
    }
}

/// A corpus that cannot be read, with the file and the reason.
package struct WPTCookieCorpusError: Error, CustomStringConvertible, Sendable {
    package let description: String
    package init(_ description: String) { self.description = description }
}
