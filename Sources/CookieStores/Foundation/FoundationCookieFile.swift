import CookieModel
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking

/// Foundation's own on-disk `HTTPCookieStorage`, kept in a temporary directory the store owns.
///
/// On Linux the only public way to a persistent storage other than the process-wide `HTTPCookieStorage.shared` is
/// `HTTPCookieStorage.sharedCookieStorage(forGroupContainerIdentifier:)`. swift-corelibs-foundation
/// (`Sources/FoundationNetworking/HTTPCookieStorage.swift`) keeps that storage in
/// `<application support>/<bundle name>/.cookies.<identifier>`, where application support is `$XDG_DATA_HOME`
/// (else `$HOME/.local/share`) as it is when the storage is created; it reads the file when the storage is created,
/// rewrites it (persistent cookies only) on every change, and caches the storage per identifier for the life of the
/// process. So:
///
/// - the storage is created while `XDG_DATA_HOME` names this store's temporary directory — set under a
///   process-wide lock and restored right after, so no other thread of the harness looks at it meanwhile
///   (setting and removing the last environment entry leaves every other entry where it was);
/// - a restart moves the file to a new identifier and creates the storage for that identifier: a new instance that
///   reads the file with Foundation's own loader, as a relaunched app's `HTTPCookieStorage.shared` reads its file.
///
/// Every storage made here stays in Foundation's cache until the process ends; the store empties the ones it
/// leaves behind so that they hold no memory to speak of.
final class FoundationCookieFile: Sendable {
    let directory: TemporaryDirectory
    private let name = "cookie-harness-" + UUID().uuidString
    private let generation = Locked(0)

    init() throws {
        directory = try TemporaryDirectory(prefix: "cookie-harness-foundation-")
    }

    /// The storage for the current identifier, reading the file if there is one.
    /// - Throws: ``CookieStoreError/failed(_:)`` when Foundation put its folder anywhere but the temporary directory.
    func open() throws -> HTTPCookieStorage {
        let identifier = generation.withLock { "\(name).\($0)" }
        let storage = Self.withDataHome(directory.path) {
            HTTPCookieStorage.sharedCookieStorage(forGroupContainerIdentifier: identifier)
        }
        guard try folder() != nil else {
            throw CookieStoreError.failed(
                "Foundation did not create its cookie folder under XDG_DATA_HOME=\(directory.path) "
                    + "(HTTPCookieStorage.sharedCookieStorage(forGroupContainerIdentifier: \"\(identifier)\"))")
        }
        return storage
    }

    /// A new storage instance on the same file: what the next launch of the app would get.
    func reopen() throws -> HTTPCookieStorage {
        if let folder = try folder() {
            let (old, new) = generation.withLock { current in
                defer { current += 1 }
                return ("\(folder)/.cookies.\(name).\(current)", "\(folder)/.cookies.\(name).\(current + 1)")
            }
            if FileManager.default.fileExists(atPath: old) {
                do {
                    try FileManager.default.moveItem(atPath: old, toPath: new)
                } catch {
                    throw CookieStoreError.failed("moving Foundation's cookie file \(old) to \(new): \(error)")
                }
            }
        }
        return try open()
    }

    /// The file of the current identifier, if Foundation has written it.
    var currentFile: String? {
        guard let folder = try? folder() else { return nil }
        let path = "\(folder)/.cookies.\(name).\(generation.withLock { $0 })"
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// `<directory>/<bundle name>`: the one folder Foundation creates in the directory.
    private func folder() throws -> String? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        guard entries.count <= 1 else {
            throw CookieStoreError.failed("unexpected entries in Foundation's cookie directory \(directory.path): \(entries)")
        }
        return entries.first.map { directory.path + "/" + $0 }
    }

    // MARK: The environment

    /// Serialises every change this module makes to the process environment, and every call that may create one of
    /// Foundation's process-wide singletons (which would take their folders from the environment of that moment).
    private static let environmentLock = NSLock()

    /// Runs `body` while no other thread of this module has `XDG_DATA_HOME` redirected.
    ///
    /// `URLSessionConfiguration.ephemeral` starts from `.default`, which creates `HTTPCookieStorage.shared` and
    /// `URLCache.shared` on first use, each with a folder under the user's data and cache homes: that first use must
    /// not happen while the variable names a store's temporary directory.
    static func outsideRedirection<T>(_ body: () throws -> T) rethrows -> T {
        environmentLock.lock()
        defer { environmentLock.unlock() }
        return try body()
    }

    /// Runs `body` while `XDG_DATA_HOME` is `path`, then puts the variable back as it was.
    private static func withDataHome<T>(_ path: String, _ body: () -> T) -> T {
        environmentLock.lock()
        defer { environmentLock.unlock() }
        let previous = getenv("XDG_DATA_HOME").map { String(cString: $0) }
        setenv("XDG_DATA_HOME", path, 1)
        defer {
            if let previous { setenv("XDG_DATA_HOME", previous, 1) } else { unsetenv("XDG_DATA_HOME") }
        }
        return body()
    }
}
