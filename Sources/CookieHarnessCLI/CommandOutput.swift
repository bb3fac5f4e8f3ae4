import Foundation
import Reporting
import Locking

/// Where a command writes: standard output for results, standard error for people; captured in tests.
package final class CommandOutput: Sendable {
    private enum Sink { case standardStreams, captured }
    private let sink: Sink
    private let capturedOut = Locked("")
    private let capturedErr = Locked("")

    private init(_ sink: Sink) { self.sink = sink }

    /// Writes to the process' standard output and standard error.
    package static var standard: CommandOutput { CommandOutput(.standardStreams) }
    /// Keeps everything in memory, for tests.
    package static func capturing() -> CommandOutput { CommandOutput(.captured) }

    /// Writes lines for people: every line goes through ``ConsoleText/lines(_:limit:)``, so a string from a suite,
    /// an adapter or a server that reached it unescaped still cannot drive the terminal or flood it.
    package func out(_ line: String) { write(ConsoleText.lines(line) + "\n", toError: false) }
    package func err(_ line: String) { write(ConsoleText.lines(line) + "\n", toError: true) }
    /// Writes to standard error as is (progress lines end in a carriage return, not a newline).
    package func errRaw(_ text: String) { write(text, toError: true) }

    package var standardOutput: String { capturedOut.withLock { $0 } }
    package var standardError: String { capturedErr.withLock { $0 } }

    private func write(_ text: String, toError: Bool) {
        switch sink {
        case .standardStreams:
            // A terminal or pipe that is gone (a closed SSH session: `EIO`, `EPIPE`; SIGPIPE is blocked, see
            // `Interruption`) loses the text instead of ending the process before it cleans up.
            try? (toError ? FileHandle.standardError : FileHandle.standardOutput).write(contentsOf: Data(text.utf8))
        case .captured:
            if toError { capturedErr.withLock { $0 += text } } else { capturedOut.withLock { $0 += text } }
        }
    }
}
