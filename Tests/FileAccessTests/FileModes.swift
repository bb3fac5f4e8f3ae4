import Foundation
import TestSupport

/// What the atomic writer's tests look at in a file: its permission bits and its type, links not followed.
extension TestDirectory {
    /// The permission bits of `file` (a full path), after links.
    func mode(of file: String) -> mode_t? {
        var status = stat()
        guard stat(file, &status) == 0 else { return nil }
        return status.st_mode & 0o7777
    }

    func isLink(_ name: String) -> Bool { type(of: name) == S_IFLNK }
    func isFIFO(_ name: String) -> Bool { type(of: name) == S_IFIFO }

    private func type(of name: String) -> mode_t? {
        var status = stat()
        guard lstat(file(name), &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }
}
