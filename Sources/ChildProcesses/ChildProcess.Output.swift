import Foundation

extension ChildProcess {
    /// What the child writes, read by background threads so that the harness can wait with a deadline.
    ///
    /// One thread reads stdout and splits it into lines; another keeps the tail of stderr for crash reports. Both
    /// end at end-of-file, which comes when the child exits (the pipes are close-on-exec, so no other process
    /// holds them). The threads hold this object, not the ``ChildProcess``, so dropping a process kills it.
    final class Output: @unchecked Sendable {
        /// Longer stdout lines are refused (a runaway child must not exhaust memory).
        static let maximumLineLength = 8 << 20
        /// How much of stderr is kept.
        static let stderrTailBytes = 8 << 10

        enum Event {
            case line(Data)
            /// A line over ``maximumLineLength``; its first bytes.
            case overlong(prefix: Data)
            /// Stdout reached end-of-file: the child exited or closed it.
            case closed
            case timedOut
        }

        struct Termination: Sendable, Hashable, CustomStringConvertible {
            var reason: Process.TerminationReason
            var status: Int32

            var description: String {
                reason == .exit ? "exited with status \(status)" : "was killed by \(Syscalls.signalName(status))"
            }
        }

        private let condition = NSCondition()
        // Guarded by `condition`.
        private var lines: [Event] = []
        private var firstLine = 0
        private var stdoutClosed = false
        private var stderrTail: [UInt8] = []
        private var stderrClosed = false
        private var termination: Termination?

        /// Starts the reader threads; each closes its descriptor at end-of-file.
        func startReading(stdout: Int32, stderr: Int32) {
            let stdoutReader = Thread { [self] in readLines(from: stdout) }
            stdoutReader.name = "child stdout \(stdout)"
            stdoutReader.stackSize = 256 << 10
            stdoutReader.start()
            let stderrReader = Thread { [self] in readTail(from: stderr) }
            stderrReader.name = "child stderr \(stderr)"
            stderrReader.stackSize = 256 << 10
            stderrReader.start()
        }

        /// How long after the child exited a reply may still arrive (it was in the pipe when the child died).
        static let afterExit: TimeInterval = 0.2

        /// The next stdout event, waiting until `deadline` at most.
        ///
        /// A child that exited counts as closed once ``afterExit`` has passed without a line, even when its stdout
        /// is still open: a process it started (an X server, a helper) may hold the pipe's write end forever.
        func next(until deadline: Date) -> Event {
            condition.lock()
            defer { condition.unlock() }
            var exitedAt: Date?
            while firstLine == lines.count, !stdoutClosed {
                let now = Date()
                if termination != nil {
                    let seen = exitedAt ?? now
                    exitedAt = seen
                    if now >= seen.addingTimeInterval(Self.afterExit) || now >= deadline { return .closed }
                } else if now >= deadline {
                    return .timedOut
                }
                _ = condition.wait(until: exitedAt.map { min(deadline, $0.addingTimeInterval(Self.afterExit)) } ?? deadline)
            }
            guard firstLine < lines.count else { return .closed }
            return takeFirst()
        }

        /// A line already waiting, if any: before a request is sent, that is output nobody asked for.
        func stray() -> Event? {
            condition.lock()
            defer { condition.unlock() }
            return firstLine < lines.count ? takeFirst() : nil
        }

        private func takeFirst() -> Event {
            let event = lines[firstLine]
            firstLine += 1
            if firstLine > 64, firstLine * 2 > lines.count {
                lines.removeFirst(firstLine)
                firstLine = 0
            }
            return event
        }

        /// Records how the process ended (from `Process.terminationHandler`).
        func terminated(_ termination: Termination) {
            condition.lock()
            self.termination = termination
            condition.broadcast()
            condition.unlock()
        }

        /// How the process ended, waiting until `deadline` at most; nil if it is still running.
        func termination(until deadline: Date) -> Termination? {
            condition.lock()
            defer { condition.unlock() }
            while termination == nil {
                if !condition.wait(until: deadline) { break }
            }
            return termination
        }

        var hasTerminated: Bool {
            condition.lock()
            defer { condition.unlock() }
            return termination != nil
        }

        /// The last lines of stderr (at most 20, each shortened), or nil when it wrote nothing.
        var stderrSummary: String? { stderrSummary(settlingUntil: nil) }

        /// ``stderrSummary`` once stderr reached end-of-file, or `deadline` passed: a child that was just killed
        /// may have written its last words (a traceback before the garbage line) that the reader has not read yet.
        func stderrSummary(settlingUntil deadline: Date?) -> String? {
            condition.lock()
            if let deadline {
                while !stderrClosed, condition.wait(until: deadline) {}
            }
            let tail = stderrTail
            condition.unlock()
            let text = String(decoding: tail, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { return nil }
            return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(20)
                .map { ChildProcess.shortened(String($0), to: 300) }.joined(separator: "\n")
        }

        // MARK: Reader threads

        private func readLines(from descriptor: Int32) {
            var pending: [UInt8] = []
            var overlongPrefix: Data?
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
            // stdout's end is recorded below (stdoutClosed); stderr's is readTail's to record, or a killed child's
            // stderr would count as drained as soon as its stdout closed, before its tail was read.
            defer {
                buffer.deallocate()
                Syscalls.close(descriptor)
            }
            while true {
                let count = Syscalls.read(descriptor, into: buffer)
                guard count > 0 else { break }
                var completed: [Event] = []
                let bytes = UnsafeRawBufferPointer(rebasing: buffer[..<count])
                var start = 0
                while start < count {
                    let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
                    if overlongPrefix == nil {
                        pending += bytes[start..<(newline ?? count)]
                        if pending.count > Self.maximumLineLength {
                            overlongPrefix = Data(pending.prefix(300))
                            pending.removeAll()
                        }
                    }
                    guard let newline else { break }
                    if let prefix = overlongPrefix {
                        completed.append(.overlong(prefix: prefix))
                    } else {
                        if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
                        // Blank lines carry nothing; the protocol lets adapters write them.
                        if pending.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) {
                            completed.append(.line(Data(pending)))
                        }
                    }
                    pending.removeAll(keepingCapacity: pending.count < 1 << 16)
                    overlongPrefix = nil
                    start = newline + 1
                }
                if !completed.isEmpty {
                    condition.lock()
                    lines += completed
                    condition.broadcast()
                    condition.unlock()
                }
            }
            condition.lock()
            if let prefix = overlongPrefix {
                lines.append(.overlong(prefix: prefix))
            } else if !pending.isEmpty {
                lines.append(.line(Data(pending)))  // a last line without its newline
            }
            stdoutClosed = true
            condition.broadcast()
            condition.unlock()
        }

        private func readTail(from descriptor: Int32) {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16 << 10, alignment: 1)
            defer {
                buffer.deallocate()
                Syscalls.close(descriptor)
                condition.lock()
                stderrClosed = true
                condition.broadcast()
                condition.unlock()
            }
            while true {
                let count = Syscalls.read(descriptor, into: buffer)
                guard count > 0 else { break }
                condition.lock()
                stderrTail += buffer[..<count]
                if stderrTail.count > Self.stderrTailBytes {
                    stderrTail.removeFirst(stderrTail.count - Self.stderrTailBytes)
                }
                condition.unlock()
            }
        }
    }
}
