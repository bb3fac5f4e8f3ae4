/// SHA-256 (FIPS 180-4) in hex, of a string's UTF-8 bytes or of bytes fed in pieces.
///
/// A shortened value in a report names the digest of the whole value, so two runs can be told apart (or matched)
/// where the value was cut; a run's identity names its suites, expectation files and results by their digests
/// (``RunIdentity``), the results hashed as they are written. Foundation on Linux has no CryptoKit, and a digest per shortened value does not
/// justify linking libcrypto: this is the plain algorithm, tested against the standard's vectors.
struct SHA256 {
    private var state: [UInt32] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ]
    /// The bytes of a block not yet complete (fewer than 64).
    private var pending: [UInt8] = []
    private var byteCount: UInt64 = 0

    init() {
        pending.reserveCapacity(64)
    }

    /// The digest of `text`'s UTF-8 bytes, in hex.
    static func hex(_ text: String) -> String {
        var hasher = SHA256()
        hasher.update(Array(text.utf8))
        return hasher.finalize()
    }

    /// Adds bytes to the message: a file hashed as it is written, never held whole.
    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        byteCount &+= UInt64(bytes.count)
        var start = 0
        if !pending.isEmpty {
            let taken = min(64 - pending.count, bytes.count)
            pending.append(contentsOf: bytes[0..<taken])
            start = taken
            guard pending.count == 64 else { return }
            pending.withUnsafeBytes { compress(blocksOf: $0) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = (bytes.count - start) / 64 * 64
        if whole > 0 { compress(blocksOf: UnsafeRawBufferPointer(rebasing: bytes[start..<(start + whole)])) }
        pending.append(contentsOf: bytes[(start + whole)...])
    }

    /// The digest in hex: the padding and the length added to what was given.
    mutating func finalize() -> String {
        let bitLength = byteCount &* 8
        var tail = pending
        tail.append(0x80)
        tail.append(contentsOf: repeatElement(0, count: (120 - tail.count % 64) % 64))
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        tail.withUnsafeBytes { compress(blocksOf: $0) }
        pending.removeAll()
        return state.map { word in
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 8 - hex.count) + hex
        }.joined()
    }

    /// Runs the compression function over whole 64-byte blocks.
    private mutating func compress(blocksOf bytes: UnsafeRawBufferPointer) {
        // Raw pointers and rotations written out: a debug build hashes a megabyte in a fraction of a second.
        let words = UnsafeMutablePointer<UInt32>.allocate(capacity: 64)
        defer { words.deallocate() }
        var h0 = state[0], h1 = state[1], h2 = state[2], h3 = state[3], h4 = state[4], h5 = state[5], h6 = state[6], h7 = state[7]
        Self.roundConstants.withUnsafeBufferPointer { constants in
            for block in stride(from: 0, to: bytes.count, by: 64) {
                for index in 0..<16 {
                    let base = block + index * 4
                    words[index] = UInt32(bytes[base]) << 24 | UInt32(bytes[base + 1]) << 16
                        | UInt32(bytes[base + 2]) << 8 | UInt32(bytes[base + 3])
                }
                for index in 16..<64 {
                    let w15 = words[index - 15], w2 = words[index - 2]
                    let s0 = (w15 >> 7 | w15 << 25) ^ (w15 >> 18 | w15 << 14) ^ (w15 >> 3)
                    let s1 = (w2 >> 17 | w2 << 15) ^ (w2 >> 19 | w2 << 13) ^ (w2 >> 10)
                    words[index] = words[index - 16] &+ s0 &+ words[index - 7] &+ s1
                }
                var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
                for index in 0..<64 {
                    let s1 = (e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)
                    let t1 = h &+ s1 &+ ((e & f) ^ (~e & g)) &+ constants[index] &+ words[index]
                    let s0 = (a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)
                    let t2 = s0 &+ ((a & b) ^ (a & c) ^ (b & c))
                    h = g; g = f; f = e; e = d &+ t1; d = c; c = b; b = a; a = t1 &+ t2
                }
                h0 = h0 &+ a; h1 = h1 &+ b; h2 = h2 &+ c; h3 = h3 &+ d
                h4 = h4 &+ e; h5 = h5 &+ f; h6 = h6 &+ g; h7 = h7 &+ h
            }
        }
        state = [h0, h1, h2, h3, h4, h5, h6, h7]
    }

    private static let roundConstants: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]
}
