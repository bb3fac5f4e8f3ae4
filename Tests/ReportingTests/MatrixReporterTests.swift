import Foundation
import HarnessCore
import Reporting
import TestSupport
import Testing

@Suite("MatrixReporter")
struct MatrixReporterTests {
    @Test func bothFilesAppearOnlyAtFinish() throws {
        let directory = try TestDirectory()
        let reporter = MatrixReporter(
            markdownPath: directory.file("matrix.md"), htmlPath: directory.file("matrix.html"),
            suiteTitles: MatrixFixtures.suiteTitles
        )
        try reporter.begin(MatrixFixtures.run)
        for result in MatrixFixtures.results { try reporter.report(result) }
        let during = try directory.entries()
        #expect(!during.contains("matrix.md") && !during.contains("matrix.html"), "\(during)")
        #expect(during.allSatisfy { $0.hasPrefix(".") }, "only hidden temporary files while running: \(during)")
        try reporter.finish(RunSummary())
        #expect(try directory.entries() == ["matrix.html", "matrix.md"])
        #expect(try directory.read("matrix.md") == MatrixFixtures.matrix().markdown())
        #expect(try directory.read("matrix.html") == MatrixFixtures.matrix().html())
    }

    @Test func unfinishedReporterLeavesNothing() throws {
        let directory = try TestDirectory()
        do {
            let reporter = MatrixReporter(markdownPath: directory.file("matrix.md"), htmlPath: directory.file("matrix.html"))
            try reporter.begin(MatrixFixtures.run)
            try reporter.report(MatrixFixtures.results[0])
        }
        #expect(try directory.entries() == [])
    }

    @Test func finishReplacesAnEarlierMatrixInOneStep() throws {
        let directory = try TestDirectory()
        try Data("old".utf8).write(to: URL(fileURLWithPath: directory.file("matrix.md")))
        let reporter = MatrixReporter(markdownPath: directory.file("matrix.md"))
        try reporter.begin(MatrixFixtures.run)
        try reporter.report(MatrixFixtures.results[0])
        #expect(try directory.read("matrix.md") == "old", "the old matrix stays readable during the run")
        try reporter.finish(RunSummary())
        #expect(try directory.read("matrix.md").hasPrefix("# Cookie conformance matrix"))
        #expect(try directory.entries() == ["matrix.md"])
    }

    @Test func writesOnlyTheFormatsAskedFor() throws {
        let directory = try TestDirectory()
        try MatrixFixtures.feed(to: MatrixReporter(htmlPath: directory.file("m.html")))
        #expect(try directory.entries() == ["m.html"])
    }

    @Test func unwritableFolderFailsAtBegin() throws {
        let reporter = MatrixReporter(markdownPath: "/nonexistent-folder-for-matrix-test/matrix.md")
        #expect { try reporter.begin(MatrixFixtures.run) } throws: { error in
            (error as? ReportError)?.code == .writeFailed
        }
    }

    @Test func callsOutOfOrderAreRefused() throws {
        let directory = try TestDirectory()
        let reporter = MatrixReporter(markdownPath: directory.file("matrix.md"))
        #expect { try reporter.report(MatrixFixtures.results[0]) } throws: { ($0 as? ReportError)?.code == .invalidUse }
        try reporter.begin(MatrixFixtures.run)
        #expect { try reporter.begin(MatrixFixtures.run) } throws: { ($0 as? ReportError)?.code == .invalidUse }
        try reporter.finish(RunSummary())
        #expect { try reporter.finish(RunSummary()) } throws: { ($0 as? ReportError)?.code == .invalidUse }
    }

    @Test func emptyRunStillWritesAReadablePage() throws {
        let directory = try TestDirectory()
        try MatrixFixtures.feed([], to: MatrixReporter(markdownPath: directory.file("m.md"), htmlPath: directory.file("m.html")))
        #expect(try directory.read("m.md").contains("No results."))
        _ = try MatrixHTMLTests.parse(directory.read("m.html"))
    }
}
