import Foundation
import HarnessCore
import Reporting
import Testing

@Suite("Matrix Markdown")
struct MatrixMarkdownTests {
    /// The whole document for `MatrixFixtures`: read it as the reader would see it on GitHub.
    @Test func goldenDocument() {
        let markdown = MatrixFixtures.matrix().markdown()
        #expect(markdown == Self.golden, "got:\n\(markdown)")
    }

    @Test func pipesInTextNeverSplitACell() {
        var results = MatrixFixtures.results
        results[0].title = "a | b || c \\| d"
        results[0].scenarioID = "login.pipe|id"
        results[0].tags = ["x|y"]
        let markdown = MatrixFixtures.matrix(results).markdown()
        for table in Self.tables(in: markdown) {
            let width = Self.cells(table[0]).count
            for row in table {
                #expect(Self.cells(row).count == width, "row splits into the wrong number of cells: \(row)")
            }
        }
        #expect(markdown.contains(#"a \| b \|\| c \\\| d"#))
    }

    @Test func markupAndControlCharactersInTextAreShownLiterally() {
        var results = MatrixFixtures.results
        results[6].status = MatrixFixtures.failure("<script>alert(1)</script> *bold* [link](x) `code` \u{1}\u{202E}")
        let markdown = MatrixFixtures.matrix(results).markdown()
        #expect(markdown.contains(#"\<script\>alert(1)\</script\> \*bold\* \[link\](x) \`code\` \\u{0001}\\u{202E}"#), "escaped visibly, then the backslash for Markdown")
        #expect(!markdown.contains("<script>"))
        #expect(!markdown.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func everyFootnoteReferenceHasExactlyOneTargetBelowItsTable() throws {
        let markdown = MatrixFixtures.matrix().markdown()
        let references = Self.matches(of: #"\]\(#m([0-9]+)\)"#, in: markdown)
        let targets = Self.matches(of: #"<a id="m([0-9]+)"></a>"#, in: markdown)
        #expect(Set(references) == Set(targets))
        #expect(targets == Array(1...targets.count).map(String.init), "numbered through the document, each once")
        // The shared regression of login.httponly is one footnote for both adapters.
        #expect(markdown.contains("| ✔ | **⚠✘**🔒<sup>[2](#m2)</sup> | **⚠✘**🔒<sup>[2](#m2)</sup> |"))
        #expect(markdown.contains("**2.** login.httponly 🔒 · wk-user-script, curl: **⚠✘ regression**"))
        // A footnote comes after the table that refers to it and before the next suite.
        let note = try #require(markdown.range(of: "<a id=\"m5\"></a>"))
        let persist = try #require(markdown.range(of: "## persist"))
        #expect(note.lowerBound > persist.lowerBound)
    }

    @Test func consensusColumnNamesTheMajorityAndTheReference() {
        let markdown = MatrixFixtures.matrix().markdown()
        #expect(markdown.contains("| pass 2/3 · ref ✔ |"))
        #expect(markdown.contains("| fail 2/3 · **ref: pass** |"))
        #expect(markdown.contains("| split pass 1 · fail 1 · error 1 · ref: fail |"))
        #expect(markdown.contains("| pass 1/1 (+1 skip) |"), "the reference alone agreeing with itself says nothing")
    }

    // MARK: Reading tables back

    /// The tables of a document, each a list of rows without the delimiter row.
    static func tables(in markdown: String) -> [[String]] {
        var tables: [[String]] = []
        var current: [String] = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("|") {
                if !line.hasPrefix("|---") { current.append(line) }
            } else if !current.isEmpty {
                tables.append(current)
                current = []
            }
        }
        if !current.isEmpty { tables.append(current) }
        return tables
    }

    /// Splits a row on the pipes GitHub splits on: those not escaped with a backslash.
    static func cells(_ row: String) -> [String] {
        var cells: [String] = []
        var cell = ""
        var escaped = false
        for character in row.dropFirst() {
            if escaped {
                cell.append(character)
                escaped = false
            } else if character == "\\" {
                cell.append(character)
                escaped = true
            } else if character == "|" {
                cells.append(cell)
                cell = ""
            } else {
                cell.append(character)
            }
        }
        return cells
    }

    static func matches(of pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        }
    }

    static let golden = #"""
        # Cookie conformance matrix

        Run of 2026-01-01 00:00 UTC on ci-host: 5 scenarios in 2 suites × 3 adapters; consensus compared with reference.

