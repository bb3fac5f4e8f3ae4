import Foundation
import Testing

/// The README and `docs/`: every relative link leads somewhere, and the front door leads to every page. Moving a
/// section between files breaks links silently; this says which.
@Suite("documentation links")
struct DocumentationLinkTests {
    static let root = RunCommandTests.packageRoot

    /// README.md and every Markdown file of docs/ (its subfolders included), as paths from the package root.
    static var documents: [String] {
        let docs = root.appendingPathComponent("docs")
        let files = FileManager.default.enumerator(atPath: docs.path)?.compactMap { $0 as? String } ?? []
        return ["README.md"] + files.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    static func document(_ path: String) throws -> MarkdownDocument {
        MarkdownDocument(name: path, text: try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
    }

    /// `relative` seen from `folder` (both from the package root), `.` and `..` resolved; nil when it leaves the
    /// repository.
    static func resolve(_ relative: String, from folder: String) -> String? {
        var components = folder.split(separator: "/").map(String.init)
        for component in relative.split(separator: "/").map(String.init) where component != "." {
            if component == ".." {
                guard components.popLast() != nil else { return nil }
            } else {
                components.append(component)
            }
        }
        return components.joined(separator: "/")
    }

    @Test("every relative link in README.md and docs/ names a file that exists, and its #anchor a heading there")
    func linksResolve() throws {
        var broken: [String] = []
        var checked = 0
        for path in Self.documents {
            let document = try Self.document(path)
            let folder = (path as NSString).deletingLastPathComponent
            for link in document.links where !link.target.contains("://") && !link.target.hasPrefix("mailto:") {
                checked += 1
                let parts = link.target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let file = String(parts[0])
                let place = "\(path):\(link.line): (\(link.target))"
                guard let target = file.isEmpty ? path : Self.resolve(file, from: folder),
                      FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(target).path)
                else {
                    broken.append("\(place): no such file in the repository")
                    continue
                }
                if parts.count == 2, target.hasSuffix(".md") {
                    let anchor = String(parts[1])
                    if !(try Self.document(target).anchors.contains(anchor)) {
                        broken.append("\(place): \(target) has no heading with the anchor #\(anchor)")
                    }
                }
            }
        }
        #expect(broken.isEmpty, "broken links:\n\(broken.joined(separator: "\n"))")
        #expect(checked > 50, "the links were found (\(checked))")
    }

    @Test("README.md and docs/README.md link to every page of docs/")
    func everyPageIsLinked() throws {
        let pages = Self.documents.filter { $0.hasPrefix("docs/") && $0 != "docs/README.md" }
        #expect(pages.count >= 8)
        for (index, prefix) in [("README.md", "docs/"), ("docs/README.md", "")] {
            let targets = Set(try Self.document(index).links.map { String($0.target.split(separator: "#", omittingEmptySubsequences: false)[0]) })
            for page in pages {
                let link = prefix + page.dropFirst("docs/".count)
                #expect(targets.contains(link), "\(index) has no link to \(link)")
            }
        }
    }

    /// The README is a front door (issue 38): the story, the two commands, CI, your own strategy, what breaks in
    /// short and the map of the docs. Generated tables live in `docs/results/`, where a new strategy's row goes.
    static let readmeLineLimit = 250

    @Test("README.md stays a front door: at most 250 lines, no generated block")
    func readmeIsShort() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count - (readme.hasSuffix("\n") ? 1 : 0)
        #expect(lines <= Self.readmeLineLimit, "README.md has \(lines) lines: move the detail into docs/")
        #expect(!readme.contains(":begin -->"), "a generated block is in README.md: generated tables go to docs/results/")
    }

    @Test("anchors are GitHub's")
    func anchors() {
        #expect(MarkdownDocument.anchor("Your own strategy (iOS engineers: start here)") == "your-own-strategy-ios-engineers-start-here")
        #expect(MarkdownDocument.anchor("The reference jar (`CookieModel`)") == "the-reference-jar-cookiemodel")
        #expect(MarkdownDocument.anchor("Real stores: notable deviations from RFC 6265bis") == "real-stores-notable-deviations-from-rfc-6265bis")
        let document = MarkdownDocument(name: "t.md", text: "# A\n```\n# not a heading\n[x](nowhere.md)\n```\n## A\n[`a](b)`](c.md)")
        #expect(document.anchors == ["a", "a-1"])
        #expect(document.links == [.init(line: 7, target: "c.md")])
        #expect(Self.resolve("../Sources/X.md", from: "docs") == "Sources/X.md")
        #expect(Self.resolve("../../elsewhere/DESIGN.md", from: "docs") == nil)
    }
}
