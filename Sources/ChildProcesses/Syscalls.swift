#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import ProcessCleanup

/// Every POSIX call the child-process machinery makes, in one place; errors become Swift values right here.
package enum Syscalls {
    /// A pipe whose two ends are close-on-exec, so that no other child inherits them (a leaked write end would
    /// hide a crash: the reader would never see end-of-file).
    ///
    /// `pipe2(O_CLOEXEC)` is not visible to Swift without `_GNU_SOURCE`, so the flag is set right after `pipe`.
    /// The gap does not matter for ``ChildProcess``, which closes every other descriptor in the child (`closefrom(3)`).
    package static func makePipe() throws(SyscallError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SyscallError("pipe", errno) }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        return (ends[0], ends[1])
    }

    package static func close(_ descriptor: Int32) {
        guard descriptor >= 0 else { return }
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #elseif canImport(Musl)
        _ = Musl.close(descriptor)
        #else
        _ = Darwin.close(descriptor)
        #endif
    }

    /// Makes writes to `descriptor` return `EAGAIN` instead of blocking (a child that stops reading its stdin must
    /// not hang the harness past the request's time limit).
    package static func setNonBlocking(_ descriptor: Int32) {
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
    }

    /// Reads what is available (blocking until something is): the byte count, 0 at end-of-file, -1 on error.
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            #if canImport(Glibc)
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            #elseif canImport(Musl)
            let count = Musl.read(descriptor, buffer.baseAddress, buffer.count)
            #else
            let count = Darwin.read(descriptor, buffer.baseAddress, buffer.count)
            #endif
            if count < 0, errno == EINTR { continue }
            return count
        }
    }

    /// How a write ended.
    package enum WriteResult: Equatable {
        case written
        /// The reader is gone (`EPIPE`): the child has exited or closed its stdin.
        case closed
        /// The child did not read its stdin before the deadline.
        case timedOut
        case failed(errno: Int32)
    }

    /// Writes all of `bytes` to a non-blocking pipe before `deadline`, without raising SIGPIPE.
    ///
    /// Writing to a pipe whose reader is gone raises SIGPIPE, whose default action ends the harness. Rather than
    /// ignore the signal process-wide (which every child would then inherit), SIGPIPE is blocked in this thread
    /// for the write, and a SIGPIPE the write caused is consumed before the mask is restored.
    package static func write(_ descriptor: Int32, _ bytes: [UInt8], deadline: Date) -> WriteResult {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var pending = sigset_t()
        sigpending(&pending)
        let alreadyPending = sigismember(&pending, SIGPIPE) == 1
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previousMask)
        defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }

        var offset = 0
        var result = WriteResult.written
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                #if canImport(Glibc)
                Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                #elseif canImport(Musl)
                Musl.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                #else
                Darwin.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                #endif
            }
            if count >= 0 {
                offset += count
                continue
            }
            let error = errno
            if error == EINTR { continue }
            if error == EAGAIN || error == EWOULDBLOCK {
                let remaining = deadline.timeIntervalSinceNow
                guard remaining > 0 else {
                    result = .timedOut
                    break
                }
                var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&poller, 1, Int32(min(remaining * 1000, 60_000).rounded(.up)))
                continue
            }
            result = error == EPIPE ? .closed : .failed(errno: error)
            break
        }
        if result == .closed, !alreadyPending {
            #if canImport(Darwin)
            var caught: Int32 = 0
            var stillPending = sigset_t()
            sigpending(&stillPending)
            if sigismember(&stillPending, SIGPIPE) == 1 { sigwait(&pipeSignal, &caught) }
            #else
            var immediately = timespec(tv_sec: 0, tv_nsec: 0)
            while sigtimedwait(&pipeSignal, nil, &immediately) == -1, errno == EINTR {}
            #endif
        }
        return result
    }

    /// Sends `signal` to `pid`.
    package static func kill(_ pid: Int32, _ signal: Int32) {
        guard pid > 0 || pid < -1 else { return }
        #if canImport(Glibc)
        _ = Glibc.kill(pid, signal)
        #elseif canImport(Musl)
        _ = Musl.kill(pid, signal)
        #else
        _ = Darwin.kill(pid, signal)
        #endif
    }

    /// `SIGKILL`, `SIGSEGV`, …, or the number.
    package static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGABRT: "SIGABRT",
            SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE",
            SIGALRM: "SIGALRM", SIGTERM: "SIGTERM",
        ]
        return names[signal] ?? "signal \(signal)"
    }

    /// The C library's text for an `errno` value.
    package static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Finds a command the way a shell does: a name with a slash is a path (relative to `currentDirectory`),
    /// any other name is looked up in each `PATH` directory.
    ///
    /// - Returns: The executable's path, or nil with the directories searched.
    package static func resolveExecutable(
        _ command: String, currentDirectory: String, searchPath: String?
    ) -> (path: String?, searched: [String]) {
        func isExecutableFile(_ path: String) -> Bool {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
                && access(path, X_OK) == 0
        }
        if command.contains("/") {
            let path = command.hasPrefix("/") ? command : "\(currentDirectory)/\(command)"
            return (isExecutableFile(path) ? path : nil, [])
        }
        let directories = (searchPath ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? currentDirectory : String($0) }
        for directory in directories {
            let path = directory.hasSuffix("/") ? directory + command : "\(directory)/\(command)"
            if isExecutableFile(path) { return (path, directories) }
        }
        return (nil, directories)
    }
}

/// A failed system call, with the C library's explanation.
package struct SyscallError: Error, Sendable, CustomStringConvertible {
    package var call: String
    package var code: Int32

    package init(_ call: String, _ code: Int32) {
        self.call = call
        self.code = code
    }

    package var description: String { "\(call): \(Syscalls.describe(errno: code))" }
}

extension Syscalls {
    /// Sends `signal` to the process group `group` (a child that made itself a group leader, and everything it
    /// started: WebKit's helper processes, an Xvfb).
    package static func killGroup(_ group: Int32, _ signal: Int32) {
        guard group > 1 else { return }
        kill(-group, signal)
    }
}

extension Syscalls {
    /// A folder made with `mkdtemp` under the harness's temporary folder and registered with ``ProcessCleanup``.
    package struct ScratchFolder: Sendable {
        package let path: String
        let token: Int

        /// Removes the folder with everything in it.
        package func remove() {
            try? FileManager.default.removeItem(atPath: path)
            ProcessCleanup.forgetScratch(token)
        }
    }

    /// `<tmp>/cookie-harness-child-XXXXXX`, or nil if it cannot be made (the child then shares the harness's).
    package static func makeScratchFolder() -> ScratchFolder? {
        let base = FileManager.default.temporaryDirectory.path
        let made = ProcessCleanup.makeScratchFolder(template: (base.hasSuffix("/") ? base : base + "/") + "cookie-harness-child-XXXXXX")
        return made.map { ScratchFolder(path: $0.path, token: $0.token) }
    }
}
