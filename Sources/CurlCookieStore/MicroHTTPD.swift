import CLibMicroHTTPD
import CookieModel
import Foundation
import Synchronization

// Every call into libmicrohttpd lives in this file (CONVENTIONS: one file per C library); a failure becomes a
// ``CookieStoreError`` right here, carrying libmicrohttpd's own message.

/// A libmicrohttpd daemon on 127.0.0.1, port chosen by the kernel, answering every request from an ``ExchangeBook``.
///
/// With TLS when given a key and certificate (libmicrohttpd's GnuTLS support, `MHD_USE_TLS`). One internal polling
/// thread serves all connections; the handler only looks things up and never blocks. The daemon runs until the
/// value is released.
final class MicroHTTPDDaemon: Sendable {
    /// The port the kernel gave the listening socket.
    let port: UInt16
    private let daemon: Daemon
    /// Kept alive as long as the daemon, which calls back into it and writes its log into it.
    private let book: ExchangeBook
    private let log: LogBuffer

    /// Starts listening.
    /// - Throws: ``CookieStoreError/failed(_:)`` with libmicrohttpd's last log message when the daemon does not start.
    init(book: ExchangeBook, tls: (keyPEM: String, certificatePEM: String)? = nil) throws {
        if tls != nil, MHD_is_feature_supported(.FEATURE_TLS) != .YES {
            throw CookieStoreError.failed("libmicrohttpd \(Self.version) was built without TLS (MHD_FEATURE_TLS)")
        }
        self.book = book
        log = LogBuffer()
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let flags = UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_AUTO.rawValue | MHD_USE_ERROR_LOG.rawValue)
        let context = Unmanaged.passUnretained(book).toOpaque()
        let log = self.log
        let started: OpaquePointer? = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                // GnuTLS copies the PEM texts while the daemon starts.
                tls?.keyPEM.withCString { key in
                    tls?.certificatePEM.withCString { certificate in
                        cookieharness_mhd_start(flags, socketAddress, accessHandler, context, key, certificate, log.pointer)
                    }
                } ?? cookieharness_mhd_start(flags, socketAddress, accessHandler, context, nil, nil, log.pointer)
            }
        }
        guard let started else {
            let message = log.message
            throw CookieStoreError.failed(
                "libmicrohttpd: MHD_start_daemon on 127.0.0.1 port 0\(tls == nil ? "" : " with TLS") failed"
                    + (message.isEmpty ? "" : ": \(message)"))
        }
        daemon = Daemon(started)
        port = cookieharness_mhd_bound_port(started)
        guard port != 0 else { throw CookieStoreError.failed("libmicrohttpd: MHD_get_daemon_info(MHD_DAEMON_INFO_BIND_PORT) gave no port") }
    }

    /// `0.9.75`.
    static var version: String { MHD_get_version().map { String(cString: $0) } ?? "unknown" }

    /// Owns the `MHD_Daemon`; stopping it joins its thread.
    private final class Daemon: @unchecked Sendable {
        // libmicrohttpd's daemon is thread-safe for the one call made after start: MHD_stop_daemon.
        let pointer: OpaquePointer
        init(_ pointer: OpaquePointer) { self.pointer = pointer }
        deinit { MHD_stop_daemon(pointer) }
    }

    /// The C buffer libmicrohttpd's logger writes into (see `cookieharness_mhd_logger` in the module's shim.h).
    private final class LogBuffer: @unchecked Sendable {
        // Written by libmicrohttpd (at start, on the starting thread; later from the daemon thread), read only after
        // a failed start, when no daemon thread exists.
        let pointer: UnsafeMutablePointer<cookieharness_mhd_log>
        init() {
            pointer = .allocate(capacity: 1)
            pointer.initialize(to: cookieharness_mhd_log())
        }
        var message: String {
            withUnsafeBytes(of: &pointer.pointee.message) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        deinit { pointer.deallocate() }
    }
}

/// libmicrohttpd's access handler: called when a request's headers have arrived, then once more per body chunk and
/// at its end. The response goes out on the last call, after any body was read (and dropped).
private let accessHandler: MHD_AccessHandlerCallback = { context, connection, _, method, _, _, uploadSize, requestState in
    guard let context, let connection, let uploadSize, let requestState else { return .NO }
    if requestState.pointee == nil {
        requestState.pointee = UnsafeMutableRawPointer(bitPattern: 1)  // "seen": libmicrohttpd keeps it per request
        return .YES
    }
    if uploadSize.pointee != 0 {
        uploadSize.pointee = 0
        return .YES
    }
    let book = Unmanaged<ExchangeBook>.fromOpaque(context).takeUnretainedValue()
    var headers: [(name: String, value: String)] = []
    withUnsafeMutablePointer(to: &headers) { list in
        _ = MHD_get_connection_values(connection, .HEADER_KIND, { list, _, key, value in
            guard let list, let key else { return .YES }
            list.assumingMemoryBound(to: [(name: String, value: String)].self).pointee
                .append((String(cString: key), value.map { String(cString: $0) } ?? ""))
            return .YES
        }, list)
    }
    let answer = book.answer(ReceivedRequest(method: method.map { String(cString: $0) } ?? "", headers: headers))
    guard let response = MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT) else { return .NO }
    defer { MHD_destroy_response(response) }
    var status = UInt32(answer.status)
    // libmicrohttpd refuses an empty header value; a single space is the same field on the wire, since a field
    // value's surrounding whitespace is not part of it (RFC 9110 §5.5) and libcurl strips it.
    for line in answer.setCookies where MHD_add_response_header(response, "Set-Cookie", line.isEmpty ? " " : line) != .YES {
        book.reject(answer.exchange, "libmicrohttpd refused the Set-Cookie value \(line.debugDescription) (MHD_add_response_header)")
        status = 500
    }
    return MHD_queue_response(connection, status, response)
}

/// A request as the listener received it.
struct ReceivedRequest: Sendable, Hashable {
    var method: String
    var headers: [HeaderLine]

    struct HeaderLine: Sendable, Hashable {
        var name: String
        var value: String
    }

    init(method: String, headers: [(name: String, value: String)]) {
        self.method = method
        self.headers = headers.map { HeaderLine(name: $0.name, value: $0.value) }
    }

    /// Every value of the header `name` (case-insensitive), in the order received.
    func values(of name: String) -> [String] {
        headers.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }
}
