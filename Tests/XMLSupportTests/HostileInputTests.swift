import Foundation
import TestSupport
import Testing
import XMLSupport

@Suite("Hostile input")
struct HostileInputTests {
    /// Documents that try to pull a local file into the parse, each with the file's URL spliced in.
    static let externalReferences: [String] = [
        #"<!DOCTYPE x [<!ENTITY e SYSTEM "FILE">]><x>&e;</x>"#,
        #"<!DOCTYPE x [<!ENTITY e SYSTEM "FILE">]><x a="&e;"/>"#,
        #"<!DOCTYPE x [<!ENTITY % p SYSTEM "FILE"> %p;]><x/>"#,
        #"<!DOCTYPE x SYSTEM "FILE"><x/>"#,
        #"<x xmlns:xi="http://www.w3.org/2001/XInclude"><xi:include href="FILE" parse="text"/></x>"#,
    ]

    @Test("external entities, DTDs and XIncludes are never read", arguments: externalReferences)
    func doesNotReadExternalFiles(template: String) throws {
        let directory = try TestDirectory()
        let marker = "SECRET-\(UUID().uuidString)"
        let secret = try directory.write("secret.txt", marker)

        for url in ["file://\(secret)", "file:///etc/passwd"] {
            let source = template.replacingOccurrences(of: "FILE", with: url)
            let seen: String
            do {
                let tree = try XMLTree.parse(Data(source.utf8), file: "xxe.xml")
                seen = tree.root.text + tree.root.attributes.map(\.value).joined()
                    + tree.warnings.map(\.description).joined()
            } catch let error as XMLSupportError {
                seen = error.description
            }
            #expect(!seen.contains(marker), "\(url) was read: \(seen)")
            #expect(!seen.contains("root:"), "\(url) was read: \(seen)")
        }
    }

    @Test("a reference to the external entity is refused with its position")
    func refusesEntityReference() throws {
        let source = "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>\n<x>\n  <y>&e;</y>\n</x>"
        let error = try #require(throws: XMLSupportError.self) { try XMLTree.parse(Data(source.utf8), file: "x.xml") }
        #expect(error.code == .notWellFormed)
        #expect(error.description == """
            x.xml:3:3: error: reference to entity 'e' refused: only the predefined entities and character \
            references are allowed
            """)
    }

    @Test("nothing is fetched over the network")
    func doesNotUseNetwork() throws {
        let listener = try LoopbackListener()
        let url = "http://127.0.0.1:\(listener.port)/x"
        let sources = [
            "<!DOCTYPE x SYSTEM \"\(url).dtd\"><x/>",
            "<!DOCTYPE x [<!ENTITY e SYSTEM \"\(url)\">]><x>&e;</x>",
            "<!DOCTYPE x [<!ENTITY % p SYSTEM \"\(url)\"> %p;]><x/>",
        ]
        for source in sources {
            _ = try? XMLTree.parse(Data(source.utf8), file: "net.xml")
        }
        #expect(!listener.receivedConnection, "libxml2 connected to \(url)")
    }

    /// Entity expansion attacks: nested ("billion laughs") and wide (quadratic blowup), in content and attributes.
    static let amplifications: [String] = {
        var laughs = "<!DOCTYPE lolz [<!ENTITY lol0 \"lol\">"
        for level in 1...9 {
            let previous = String(repeating: "&lol\(level - 1);", count: 10)
            laughs += "<!ENTITY lol\(level) \"\(previous)\">"
        }
        laughs += "]>"
        let wide = "<!DOCTYPE x [<!ENTITY a \"\(String(repeating: "A", count: 50_000))\">]>"
        return [
            laughs + "<lolz>&lol9;</lolz>",
            laughs + "<lolz a=\"&lol9;\"/>",
            wide + "<x>\(String(repeating: "&a;", count: 50_000))</x>",
            wide + "<x a=\"\(String(repeating: "&a;", count: 50_000))\"/>",
        ]
    }()

    @Test("entity expansion attacks fail quickly instead of expanding", arguments: amplifications)
    func boundsEntityExpansion(source: String) throws {
        let clock = ContinuousClock()
        var result: Result<XMLTree, any Error>!
        let elapsed = clock.measure {
            result = Result { try XMLTree.parse(Data(source.utf8), file: "lol.xml") }
        }
        #expect(elapsed < .seconds(5))
        switch result! {
        case .success(let tree):
            let size = tree.root.text.utf8.count + tree.root.attributes.reduce(0) { $0 + $1.value.utf8.count }
            #expect(size < 1_000_000, "expanded to \(size) bytes")
        case .failure(let error):
            let error = try #require(error as? XMLSupportError)
            #expect(error.code == .notWellFormed)
        }
    }

    @Test("absurdly deep nesting is refused rather than overflowing the stack")
    func refusesDeepNesting() throws {
        let depth = 100_000
        let source = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        let error = try #require(throws: XMLSupportError.self) {
            try XMLTree.parse(Data(source.utf8), file: "deep.xml")
        }
        #expect(error.message.contains("Excessive depth in document: 256"))
    }
}

/// A TCP listener on an ephemeral loopback port that only records whether anyone connected.
final class LoopbackListener {
    private let descriptor: Int32
    let port: UInt16

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard bound == 0, named == 0, listen(descriptor, 8) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
        self.descriptor = descriptor
        self.port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }

    /// A connection attempt completes in the kernel's backlog, so a non-blocking accept sees it without a thread.
    var receivedConnection: Bool {
        let connection = accept(descriptor, nil, nil)
        if connection >= 0 { close(connection) }
        return connection >= 0
    }
}
