#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a lock, for state that threads share: what the standard library's `Synchronization.Mutex` does,
/// with a lock ThreadSanitizer can see.
///
/// On Linux `Mutex` is a futex inside the standard library, which no sanitized build instruments, so under
/// `swift test --sanitize=thread` every access it guards is reported as a race (four threads counting to 40,000
/// under a `Mutex`: a report on every run). `pthread_mutex_lock` is intercepted by every sanitizer, so with this
/// lock a ThreadSanitizer report means a real race (docs/reliability.md, "Memory and thread safety"). Uncontended,
/// both are one atomic exchange.
public final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock; not reentrant (a nested call on the same lock deadlocks, as
    /// with `Mutex`).
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
