import CookieModel
import Foundation
import ProcessCleanup

/// A fresh directory under the system's temporary folder, removed with everything in it when released.
package final class TemporaryDirectory: Sendable {
    package let path: String
    /// Registered with ``ProcessCleanup``, so that a signal cannot leave the folder behind.
    private let scratchToken: Int

    /// Creates `<tmp>/<prefix>XXXXXX` with `mkdtemp`, readable by this user only.
    /// - Throws: ``CookieStoreError/failed(_:)`` with the system's message.
    package init(prefix: String) throws {
        let base = FileManager.default.temporaryDirectory.path
        guard let made = ProcessCleanup.makeScratchFolder(template: (base.hasSuffix("/") ? base : base + "/") + prefix + "XXXXXX") else {
            throw CookieStoreError.failed("mkdtemp(\(base)/\(prefix)XXXXXX): \(String(cString: strerror(errno)))")
        }
        path = made.path
        scratchToken = made.token
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
        ProcessCleanup.forgetScratch(scratchToken)
    }
}
