import CJavaScriptCore
import Locking

/// The scripts one JavaScriptCore VM has run more than once, parsed once (`JSScriptRef`) and evaluated in each new
/// page's global context: the page environment on every page, and a library's bridge script on every page of its
/// app. `JSEvaluateScript` parses its source again for every context; a compiled script is found again by the VM's
/// code cache. A script seen once (a scenario's own `<run-script>`) is run from its source as before, so a one-off
/// script is not parsed twice.
///
/// Evaluation is the same either way (global code, `this` the global object, line numbers from 1); a source that does
/// not parse is never compiled and runs from its source, which throws the same syntax error it always did.
final class CompiledScripts: @unchecked Sendable {
    /// Past this many compiled scripts the cache starts again (scenario-made scripts that happened to repeat must not
    /// grow it without bound).
    static let capacity = 256

    private struct State {
        var compiled: [String: JSScriptRef] = [:]
        var seenOnce: Set<String> = []
    }

    private let group: JSContextGroupRef?
    private let state = Locked(State())

    init(group: JSContextGroupRef?) {
        self.group = group
    }

    deinit {
        state.withLock { state in
            for script in state.compiled.values { JSScriptRelease(script) }
        }
    }

    /// Runs `source` in `context` (a global context of this VM), compiled when it was seen before or `always`.
    func evaluate(
        _ source: String, in context: JSContextRef, always: Bool, exception: inout JSValueRef?
    ) -> JSValueRef? {
        if let script = compiled(source, always: always) {
            defer { JSScriptRelease(script) }
            return JSScriptEvaluate(context, script, nil, &exception)
        }
        let text = JSStringCreateWithUTF8CString(source)
        defer { JSStringRelease(text) }
        return JSEvaluateScript(context, text, nil, nil, 1, &exception)
    }

    /// `source` compiled and retained for the caller, or nil: seen for the first time (and not `always`), or not
    /// parseable.
    private func compiled(_ source: String, always: Bool) -> JSScriptRef? {
        let known: JSScriptRef?? = state.withLock { state in
            if let script = state.compiled[source] {
                JSScriptRetain(script)
                return .some(script)
            }
            if !always && state.seenOnce.insert(source).inserted {
                if state.seenOnce.count > Self.capacity { state.seenOnce = [source] }
                return .some(nil)
            }
            return nil
        }
        if let known { return known }
        // Compiled outside the lock: parsing a large script must not hold up the other pages of this VM.
        let text = JSStringCreateWithUTF8CString(source)
        defer { JSStringRelease(text) }
        guard let script = JSScriptCreateFromString(group, nil, 1, text, nil, nil) else { return nil }
        JSScriptRetain(script)
        state.withLock { state in
            if state.compiled.count >= Self.capacity {
                for script in state.compiled.values { JSScriptRelease(script) }
                state.compiled = [:]
            }
            if let earlier = state.compiled.updateValue(script, forKey: source) { JSScriptRelease(earlier) }
            state.seenOnce.remove(source)
        }
        return script
    }
}
