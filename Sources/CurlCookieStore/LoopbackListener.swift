import CookieModel
import Locking

/// The origin server libcurl really talks to: one plain and one TLS libmicrohttpd daemon on 127.0.0.1.
///
/// libcurl has no API that computes a `Cookie` header without a request (DESIGN §8), so every store operation is a
/// real HTTP exchange with this listener. `CURLOPT_CONNECT_TO` sends every host and port here while libcurl keeps
/// the URL's own host name for the Host header, the TLS server name and, above all, its cookie domain logic.
/// https URLs go to the TLS daemon, so libcurl sees a secure connection and applies its Secure-cookie rules as it
/// would on the real site.
///
/// One listener serves the whole process (started on first use, never stopped); stores running in parallel
/// stay apart through their exchange ids (see ``ExchangeBook``).
final class LoopbackListener: Sendable {
    let book: ExchangeBook
    private let plain: MicroHTTPDDaemon
    private let secure: MicroHTTPDDaemon

    private init() throws {
        book = ExchangeBook()
        plain = try MicroHTTPDDaemon(book: book)
        secure = try MicroHTTPDDaemon(book: book, tls: (LoopbackTLSIdentity.keyPEM, LoopbackTLSIdentity.certificatePEM))
    }

    private static let instance = Locked<LoopbackListener?>(nil)

    /// The process's listener, started on first use.
    /// - Throws: ``CookieStoreError/failed(_:)`` when a daemon cannot start (tried again on the next call).
    static func shared() throws -> LoopbackListener {
        try instance.withLock { instance in
            if let instance { return instance }
            let started = try LoopbackListener()
            instance = started
            return started
        }
    }

    /// The `CURLOPT_CONNECT_TO` entry that sends any host and port of `scheme` to the right daemon.
    func connectTo(scheme: String) throws -> String {
        switch scheme {
        case "http": return "::127.0.0.1:\(plain.port)"
        case "https": return "::127.0.0.1:\(secure.port)"
        default: throw CookieStoreError.unsupported("the libcurl adapter speaks http and https, not \(scheme)")
        }
    }

    /// Test hook: the two ports.
    var ports: (plain: UInt16, secure: UInt16) { (plain.port, secure.port) }
}
