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

    /// One domain field's cookies, kept as plain values (``Key``) and octets, with no `Cookie` inside: storing a
    /// line copies no reference-counted field into the bucket, scanning it retains nothing, and a full jar is
    /// freed without releasing four Strings per cookie. Each cookie's name and value are its pair in
    /// ``pairOctets``; its path one of the bucket's interned ``paths`` (a request path-matches each distinct path
    /// once); its domain the bucket's. A `Cookie` is built only when one is asked for (``cookie(at:)``). Every
    /// change goes through the methods below, which keep the keys in step.
    struct Bucket {
        /// The domain field, as the bucket's first cookie spelled it.
        let domain: String
        private(set) var entries: [Entry] = []
        /// The distinct paths of the bucket's cookies (and, until ``compactPaths()``, of some removed ones).
        private(set) var paths: [String] = []
        /// Every cookie's `name=value` pair as octets, one after the other (``Key/pairOffset``): a `Cookie`
        /// header copies from this one buffer, and a cookie costs no buffer of its own for its pair.
        private(set) var pairOctets: [UInt8] = []
        /// What a request checks of each cookie (``Scan``), in §5.8.3's order (longer paths first, then earlier
        /// creation): a request reads a bucket in this order and gets its hits already sorted, so a `Cookie`
        /// header only merges the runs of the buckets it visits (two on the standard workload) instead of
        /// sorting its hits, and it loads a cookie's whole entry only when the cookie is sent.
        private(set) var retrievalOrder: [Scan] = []
        /// The earliest expiry of the bucket's cookies, as ``Key/expiry`` (+∞ when none expires): a request
        /// compares this one value with the time instead of every cookie's expiry.
        private(set) var earliestExpiry = Double.infinity
        /// How many octets of ``pairOctets`` belong to removed cookies (dropped by ``compactPairs()``).
        private var unusedPairOctets = 0
        /// The cookies whose domain or path has other octets than the bucket's domain or interned path that they
        /// equal (canonically equivalent Unicode), by creation sequence: a cookie read back is spelled as it was
        /// stored. Empty unless such names arrive.
        private var spellings: [UInt64: Spelling] = [:]

        struct Spelling {
            var domain: String?
            var path: String?
        }

        init(domain: String) { self.domain = domain }

        struct Entry {
            var key: Key
            /// The one field a request writes (§5.8.3 step 3).
            var lastAccess: Date
        }

        /// A cookie's index in ``entries`` and what a request checks before sending it, or an insert before it
        /// compares names (§5.7 step 23): 16 octets, where its entry is 64 (a scan of a bucket's entries was
        /// mostly waiting for them to arrive from memory).
        struct Scan {
            var index: Int32
            var path: Int32
            var nameHash: UInt32
            var isHostOnly: Bool
            var isSecure: Bool
            var isHTTPOnly: Bool
            var sameSite: SameSite

            init(index: Int, key: Key) {
                self.index = Int32(index)
                (path, nameHash) = (key.path, key.nameHash)
                (isHostOnly, isSecure, isHTTPOnly, sameSite) = (key.isHostOnly, key.isSecure, key.isHTTPOnly, key.sameSite)
            }
        }

        /// The cookies, in the order they were stored (each built when read).
        var cookies: LazyMapCollection<Range<Int>, Cookie> { entries.indices.lazy.map { self.cookie(at: $0) } }

        /// What a request, an identity check or an eviction reads of a cookie, as plain values.
        struct Key {
            /// The cookie's path: its index in ``Bucket/paths``, and its length in octets (the sort key).
            var path: Int32
            var pathLength: Int32
            /// Where the cookie's `name=value` pair is in ``Bucket/pairOctets``, and its length.
            var pairOffset: Int32
            var pairLength: Int32
            /// The name's length in octets at the start of the pair; 0 for a name-less cookie (a bare value).
            var nameLength: Int32
            /// FNV-1a of the name: an identity check compares names only when these agree.
            var nameHash: UInt32
            var isHostOnly: Bool
            var isSecure: Bool
            var isHTTPOnly: Bool
            var isPersistent: Bool
            var sameSite: SameSite
            /// The expiry as seconds since the reference date, +∞ for a session cookie.
            var expiry: Double
            var creation: Date
            var sequence: UInt64

            func isExpired(at now: Double) -> Bool { expiry <= now }

            /// Whether this cookie comes before `other` in a `Cookie` header (``Hit/inRetrievalOrder(_:_:)``).
            func precedes(_ other: Key) -> Bool {
                Hit.inRetrievalOrder(
                    (pathLength, creation, sequence), (other.pathLength, other.creation, other.sequence))
            }
        }

        var count: Int { entries.count }
        var isEmpty: Bool { entries.isEmpty }

        static func nameHash(_ name: UnsafeBufferPointer<UInt8>) -> UInt32 {
            var hash: UInt32 = 2_166_136_261
            for octet in name { hash = (hash ^ UInt32(octet)) &* 16_777_619 }
            return hash
        }

        /// The cookie at `index`, as the jar stored it.
        func cookie(at index: Int) -> Cookie {
            let entry = entries[index]
            let key = entry.key
            let spelling = spellings.isEmpty ? nil : spellings[key.sequence]
            let (name, value) = pairOctets.withUnsafeBufferPointer { octets -> (String, String) in
                let pair = UnsafeBufferPointer(rebasing: octets[Int(key.pairOffset)..<Int(key.pairOffset + key.pairLength)])
                let nameLength = Int(key.nameLength)
                guard nameLength > 0 else { return ("", String(decoding: pair, as: UTF8.self)) }
                return (
                    String(decoding: UnsafeBufferPointer(rebasing: pair[..<nameLength]), as: UTF8.self),
                    String(decoding: UnsafeBufferPointer(rebasing: pair[(nameLength + 1)...]), as: UTF8.self))
            }
            return Cookie(
                name: name, value: value, domain: spelling?.domain ?? domain,
                path: spelling?.path ?? paths[Int(key.path)],
                expiry: key.isPersistent ? Date(timeIntervalSinceReferenceDate: key.expiry) : nil,
                creation: key.creation, lastAccess: entry.lastAccess, isHostOnly: key.isHostOnly,
                isSecure: key.isSecure, isHTTPOnly: key.isHTTPOnly, sameSite: key.sameSite,
                creationSequence: key.sequence)
        }

        /// The path of the cookie at `index`, as it was stored.
        func path(at index: Int) -> String {
            let key = entries[index].key
            return (spellings.isEmpty ? nil : spellings[key.sequence]?.path) ?? paths[Int(key.path)]
        }

        /// Whether the cookie at `index` is named `name` (String equality: canonical equivalence). Equal octets
        /// answer at once, and two ASCII names differ when their octets do; only other names build Strings.
        func name(at index: Int, equals name: UnsafeBufferPointer<UInt8>) -> Bool {
            let key = entries[index].key
            return pairOctets.withUnsafeBufferPointer { octets in
                let stored = UnsafeBufferPointer(
                    rebasing: octets[Int(key.pairOffset)..<Int(key.pairOffset + key.nameLength)])
                if stored.elementsEqual(name) { return true }
                if stored.allSatisfy({ $0 < 0x80 }), name.allSatisfy({ $0 < 0x80 }) { return false }
                return String(decoding: stored, as: UTF8.self) == String(decoding: name, as: UTF8.self)
            }
        }

        /// Whether two Strings hold the same octets (not only canonically equivalent ones).
        static func sameOctets(_ a: String, _ b: String) -> Bool {
            let (first, second) = (a.utf8, b.utf8)
            guard first.count == second.count else { return false }
            let compared = first.withContiguousStorageIfAvailable { first in
                second.withContiguousStorageIfAvailable { second in
                    first.isEmpty || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0
                }
            }
            return (compared ?? nil) ?? first.elementsEqual(second)
        }

        /// What the identity check and ``append(_:identity:)`` need of a cookie, worked out once per insert.
        struct Identity {
            /// The cookie's path in ``Bucket/paths`` (String equality), nil when no cookie here has it.
            var path: Int?
            /// Whether that interned path has the cookie's very octets.
            var pathIsSameSpelling: Bool
            var nameHash: UInt32
        }

        func identity(of cookie: Draft) -> Identity {
            let nameHash = Bucket.nameHash(cookie.name)
            // The same octets first (the usual case); the interned paths are distinct Strings, so a path found
            // that way is the only one equal to the cookie's.
            if let path = paths.firstIndex(where: { Bucket.sameOctets($0, cookie.path) }) {
                return Identity(path: path, pathIsSameSpelling: true, nameHash: nameHash)
            }
            return Identity(path: paths.firstIndex(of: cookie.path), pathIsSameSpelling: false, nameHash: nameHash)
        }

        /// `cookie`'s identity here and the index of the cookie that has it (§5.7 step 23), if one does.
        /// `mutating` though it changes nothing: reached through the dictionary's `values`, a mutating method
        /// gets the bucket in place, where a non-mutating one gets a copy (a retain and release of its arrays).
        mutating func find(_ cookie: Draft) -> (identity: Identity, index: Int?) {
            let identity = identity(of: cookie)
            return (identity, firstIndex(sameIdentityAs: cookie, identity))
        }

        /// The index of the cookie with `cookie`'s identity (§5.7 step 23). The domain is the bucket's; a path
        /// no cookie here has ends the search before any name is compared. The ``Scan``s are read, not the
        /// entries; they are in retrieval order, so the lowest matching index is kept (the bucket holds one
        /// cookie per identity, but the answer is the first in storing order whatever it holds).
        func firstIndex(sameIdentityAs cookie: Draft, _ identity: Identity) -> Int? {
            guard let path = identity.path else { return nil }
            let path32 = Int32(path)
            var first: Int?
            for scan in retrievalOrder
            where scan.path == path32 && scan.nameHash == identity.nameHash && scan.isHostOnly == cookie.isHostOnly {
                let index = Int(scan.index)
                if first.map({ index < $0 }) ?? true, name(at: index, equals: cookie.name) { first = index }
            }
            return first
        }

        /// Appends `cookie`; `identity` is `identity(of: cookie)`, unless a removal came in between. Returns the
        /// bucket's count.
        @discardableResult
        mutating func append(_ cookie: Draft, identity: Identity? = nil) -> Int {
            // Room for a few from the start: growing 1, 2, 4 would cost two more reallocations.
            if entries.isEmpty {
                entries.reserveCapacity(4)
                retrievalOrder.reserveCapacity(4)
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
            var spelling = Spelling()
            if identity.path != nil, !identity.pathIsSameSpelling { spelling.path = cookie.path }
            if !Bucket.sameOctets(domain, cookie.domain) { spelling.domain = cookie.domain }
            if spelling.path != nil || spelling.domain != nil { spellings[cookie.creationSequence] = spelling }
            // §5.8.3 step 4: "name=value", or the bare value of a name-less cookie.
            let pairOffset = pairOctets.count
            if !cookie.name.isEmpty {
                pairOctets.append(contentsOf: cookie.name)
                pairOctets.append(UInt8(ascii: "="))
            }
            pairOctets.append(contentsOf: cookie.value)
            entries.append(Entry(
                key: Key(
                    path: Int32(path), pathLength: Int32(cookie.path.utf8.count), pairOffset: Int32(pairOffset),
                    pairLength: Int32(pairOctets.count - pairOffset), nameLength: Int32(cookie.name.count),
                    nameHash: identity.nameHash, isHostOnly: cookie.isHostOnly, isSecure: cookie.isSecure,
                    isHTTPOnly: cookie.isHTTPOnly, isPersistent: cookie.expiry != nil, sameSite: cookie.sameSite,
                    expiry: cookie.expiry?.timeIntervalSinceReferenceDate ?? .infinity, creation: cookie.creation,
                    sequence: cookie.creationSequence),
                lastAccess: cookie.lastAccess))
            insertIntoRetrievalOrder(entries.count - 1)
            return entries.count
        }

        /// Puts the entry at `index` in its place in ``retrievalOrder``: after every cookie it does not precede.
        /// A new cookie is usually the latest created, so the place is usually the end of its path length's run.
        private mutating func insertIntoRetrievalOrder(_ index: Int) {
            let key = entries[index].key
            var (low, high) = (0, retrievalOrder.count)
            while low < high {
                let middle = (low + high) / 2
                if key.precedes(entries[Int(retrievalOrder[middle].index)].key) { high = middle } else { low = middle + 1 }
            }
            retrievalOrder.insert(Scan(index: index, key: key), at: low)
            earliestExpiry = min(earliestExpiry, key.expiry)
        }

        /// ``retrievalOrder`` and ``earliestExpiry`` worked out anew (after removals).
        private mutating func sortRetrievalOrder() {
            let entries = self.entries
            retrievalOrder = entries.indices.map { Scan(index: $0, key: entries[$0].key) }
            retrievalOrder.sort { entries[Int($0.index)].key.precedes(entries[Int($1.index)].key) }
            earliestExpiry = entries.lazy.map(\.key.expiry).min() ?? .infinity
        }

        mutating func remove(at index: Int) {
            unusedPairOctets += Int(entries[index].key.pairLength)
            if !spellings.isEmpty { spellings[entries[index].key.sequence] = nil }
            entries.remove(at: index)
            let removed = Int32(index)
            retrievalOrder.removeAll { $0.index == removed }
            for position in retrievalOrder.indices where retrievalOrder[position].index > removed {
                retrievalOrder[position].index -= 1
            }
            earliestExpiry = entries.lazy.map(\.key.expiry).min() ?? .infinity
            compactPaths()
            compactPairs()
        }

        /// Removes the cookies for which `shouldRemove` is true; returns how many went.
        @discardableResult
        mutating func removeAll(where shouldRemove: (Cookie) -> Bool) -> Int {
            removeAll(marked: entries.indices.map { shouldRemove(cookie(at: $0)) })
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
            for entry in entries[kept...] {
                unusedPairOctets += Int(entry.key.pairLength)
                if !spellings.isEmpty { spellings[entry.key.sequence] = nil }
            }
            entries.removeLast(removed)
            sortRetrievalOrder()
            compactPaths()
            compactPairs()
            return removed
        }

        /// Removes the cookies expired at `now` (read from the keys: no cookie is touched when none is).
        @discardableResult
        mutating func removeExpired(at now: Date) -> Int {
            let now = now.timeIntervalSinceReferenceDate
            guard now >= earliestExpiry, entries.contains(where: { $0.key.isExpired(at: now) }) else { return 0 }
            return removeAll(marked: entries.map { $0.key.isExpired(at: now) })
        }

        /// §5.8.3 step 1 on this bucket: appends a ``Hit`` for each cookie sent to `url` (its last-access set to
        /// `now`), in retrieval order (``retrievalOrder``), and counts its pair's octets. Each distinct path is
        /// matched once; the rest reads the ``Scan``s, and a sent cookie's key. Returns false, having appended
        /// nothing, when the bucket holds an expired cookie (which the caller evicts first).
        mutating func collect(
            for url: CookieURL, isRequestHost: Bool, context: CookieRequestContext,
            configuration: CookieJarConfiguration, now: Date, bucket: Int32, into retrieval: inout Retrieval
        ) -> Bool {
            guard !entries.isEmpty else { return true }
            guard now.timeIntervalSinceReferenceDate < earliestExpiry else { return false }
            let paths = self.paths
            return withUnsafeTemporaryAllocation(of: Bool.self, capacity: paths.count) { pathMatches in
                for index in paths.indices {
                    pathMatches.initializeElement(
                        at: index, to: CookieURL.pathMatches(requestPath: url.path, cookiePath: paths[index]))
                }
                let (requestIsSecure, isScript) = (url.isSecure, context.api == .nonHTTP)
                // The cross-site rule of each SameSite mode, worked out once per bucket.
                let crossSite = !context.isSameSiteRequest
                let laxAllowed = context.api == .http && context.isTopLevelNavigation && context.isSafeMethod
                for scan in retrievalOrder {
                    if scan.isHostOnly, !isRequestHost { continue }
                    guard pathMatches[Int(scan.path)] else { continue }
                    if scan.isSecure, !requestIsSecure { continue }
                    if scan.isHTTPOnly, isScript { continue }
                    if crossSite {
                        switch scan.sameSite == .default ? configuration.sameSiteDefault : scan.sameSite {
                        case .strict: continue
                        case .lax, .default: guard laxAllowed else { continue }
                        case .none: break
                        }
                    }
                    let index = Int(scan.index)
                    entries[index].lastAccess = now
                    let key = entries[index].key
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
            for position in retrievalOrder.indices {
                retrievalOrder[position].path = entries[Int(retrievalOrder[position].index)].key.path
            }
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
