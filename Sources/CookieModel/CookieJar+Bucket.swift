import Foundation

extension CookieJar {
    /// A bucket's key, its domain field, hashed eight octets at a time with a multiply-and-fold and a final mix
    /// instead of the standard library's SipHash: a `Cookie` header looks up the host and each parent domain
    /// (three lookups on the standard workload), and SipHash's set-up and finalisation, like a loop over a
    /// String's UTF-8 view, cost more than the few octets of a host name. `==` stays the String's (canonical
    /// equivalence), so a name that is not ASCII is hashed in its NFC form, as canonically equivalent names must
    /// hash alike. (Nothing depends on the order of the buckets: every listing sorts, every eviction picks by a
    /// unique key.)
    struct DomainKey: Hashable {
        var domain: String

        init(_ domain: String) { self.domain = domain }

        static func == (a: DomainKey, b: DomainKey) -> Bool { a.domain == b.domain }

        func hash(into hasher: inout Hasher) { hasher.combine(_rawHashValue(seed: 0)) }

        /// What `Dictionary` calls instead of ``hash(into:)``; `seed` is the dictionary's own.
        func _rawHashValue(seed: Int) -> Int {
            let seed = UInt64(bitPattern: Int64(seed))
            if let (hash, isASCII) = domain.utf8.withContiguousStorageIfAvailable({ DomainKey.hash($0, seed: seed) }),
               isASCII
            {
                return hash
            }
            var normalized = domain.precomposedStringWithCanonicalMapping
            return normalized.withUTF8 { DomainKey.hash($0, seed: seed).hash }
        }

        /// The hash of `octets`, and whether they are all ASCII.
        private static func hash(_ octets: UnsafeBufferPointer<UInt8>, seed: UInt64) -> (hash: Int, isASCII: Bool) {
            let multiplier: UInt64 = 0x9e37_79b9_7f4a_7c15
            var hash = seed ^ UInt64(octets.count) &* multiplier
            var (offset, highBits): (Int, UInt64) = (0, 0)
            if let base = octets.baseAddress {
                while offset + 8 <= octets.count {
                    let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
                    highBits |= word
                    hash = (hash ^ word) &* multiplier
                    hash ^= hash >> 32
                    offset += 8
                }
            }
            var tail: UInt64 = 0
            for (shift, octet) in octets[offset...].enumerated() { tail |= UInt64(octet) << (8 * UInt64(shift)) }
            highBits |= tail
            hash = (hash ^ tail) &* multiplier
            // MurmurHash3's 64-bit finaliser: the low bits the dictionary's table uses depend on every octet.
            hash ^= hash >> 33
            hash &*= 0xff51_afd7_ed55_8ccd
            hash ^= hash >> 33
            hash &*= 0xc4ce_b9fe_1a85_ec53
            hash ^= hash >> 33
            return (Int(truncatingIfNeeded: hash), highBits & 0x8080_8080_8080_8080 == 0)
        }
    }

    /// One domain field's cookies: each whole cookie beside the plain values that retrieval and the identity
    /// check read (``Key``: no reference-counted field, so scanning a bucket retains nothing), and the bucket's
    /// distinct paths, interned — a request path-matches each distinct path once, not each cookie. Keys and
    /// cookies share one array (separate arrays cost storing a line more in allocations than they saved in
    /// scanning); every change goes through the methods below, which keep the keys in step.
    struct Bucket {
        private(set) var entries: [Entry] = []
        /// The distinct paths of the bucket's cookies (and, until ``compactPaths()``, of some removed ones).
        private(set) var paths: [String] = []
        /// Every cookie's `name=value` pair as octets, one after the other (``Key/pairOffset``): a `Cookie`
        /// header copies from this one buffer, and a cookie costs no buffer of its own for its pair.
        private(set) var pairOctets: [UInt8] = []
        /// How many octets of ``pairOctets`` belong to removed cookies (dropped by ``compactPairs()``).
        private var unusedPairOctets = 0

        struct Entry {
            var key: Key
            var cookie: Cookie
        }

        /// The cookies, in the order they were stored.
        var cookies: LazyMapCollection<[Entry], Cookie> { entries.lazy.map(\.cookie) }

        /// What a request or an identity check reads of a cookie, as plain values.
        struct Key {
            /// The cookie's path: its index in ``Bucket/paths``, and its length in octets (the sort key).
            var path: Int32
            var pathLength: Int32
            /// Where the cookie's `name=value` pair is in ``Bucket/pairOctets``, and its length.
            var pairOffset: Int32
            var pairLength: Int32
            /// FNV-1a of the name: an identity check compares names only when these agree.
            var nameHash: UInt32
            var isHostOnly: Bool
            var isSecure: Bool
            var isHTTPOnly: Bool
            var sameSite: SameSite
            /// The expiry as seconds since the reference date, +∞ for a session cookie.
            var expiry: Double
            var creation: Date
            var sequence: UInt64

