/// A WebKit decision handler, which the app may call once: WebKit raises on a second call (an exception in the
/// app); both engines log it and ignore it, so the first answer stands.
public func onceOnlyDecisionHandler<Policy>(
    for what: String, log: @escaping (String) -> Void, _ decide: @escaping (Policy) -> Void
) -> (Policy) -> Void {
    var answered = false
    return { policy in
        guard !answered else { return log("decisionHandler called twice for \(what) (WebKit raises here)") }
        answered = true
        decide(policy)
    }
}