        | adapter | version | profile | spec profile | ✔ pass | ✘ fail | ∅ skip | ! error | ⚠ unexpected | 🔒 security failures |
        |---|---|---|---|--:|--:|--:|--:|--:|--:|
        | reference | 1 | — | rfc6265bis | 4 | 1 (1 expected) | 0 | 0 | **1** | 0 |
        | wk-user-script | 0.3.0 | ios-17 | rfc6265bis | 2 | 2 (1 expected) | 1 | 0 | **1** | 1 |
        | curl | 8.5.0 | — | rfc6265bis | 2 | 1 | 0 | 1 | **2** | 1 |

        **Legend:** ✔ pass · ✘ fail · ∅ skipped · ! error · — not run · **⚠** unexpected: differs from the adapter's expectation file (**⚠✘** regression, **⚠✔** unexpected pass, **⚠!** unexpected error); a plain ✘ or ! is an expected failure · 🔒 a failed check that guards against a leak or an exposure (a cookie where it must not go or readable by script; a missing cookie is never one) · superscript numbers link to the messages under each table. **Consensus:** what most of the adapters that ran the scenario were seen to do (skips do not vote; two adapters failing different checks, or observing different values, do not agree), and what the reference did: ref ✔ it passed with them, ref ✘ same it failed as they did, or not (**ref: fail**, **ref: fails otherwise**).

        | suite | scenarios | adapters differ | ⚠ unexpected | 🔒 security failures |
        |---|--:|--:|--:|--:|
        | [login — Login \| SSO](#suite-login) | 3 | 3 | **3** | 2 |
        | [persist](#suite-persist) | 2 | 0 | **1** | 0 |

        <a id="suite-login"></a>

        ## login — Login \| SSO

        Suites/login.xml

        | scenario | title | tags | consensus | reference (ref) | wk-user-script | curl |
        |---|---|---|---|:-:|:-:|:-:|
        | login.first-request | First request \| after \<login\> | first-request | pass 2/3 · ref ✔ | ✔ | ✘<sup>[1](#m1)</sup> | ✔ |
        | **⚠** login.httponly 🔒 | HttpOnly \*stays\* hidden | httponly, security | fail 2/3 · **ref: pass** | ✔ | **⚠✘**🔒<sup>[2](#m2)</sup> | **⚠✘**🔒<sup>[2](#m2)</sup> |
        | **⚠** login.redirect | Cookie on a 302 | 302 | split pass 1 · fail 1 · error 1 · ref: fail | ✘<sup>[3](#m3)</sup> | ✔ | **⚠!**<sup>[4](#m4)</sup> |
        | **totals** |   |   |   | ✔ 2 · ✘ 1 | ✔ 1 · ✘ 2 · **⚠ 1** | ✔ 1 · ✘ 1 · ! 1 · **⚠ 2** |

        - <a id="m1"></a>**1.** login.first-request · wk-user-script: ✘ expected failure: Cookie: expected 'sid=1', observed (none) (at Suites/x.xml:9); expected because no sync before the first load
        - <a id="m2"></a>**2.** login.httponly 🔒 · wk-user-script, curl: **⚠✘ regression**: document.cookie: expected no 'sid', observed 'sid=1\|x' (at Suites/x.xml:20)
        - <a id="m3"></a>**3.** login.redirect · reference: ✘ expected failure: Cookie: expected 'a=1', observed (none) (at Suites/x.xml:30); expected because RFC 6265bis changed
        - <a id="m4"></a>**4.** login.redirect · curl: **⚠! unexpected error**: curl crashed (+1 more line)

        <a id="suite-persist"></a>

        ## persist

        Suites/persist.xml

        | scenario | title | tags | consensus | reference (ref) | wk-user-script | curl |
        |---|---|---|---|:-:|:-:|:-:|
        | persist.restart | Session ends at restart | persistence | pass 1/1 (+1 skip) | ✔ | ∅<sup>[5](#m5)</sup> | — |
        | **⚠** persist.fixed | Fixed since |   | pass 3/3 · ref ✔ | **⚠✔**<sup>[6](#m6)</sup> | ✔ | ✔ |
        | **totals** |   |   |   | ✔ 2 · **⚠ 1** | ✔ 1 · ∅ 1 | ✔ 1 |

        - <a id="m5"></a>**5.** persist.restart · wk-user-script: ∅ skipped: adapter 'wk-user-script' lacks capability: persistence
        - <a id="m6"></a>**6.** persist.fixed · reference: **⚠✔ unexpected pass**: expected to fail because was broken

        """#
}
