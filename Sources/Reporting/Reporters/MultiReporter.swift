import HarnessCore

/// Sends every event to several reporters, so one run feeds the console, JUnit and JSON reports at once.
///
/// One reporter failing (a full disk under the JUnit file) must not starve the others (the console still has
/// to tell the person what happened), so each event goes to every reporter before the first error is rethrown.
package final class MultiReporter: ResultReporter {
    package let reporters: [any ResultReporter]

    package init(_ reporters: [any ResultReporter]) {
        self.reporters = reporters
    }

    /// - Throws: The first reporter's error, after every reporter was called.
    package func begin(_ run: RunInfo) throws {
        try forEach { try $0.begin(run) }
    }

    /// - Throws: The first reporter's error, after every reporter was called.
    package func report(_ result: ScenarioResult) throws {
        try forEach { try $0.report(result) }
    }

    /// - Throws: The first reporter's error, after every reporter was called.
    package func finish(_ summary: RunSummary) throws {
        try forEach { try $0.finish(summary) }
    }

    private func forEach(_ call: (any ResultReporter) throws -> Void) throws {
        var firstError: (any Error)?
        for reporter in reporters {
            do {
                try call(reporter)
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        if let firstError { throw firstError }
    }
}
