import FileAccess
import Foundation
import TestSupport
import Testing

/// Suite folders behind links (issue 17, item 6): every link followed, every real folder read once.
struct FolderWalkTests {
    private func xml(under path: String) -> [String] { FolderWalk.files(under: path) { $0.hasSuffix(".xml") } }

    @Test func aLinkToAFolderIsWalked() throws {
        let folder = try TestDirectory()
        try folder.makeFolder("real/deep")
        try folder.write("real/a.xml", "")
        try folder.write("real/deep/b.xml", "")
        try folder.write("real/notes.txt", "")
        try folder.link("suites", to: "real")
        #expect(xml(under: folder.path + "/suites") == [folder.path + "/suites/a.xml", folder.path + "/suites/deep/b.xml"])
        #expect(xml(under: folder.path + "/suites/") == [folder.path + "/suites/a.xml", folder.path + "/suites/deep/b.xml"])
    }

    @Test func linkedSubfoldersAndFilesAreFollowedOnce() throws {
        let folder = try TestDirectory()
        try folder.makeFolder("real")
        try folder.makeFolder("tree")
        try folder.write("real/a.xml", "")
        try folder.write("tree/own.xml", "")
        try folder.link("tree/sub", to: "../real")
        try folder.link("tree/again", to: "../real")  // the same folder twice: read through the first name
        try folder.link("tree/file.xml", to: "own.xml")  // a link to a file is a file
        try folder.link("tree/broken.xml", to: "nowhere")
        #expect(xml(under: folder.path + "/tree") == [
            folder.path + "/tree/again/a.xml", folder.path + "/tree/file.xml", folder.path + "/tree/own.xml",
        ])
    }

    @Test func loopsEnd() throws {
        let folder = try TestDirectory()
        try folder.makeFolder("tree/inner")
        try folder.write("tree/inner/a.xml", "")
        try folder.link("tree/inner/up", to: "..")
        try folder.link("tree/inner/root", to: folder.path)
        try folder.link("tree/self", to: ".")
        try folder.link("tree/inner/x", to: "y")
        try folder.link("tree/inner/y", to: "x")
        #expect(xml(under: folder.path + "/tree") == [folder.path + "/tree/inner/a.xml"])
    }

    @Test func hiddenEntriesAndMissingFoldersGiveNothing() throws {
        let folder = try TestDirectory()
        try folder.makeFolder(".git")
        try folder.write(".git/a.xml", "")
        try folder.write(".hidden.xml", "")
        #expect(xml(under: folder.path).isEmpty)
        #expect(xml(under: folder.path + "/missing").isEmpty)
    }
}
