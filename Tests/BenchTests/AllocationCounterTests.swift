import Bench
import Foundation
import Testing

/// The allocation counter as `bench stores` uses it. The test binary links `CMallocCounter` (as the `cookie-harness`
/// executable does), so the counter is active here; a binary built from a library product does not link it, and the
/// nm check of `.ci/url-dependency` shows that such a binary defines no allocator of ours.
@Suite("allocations counted per thread")
struct AllocationCounterTests {
    /// A C string that passing to C allocates nothing (a Swift `String` argument may be copied into a new buffer).
    static var text: UnsafePointer<CChar> {
        UnsafeRawPointer(("cookie" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
    }

    @Test("linked with the counting allocator, every malloc of the thread is counted, by whichever library it is made")
    func countsWhenLinked() throws {
        #expect(AllocationCounter.isActive)
        let none = try #require(AllocationCounter.count {})
        #expect(none == 0)
        let copies = try #require(AllocationCounter.count {
            // strdup allocates inside glibc: counted only because the replacement interposes.
            for _ in 0..<10 { free(strdup(Self.text)) }
        })
        #expect(copies == 10)
    }

    @Test("another thread's allocations are not this thread's")
    func otherThreads() throws {
        let counted = try #require(AllocationCounter.count {
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                for _ in 0..<100 { free(strdup(Self.text)) }
                done.signal()
            }
            done.wait()
        })
        #expect(counted < 100)
    }
}
