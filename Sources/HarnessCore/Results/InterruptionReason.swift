/// The skip reasons the runner gives the results a signal stopped, and reading them back from a saved run: a
/// results file holds no other mark of an interrupted run, and `diff` must not take one for a complete run.
public enum InterruptionReason {
    /// A scenario not started after the signal.
    public static func notRun(by signal: String) -> String { "interrupted by \(signal): not run" }

    /// A scenario that was running when the signal came.
    public static func cutShort(by signal: String) -> String { "interrupted by \(signal) before it finished" }

    /// The signal's name (`SIGINT`) when `reason`, a skip reason, is one of the two above; nil otherwise.
    public static func signal(in reason: String) -> String? {
        let prefix = "interrupted by "
        guard reason.hasPrefix(prefix) else { return nil }
        let rest = reason.dropFirst(prefix.count)
        for suffix in [": not run", " before it finished"] where rest.hasSuffix(suffix) {
            let name = rest.dropLast(suffix.count)
            // `SIGINT`, or `signal 1` for one without a name (Interruption.name(of:)).
            if (1...16).contains(name.count), name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == " ") }) {
                return String(name)
            }
        }
        return nil
    }
}