            func isExpired(at now: Double) -> Bool { expiry <= now }
        }

        var count: Int { entries.count }
        var isEmpty: Bool { entries.isEmpty }

        static func nameHash(_ name: String) -> UInt32 {
            var hash: UInt32 = 2_166_136_261
            for octet in name.utf8 { hash = (hash ^ UInt32(octet)) &* 16_777_619 }
            return hash
        }

        /// What the identity check and ``append(_:identity:)`` need of a cookie, worked out once per insert.
        struct Identity {
            /// The cookie's path in ``Bucket/paths``, nil when no cookie here has it.
            var path: Int?
            var nameHash: UInt32
        }

        func identity(of cookie: Cookie) -> Identity {
            Identity(path: paths.firstIndex(of: cookie.path), nameHash: Bucket.nameHash(cookie.name))
        }

        /// `cookie`'s identity here and the index of the cookie that has it (§5.7 step 23), if one does.
        /// `mutating` though it changes nothing: reached through the dictionary's `values`, a mutating method
        /// gets the bucket in place, where a non-mutating one gets a copy (a retain and release of both arrays).
        mutating func find(_ cookie: Cookie) -> (identity: Identity, index: Int?) {
            let identity = identity(of: cookie)
            return (identity, firstIndex(sameIdentityAs: cookie, identity))
        }

        /// The index of the cookie with `cookie`'s identity (§5.7 step 23). The domain is the bucket's; a path
        /// no cookie here has ends the search before any name is compared.
        func firstIndex(sameIdentityAs cookie: Cookie, _ identity: Identity) -> Int? {
            guard let path = identity.path else { return nil }
            let path32 = Int32(path)
            return entries.withUnsafeBufferPointer { entries in
                entries.firstIndex { entry in
                    entry.key.path == path32 && entry.key.nameHash == identity.nameHash
                        && entry.key.isHostOnly == cookie.isHostOnly && entry.cookie.name == cookie.name
                }
            }
        }

        /// Appends `cookie`; `identity` is `identity(of: cookie)`, unless a removal came in between. Returns the
        /// bucket's count.
        @discardableResult
        mutating func append(_ cookie: Cookie, identity: Identity? = nil) -> Int {
            // Room for a few from the start: growing 1, 2, 4 would cost two more reallocations.
            if entries.isEmpty {
                entries.reserveCapacity(4)
                pairOctets.reserveCapacity(128)
            }
            let identity = identity ?? self.identity(of: cookie)
            let path: Int
            if let existing = identity.path {
                path = existing
            } else {
                path = paths.count
                paths.append(cookie.path)
            }
            // §5.8.3 step 4: "name=value", or the bare value of a name-less cookie.
            let pairOffset = pairOctets.count
            if !cookie.name.isEmpty {
                pairOctets.append(contentsOf: cookie.name.utf8)
                pairOctets.append(UInt8(ascii: "="))
            }
            pairOctets.append(contentsOf: cookie.value.utf8)
            entries.append(Entry(key: Key(
                path: Int32(path), pathLength: Int32(cookie.path.utf8.count), pairOffset: Int32(pairOffset),
                pairLength: Int32(pairOctets.count - pairOffset),
                nameHash: identity.nameHash, isHostOnly: cookie.isHostOnly, isSecure: cookie.isSecure,
                isHTTPOnly: cookie.isHTTPOnly, sameSite: cookie.sameSite,
                expiry: cookie.expiry?.timeIntervalSinceReferenceDate ?? .infinity, creation: cookie.creation,
                sequence: cookie.creationSequence), cookie: cookie))
            return entries.count
        }

        mutating func remove(at index: Int) {
            unusedPairOctets += Int(entries[index].key.pairLength)
            entries.remove(at: index)
            compactPaths()
            compactPairs()
        }

        /// Removes the cookies for which `shouldRemove` is true; returns how many went.
        @discardableResult
        mutating func removeAll(where shouldRemove: (Cookie) -> Bool) -> Int {
            removeAll(marked: entries.map { shouldRemove($0.cookie) })
        }

