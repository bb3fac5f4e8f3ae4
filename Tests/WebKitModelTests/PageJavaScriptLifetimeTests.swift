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
}
