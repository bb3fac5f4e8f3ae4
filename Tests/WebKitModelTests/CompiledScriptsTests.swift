import CJavaScriptCore
import Testing

@testable import WebKitModel

/// A script a VM has seen before runs compiled (``CompiledScripts``): the same value, the same exceptions, and no
/// state carried from one page to the next; the page environment's network classes are made at first use and behave
/// as if they had been there from the start.
@Suite("simulated WebKit: compiled page scripts and the page's network classes")
struct CompiledScriptsTests {
    /// Runs `source` in a new global context of `scripts`' VM: the value as a string, or the exception's text.
    private static func run(_ source: String, _ scripts: CompiledScripts, group: JSContextGroupRef?, always: Bool = false) -> String {
        let context = JSGlobalContextCreateInGroup(group, nil)
        defer { JSGlobalContextRelease(context) }
        var exception: JSValueRef?
        let value = scripts.evaluate(source, in: context!, always: always, exception: &exception)
        let shown = exception ?? value
        guard let copy = JSValueToStringCopy(context, shown, nil) else { return "?" }
        defer { JSStringRelease(copy) }
        let length = JSStringGetLength(copy)
        guard let characters = JSStringGetCharactersPtr(copy) else { return "" }
        return (exception == nil ? "" : "threw ") + String(utf16CodeUnits: characters, count: length)
    }

    @Test("a script run on three pages gives each page the same value and shares no global between them")
    func repeatedScriptsRunFresh() {
        let group = JSContextGroupCreate()
        defer { JSContextGroupRelease(group) }
        let scripts = CompiledScripts(group: group)
        let source = "var count = (typeof count === 'number' ? count : 0) + 1; 'count ' + count + ' line ' + new Error().line"
        let values = (0..<3).map { _ in Self.run(source, scripts, group: group) }
        #expect(values == ["count 1 line 1", "count 1 line 1", "count 1 line 1"])
    }

    @Test("a script that does not parse throws the same syntax error every time, compiled or not")
    func syntaxErrorsStay() {
        let group = JSContextGroupCreate()
        defer { JSContextGroupRelease(group) }
        let scripts = CompiledScripts(group: group)
        let broken = "document.cookie = 'a=1';\nfunction ("
        let first = Self.run(broken, scripts, group: group)
        #expect(first.hasPrefix("threw SyntaxError"), "\(first)")
        #expect(Self.run(broken, scripts, group: group) == first)
        #expect(Self.run(broken, scripts, group: group, always: true) == first)
    }

    @Test("a thrown exception of a compiled script reaches the caller")
    func exceptionsOfCompiledScripts() {
        let group = JSContextGroupCreate()
        defer { JSContextGroupRelease(group) }
        let scripts = CompiledScripts(group: group)
        let source = "throw new TypeError('from line ' + new Error().line)"
        #expect(Self.run(source, scripts, group: group, always: true) == "threw TypeError: from line 1")
        #expect(Self.run(source, scripts, group: group, always: true) == "threw TypeError: from line 1")
    }

    @Test("more distinct repeated scripts than the capacity still run right")
    func pastCapacity() {
        let group = JSContextGroupCreate()
        defer { JSContextGroupRelease(group) }
        let scripts = CompiledScripts(group: group)
        for round in 0..<2 {
            for index in 0..<(CompiledScripts.capacity + 5) {
                #expect(Self.run("\(index) * 2", scripts, group: group) == "\(index * 2)", "round \(round)")
            }
        }
    }

    @Test("the network classes: untouched, read, replaced and patched as on a page that had them from the start")
    func lazyNetworkClasses() {
        let app = PageJavaScriptTests.page()
        #expect(app.evaluate("typeof fetch + ' ' + typeof XMLHttpRequest + ' ' + ('Headers' in window)").value
            == "function function true")
        #expect(app.evaluate("Object.keys(window).indexOf('fetch')").value == "-1", "not enumerable, as before")
        #expect(app.evaluate("window.fetch === fetch && new Headers([['A', '1']]).get('a')").value == "1")
        #expect(app.evaluate("var saved = XMLHttpRequest.prototype.open; new XMLHttpRequest() instanceof EventTarget").value == "true")
        // A script that replaces fetch without reading it first: the replacement is what the page then has.
        let replaced = PageJavaScriptTests.page()
        #expect(replaced.evaluate("window.fetch = function mine() { return 'mine'; }; fetch.name + ' ' + fetch()").value == "mine mine")
        #expect(replaced.evaluate("typeof Response").value == "function", "the other classes are there after a replacement")
    }
}