        /// Removes the cookies whose index is marked true, keeping the others' order.
        private mutating func removeAll(marked: [Bool]) -> Int {
            var kept = 0
            for index in entries.indices where !marked[index] {
                if kept != index { entries.swapAt(kept, index) }
                kept += 1
            }
            let removed = entries.count - kept
            guard removed > 0 else { return 0 }
            for entry in entries[kept...] { unusedPairOctets += Int(entry.key.pairLength) }
            entries.removeLast(removed)
            compactPaths()
            compactPairs()
            return removed
        }

        /// Removes the cookies expired at `now` (read from the keys: no cookie is touched when none is).
        @discardableResult
        mutating func removeExpired(at now: Date) -> Int {
            let now = now.timeIntervalSinceReferenceDate
            guard entries.contains(where: { $0.key.isExpired(at: now) }) else { return 0 }
            return removeAll(marked: entries.map { $0.key.isExpired(at: now) })
        }

        /// §5.8.3 step 1 on this bucket: appends a ``Hit`` for each cookie sent to `url` (its last-access set to
        /// `now`) and counts its pair's octets. Each distinct path is matched once; the rest reads the keys. Returns false,
        /// having appended nothing, when the bucket holds an expired cookie (which the caller evicts first).
        mutating func collect(
            for url: CookieURL, isRequestHost: Bool, context: CookieRequestContext,
            configuration: CookieJarConfiguration, now: Date, bucket: Int32, into retrieval: inout Retrieval
        ) -> Bool {
            guard !entries.isEmpty else { return true }
            let paths = self.paths
            let nowSeconds = now.timeIntervalSinceReferenceDate
            return withUnsafeTemporaryAllocation(of: Bool.self, capacity: paths.count) { pathMatches in
                for index in paths.indices {
                    pathMatches.initializeElement(
                        at: index, to: CookieURL.pathMatches(requestPath: url.path, cookiePath: paths[index]))
                }
                let (requestIsSecure, isScript) = (url.isSecure, context.api == .nonHTTP)
                // The cross-site rule of each SameSite mode, worked out once per bucket.
                let crossSite = !context.isSameSiteRequest
                let laxAllowed = context.api == .http && context.isTopLevelNavigation && context.isSafeMethod
                let (hitsBefore, pairsBefore) = (retrieval.hits.count, retrieval.pairOctets)
                for index in entries.indices {
                    let key = entries[index].key
                    guard !key.isExpired(at: nowSeconds) else {
                        retrieval.hits.removeLast(retrieval.hits.count - hitsBefore)
                        retrieval.pairOctets = pairsBefore
                        return false
                    }
                    if key.isHostOnly, !isRequestHost { continue }
                    guard pathMatches[Int(key.path)] else { continue }
                    if key.isSecure, !requestIsSecure { continue }
                    if key.isHTTPOnly, isScript { continue }
                    if crossSite {
                        switch key.sameSite == .default ? configuration.sameSiteDefault : key.sameSite {
                        case .strict: continue
                        case .lax, .default: guard laxAllowed else { continue }
                        case .none: break
                        }
                    }
                    entries[index].cookie.lastAccess = now
                    retrieval.hits.append(Hit(
                        creation: key.creation, sequence: key.sequence, pathLength: key.pathLength, bucket: bucket,
                        index: Int32(index), pairOffset: key.pairOffset, pairLength: key.pairLength))
                    retrieval.pairOctets += Int(key.pairLength)
                }
                return true
            }
        }

        /// Drops the paths no cookie uses once they outnumber the cookies (a bucket whose cookies come and go
        /// with ever new paths stays small), renumbering the keys.
        private mutating func compactPaths() {
            guard paths.count > 2 * entries.count + 8 else { return }
            var renumbered = [Int32](repeating: -1, count: paths.count)
            var kept: [String] = []
            for index in entries.indices {
                let old = Int(entries[index].key.path)
                if renumbered[old] < 0 {
                    renumbered[old] = Int32(kept.count)
                    kept.append(paths[old])
                }
                entries[index].key.path = renumbered[old]
            }
            paths = kept
        }

        /// Drops the pairs of removed cookies once they take more room than the kept ones (and some), moving
        /// the kept pairs together in the cookies' order.
        private mutating func compactPairs() {
            guard unusedPairOctets > 256, unusedPairOctets > pairOctets.count - unusedPairOctets else { return }
            var kept: [UInt8] = []
            kept.reserveCapacity(pairOctets.count - unusedPairOctets)
            for index in entries.indices {
                let (offset, length) = (Int(entries[index].key.pairOffset), Int(entries[index].key.pairLength))
                entries[index].key.pairOffset = Int32(kept.count)
                kept.append(contentsOf: pairOctets[offset..<(offset + length)])
            }
            pairOctets = kept
            unusedPairOctets = 0
        }
    }
}
