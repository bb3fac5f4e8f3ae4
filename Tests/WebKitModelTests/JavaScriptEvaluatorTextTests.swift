import Foundation
import Testing
@testable import WebKitModel

/// What the fast path asks of a script's text before it parses it: an ASCII word searched octet by octet, and the
/// grammar's answer kept per text.
@Suite("the fast path's text questions")
struct JavaScriptEvaluatorTextTests {
    @Test("contains agrees with Foundation's, at either end, across non-ASCII text and near misses",
          arguments: [
            "", "v", "va", "var", "var x", "x var ", "indexOf(", "a.indexOf('x')", "a.indexOf ('x')", "indexO(",
            "ünïcödé var ☃", "☃indexOf(☃", "vvar ", "var\n", "document.cookie = 'var=1'",
          ])
    func containsAgreesWithFoundation(text: String) {
        #expect(JavaScriptEvaluator.contains(text, "var ") == text.contains("var "))
        #expect(JavaScriptEvaluator.contains(text, "indexOf(") == text.contains("indexOf("))
    }

    @Test("canRun gives the same answer the first time and from what it keeps, for a script in the grammar and one outside")
    func canRunIsKeptPerText() {
        let inGrammar = "document.cookie = 'a=1; path=/'; document.cookie"
        let outside = "var hook = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie'); \(UUID().uuidString.count)"
        for _ in 0..<3 {
            #expect(JavaScriptEvaluator.canRun(inGrammar))
            #expect(!JavaScriptEvaluator.canRun(outside))
        }
        // More texts than are kept: the answers stay right after the cache starts over.
        for number in 0..<5000 {
            #expect(JavaScriptEvaluator.canRun("document.cookie = 'n\(number)=1'"))
        }
        #expect(!JavaScriptEvaluator.canRun(outside))
    }
}
