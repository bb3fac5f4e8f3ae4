import Foundation
import Testing

@testable import WebKitModel

/// A page's JavaScriptCore context is owned by its web view, and its host functions must not own the web view back:
/// with that cycle every scenario that ran page JavaScript kept its engine and a JavaScriptCore VM alive (the main
/// job reached 4.8 GB resident, `swift test` 18.9 GB).
@Suite("simulated WebKit: a page's JavaScript context does not outlive its web view")
struct PageJavaScriptLifetimeTests {
    @Test("the context, the engine's web view and the engine are freed with the app")
    func freedWithTheApp() {
        weak var context: PageJavaScript?
        weak var engine: SimulatedWebKit?
        do {
            let app = PageJavaScriptTests.page()
            #expect(app.evaluate("(function () { return 'from ' + 'JavaScriptCore'; })()").value == "from JavaScriptCore")
            context = app.engine.webViews.values.first { $0.javaScript != nil }?.javaScript
            engine = app.engine
            #expect(context != nil, "the script ran in a JavaScriptCore context")
        }
        #expect(context == nil, "the page's context outlived its app")
        #expect(engine == nil, "the engine outlived its app")
    }

    /// The VM of a page made on this thread, as a number, and what `script` gave there.
    static func page(_ script: String) -> (group: Int?, value: String?) {
        let app = PageJavaScriptTests.page()
        let value = app.evaluate(script).value
        let group = app.engine.webViews.values.first { $0.javaScript != nil }?.javaScript?.contextGroup
        return (group.map { Int(bitPattern: $0) }, value)
    }

    final class Box: @unchecked Sendable {
        var group: Int?
    }

    /// Making a VM per page took half the main job's CPU (docs/performance.md, "One JavaScriptCore VM per thread").
    @Test("the pages one thread makes share its VM; another thread's pages get another; each page has its own globals")
    func oneVMPerThread() throws {
        let first = Self.page("var mark = 'first'; mark")
        let second = Self.page("typeof mark")
        #expect(first.group != nil && first.group == second.group)
        #expect(second.value == "undefined", "a global of one page is not another's")
        let other = Box()
        let thread = Thread { other.group = Self.page("1").group }
        thread.start()
        while !thread.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        #expect(other.group != nil && other.group != first.group)
    }
}
