@testable import HarnessCore
import Testing

/// The `*` / `?` matcher of expectation files: the same answers as the straightforward back-tracking matcher it
/// replaced, on every small pattern and text, and no pattern × text cost on long ones (issue 41).
@Suite("wildcard patterns")
struct WildcardPatternTests {
    /// The matcher before: one back-tracking point, correct, pattern × text in the worst case.
    static func backtracking(_ pattern: [Character], _ text: [Character]) -> Bool {
        var (p, t, resume) = (0, 0, 0)
        var star: Int?
        while t < text.count {
            if p < pattern.count, pattern[p] == "*" {
                (star, resume, p) = (p, t, p + 1)
            } else if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                (p, t) = (p + 1, t + 1)
            } else if let star {
                (p, resume) = (star + 1, resume + 1)
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    /// Every string over `alphabet` up to `length` characters.
    static func strings(_ alphabet: [Character], upTo length: Int) -> [[Character]] {
        var all: [[Character]] = [[]], level: [[Character]] = [[]]
        for _ in 0..<length {
            level = level.flatMap { prefix in alphabet.map { prefix + [$0] } }
            all += level
        }
        return all
    }

    @Test("the same answer as the back-tracking matcher on every pattern up to 5 and text up to 6 characters")
    func exhaustiveSmall() {
        let patterns = Self.strings(["a", "b", "?", "*"], upTo: 5)
        let texts = Self.strings(["a", "b"], upTo: 6)
        var differences: [String] = []
        for pattern in patterns {
            for text in texts where WildcardPattern.matches(pattern, text) != Self.backtracking(pattern, text) {
                differences.append("'\(String(pattern))' on '\(String(text))'")
            }
        }
        #expect(patterns.count > 1_000 && texts.count > 100)
        #expect(differences.isEmpty, "\(differences.prefix(20))")
    }

    @Test("characters beyond ASCII, long pieces with and without '?', pieces longer than one 64-bit word")
    func longerPieces() {
        let message = Array("Cookie header of GET https://ä.example/: expected to contain 'sid=☃', observed 'x=1; sid=2' (+1 more)")
        for pattern in [
            "Cookie header of GET https://?.example/: expected *, observed '*sid=2' (+1 more)",
            "*☃*",
            "Cookie header of GET https://ä.example/: expected to contain 'sid=?', observed 'x=1; sid=2' (+1 more)",
            "*expected to contain 'sid=☃', observed 'x=1; sid=2' (+? more)",
            String(repeating: "?", count: message.count),
            "*" + String(message.dropFirst(3).dropLast(3)) + "*",
        ] {
            #expect(WildcardPattern.matches(Array(pattern), message) == Self.backtracking(Array(pattern), message), "\(pattern)")
            #expect(WildcardPattern.matches(Array(pattern), message), "\(pattern)")
        }
        #expect(!WildcardPattern.matches(Array("*sid=3*"), message))
        #expect(!WildcardPattern.matches(Array(String(repeating: "?", count: message.count + 1)), message))
    }

    /// The shape that took the back-tracking matcher pattern × text steps (the 158 s scenario): a long piece that
    /// almost matches at every position of a long text. Here it is one pass; the test would take minutes otherwise.
    @Test("a long near-miss piece against a long text is one pass, not pattern × text", .timeLimit(.minutes(1)))
    func nearMissIsLinear() {
        let text = [Character](repeating: "a", count: 400_000)
        let literal = Array("*" + String(repeating: "a", count: 40_000) + "b*")
        let withWildcard = Array("*" + String(repeating: "a", count: 2_000) + "?b*")
        #expect(!WildcardPattern.matches(literal, text))
        #expect(!WildcardPattern.matches(withWildcard, text))
        #expect(WildcardPattern.matches(Array("*" + String(repeating: "a", count: 40_000) + "*"), text))
    }
}
