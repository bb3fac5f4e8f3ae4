import ChildProcesses
import CookieStores
import Foundation

/// The decoder of the out-of-process adapter protocol (`CookieStores/OutOfProcess/PROTOCOL.md`): each input line is
/// one line an adapter wrote on its stdout, checked as the reply to a request and, when it is an `ok`, read as a
/// handshake and as a `cookies` result — what the harness does with a reply, without a process.
enum AdapterProtocolTarget {
    static let request = LineProtocol.Request(id: 1, .start)
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static func run(_ input: [UInt8]) {
        for line in input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            guard case .ok(let result)? = try? AdapterProtocol.reply(Data(line), to: request) else { continue }
            _ = try? AdapterHandshake(result: result)
            _ = try? AdapterProtocol.cookies(in: result, now: now)
        }
    }
}
