import HarnessCore
import Testing
import TestSupport

/// A `<run-script>` that only assigns `document.cookie` runs on every adapter with `javascript` (a store applies the
/// assignments); any other script needs an engine, so an adapter without one skips it instead of erroring.
@Suite("script-engine: implied by a run-script that is more than document.cookie assignments")
struct ScriptEngineCapabilityTests {
    @Test("a read, a condition or a call in the script needs script-engine; plain assignments do not")
    func implied() throws {
        let sandbox = try TestDirectory()
        let file = try sandbox.write("s.xml", SuiteDocuments.suite(id: "s", """
              <origin url="https://a.example"><route path="/"/></origin>
              <scenario id="s.assign"><title>T</title><open-web-view/><load url="https://a.example/"/>
                <run-script>document.cookie = "a=1; path=/"; document.cookie = 'b=2';</run-script></scenario>
              <scenario id="s.read"><title>T</title><open-web-view/><load url="https://a.example/"/>
                <run-script>document.cookie = "a=1"; document.cookie = "seen=" + (document.cookie.indexOf("a=1") >= 0);</run-script></scenario>
              <scenario id="s.call"><title>T</title><open-web-view/><load url="https://a.example/"/>
                <run-script>document.cookie = "p=" + encodeURIComponent("{}");</run-script></scenario>
            """))
        let suite = try SuiteDocuments.loader().loadSuite(at: file)
        let needing = suite.scenarios.filter { $0.requiredCapabilities.contains(.scriptEngine) }.map(\.id)
        #expect(needing == ["s.read", "s.call"])
        #expect(suite.scenarios.allSatisfy { $0.requiredCapabilities.contains(.javascript) })

        // The reference jar applies assignments but has no engine: it skips the others, with the reason.
        #expect(Adapter.reference.skipReason(for: suite.scenarios[0]) == nil)
        #expect(Adapter.reference.skipReason(for: suite.scenarios[1]) == "adapter 'reference' lacks capability: script-engine")
        let result = ScenarioExecutor().run(suite.scenarios[0], of: suite, on: .reference)
        #expect(result.status == .passed)
    }
}
