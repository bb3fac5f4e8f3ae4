import ChildProcesses
import CookieModel
import Foundation

/// A ``CookieStore`` kept by another process: every operation is a request of the out-of-process protocol
/// (`PROTOCOL.md`), answered by the adapter's own cookie jar.
///
/// Each store has a process to itself for its whole life (leased from the adapter's pool, reset and reused after
/// the store is gone), so parallel scenarios never share a jar. Time comes from the store's clock and travels in
/// every request (`now`), so an adapter that honours it runs on the scenario's virtual clock.
///
/// Errors: an operation the adapter does not have (`skipped`) throws ``CookieStoreError/unsupported(_:)``; a
/// failure of the adapter (it hung, died, wrote garbage, or replied `errored`) throws ``ExternalAdapterError``,
/// which the runner reports as the scenario's error. After a failure that killed the process, every later call
/// on this store throws too; the next store gets a fresh process.
package final class ExternalCookieStore: CookieStore {
    private let pool: AdapterProcessPool
    private let clock: CookieClock
    private let process: AdapterProcess

    /// A store served by a process of `adapter` (shared pool, see ``ExternalAdapter``).
    ///
    /// - Throws: ``ExternalAdapterError`` when the adapter cannot start.
    package convenience init(_ adapter: ExternalAdapter, clock: CookieClock) throws(ExternalAdapterError) {
        try self.init(pool: adapter.pool, clock: clock)
    }

    init(pool: AdapterProcessPool, clock: CookieClock) throws(ExternalAdapterError) {
        self.pool = pool
        self.clock = clock
        self.process = try pool.lease()
    }

    deinit {
        pool.giveBack(process)
    }

    /// What the adapter said about itself when its process started.
    package var handshake: AdapterHandshake { process.handshake }

    /// The process serving this store (for tests and diagnostics).
    var processIdentifier: Int32 { process.pid }

    // MARK: CookieStore

    package func receive(setCookie: String, from url: CookieURL, context: CookieRequestContext) throws {
        _ = try perform(.setCookie, [
            "url": .string(url.description), "set-cookie": .string(setCookie),
            "context": AdapterProtocol.context(context),
        ])
    }

    package func cookieHeader(for url: CookieURL, context: CookieRequestContext) throws -> String? {
        let reply = try perform(.cookieHeader, [
            "url": .string(url.description), "context": AdapterProtocol.context(context),
        ])
        return try checked(reply) { result throws(AdapterProtocol.Violation) in try result.optionalString("header") }
    }

    package func documentCookie(for url: CookieURL, isSameSite: Bool) throws -> String {
        let reply = try perform(.documentCookie, ["url": .string(url.description), "same-site": .bool(isSameSite)])
        return try checked(reply) { result throws(AdapterProtocol.Violation) in try result.string("value") }
    }

    package func writeDocumentCookie(_ value: String, documentURL url: CookieURL, isSameSite: Bool) throws {
        _ = try perform(.writeDocumentCookie, [
            "url": .string(url.description), "value": .string(value), "same-site": .bool(isSameSite),
        ])
    }

    package func storedCookies() throws -> [Cookie] {
        let now = clock.now
        let reply = try perform(.cookies, [:], now: now)
        return try checked(reply) { result throws(AdapterProtocol.Violation) in try AdapterProtocol.cookies(in: result, now: now) }
    }

    package func restart() throws {
        _ = try perform(.restart, [:])
    }

    /// `remove-all-cookies`; an adapter that answers `skipped` cannot empty its store (unsupported).
    package func removeAllCookies() throws {
        _ = try perform(.removeAllCookies, [:])
    }

    // MARK: Requests

    /// Sends one request with the clock's `now`; an ok reply gives its result, the others throw.
    private func perform(
        _ operation: AdapterProtocol.Operation, _ fields: [String: JSONValue], now: Date? = nil
    ) throws -> (request: String, result: AdapterProtocol.Result) {
        var fields = fields
        fields["now"] = AdapterProtocol.instant(now ?? clock.now)
        let (request, outcome) = try process.call(operation, fields)
        switch outcome {
        case .ok(let result):
            return (request.summary, result)
        case .skipped(let reason):
            throw CookieStoreError.unsupported("\(operation.name) (\(process.configuration.name)): \(reason)")
        case .errored(let message, let details):
            throw ExternalAdapterError(
                .adapterErrored, adapter: process.configuration.name, command: process.configuration.commandLine,
                request: request.summary, message: "the adapter reported an error: \(message)", details: details)
        }
    }

    /// Reads a result; a missing or mistyped field is a broken adapter: its process is killed.
    private func checked<T>(
        _ request: (request: String, result: AdapterProtocol.Result),
        _ read: (AdapterProtocol.Result) throws(AdapterProtocol.Violation) -> T
    ) throws(ExternalAdapterError) -> T {
        do throws(AdapterProtocol.Violation) {
            return try read(request.result)
        } catch {
            process.kill()
            throw ExternalAdapterError(
                .invalidReply, adapter: process.configuration.name, command: process.configuration.commandLine,
                request: request.request, message: error.message,
                line: ChildProcess.shortened(request.result.line, to: 500))
        }
    }
}
