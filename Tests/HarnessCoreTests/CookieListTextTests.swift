import Foundation
import Testing

@testable import HarnessCore

/// The checks' split of a Cookie header trims exactly what Foundation's `.whitespaces` trims, without bridging.
@Suite("cookie list text")
struct CookieListTextTests {
    static let inputs = [
        "a=1; b=2", "a=1;b=2", " a=1 ;  ; b=2 ", "", "   ", ";;", "\ta=1\t", "a=1;\u{00A0}b=2\u{00A0}", "\u{3000}x=y\u{3000}",
        "\u{2003}\u{2009}e=m\u{202F}", "n=\u{0085}v", "n=v\n", "\nn=v", "name-less; =v", "é=ü ; 🍪=1", "a = 1 ; b= 2",
    ]

    @Test("the same items as splitting on ';' and trimming with CharacterSet.whitespaces", arguments: inputs)
    func sameAsFoundation(text: String) {
        let foundation = text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(CookieListText.items(text).map(String.init) == foundation)
    }

    @Test("a check's observation and its match read the same items")
    func observationAndMatch() {
        let header = " sid=s3cr3t ;\u{00A0}theme=dark;; flag "
        let observation = Observation(SuiteLocation(file: "t.xml", line: 1), "Cookie header", cookies: header)
        #expect(observation.items == ["sid=s3cr3t", "theme=dark", "flag"])
        let pairs = CookieStringCheck.pairs(header)
        #expect(pairs.map(\.name) == ["sid", "theme", ""] && pairs.map(\.value) == ["s3cr3t", "dark", "flag"])
    }
}
