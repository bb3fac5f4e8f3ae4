import Foundation
import Locking

/// The RFC 6265bis reference cookie jar: the storage model (§5.7), retrieval (§5.8.3) and eviction (§5.7, §6.1).
///
/// Thread-safe (one lock around the store); each scenario owns its own jar, so nothing is shared between scenarios.
/// Cookies are kept in buckets by their domain field: a lookup for `a.b.example.com` visits the buckets of the host
/// and each of its parent domains and nothing else, which keeps a `Cookie` header at about a microsecond on a full
/// jar of 3000 cookies.
public final class CookieJar: Sendable {
    public let clock: CookieClock
    public let configuration: CookieJarConfiguration
    private let store: Locked<Store>

    struct Store {
        var buckets: [DomainKey: Bucket] = [:]
        var count = 0
        var nextSequence: UInt64 = 0
        /// The buffers `retrieve` fills, kept between requests with their capacity: a `Cookie` header allocates
        /// only the String it returns.
        var retrieval = Retrieval()
    }

    public init(clock: CookieClock, configuration: CookieJarConfiguration = .rfc6265bis) {
        self.clock = clock
        self.configuration = configuration
        self.store = Locked(Store())
    }

    // MARK: - Receiving cookies (§5.6, §5.7)

    /// Stores one `Set-Cookie` field value received in a response from `url`.
    @discardableResult
    public func setCookie(_ line: String, from url: CookieURL, context: CookieRequestContext = .sameSiteNavigation)
        -> CookieStoreOutcome
    {
        var line = line
        // The String's own UTF-8 storage (a native String's, so no copy): no array of the line's octets.
        return line.withUTF8 { setCookie(octets: $0, from: url, context: context) { $0.outcome($1) } }
    }

    /// Stores one `Set-Cookie` field value, as ``setCookie(_:from:context:)`` does, for a caller that does not
    /// read the outcome (``CookieStore``'s, which the harness's adapters call): no `Cookie` is built for it.
    public func receive(setCookie line: String, from url: CookieURL, context: CookieRequestContext) {
        var line = line
        line.withUTF8 { setCookie(octets: $0, from: url, context: context) { _, _ in } }
    }

    /// Stores one `Set-Cookie` field value given as raw octets (which need not be UTF-8).
    @discardableResult
    public func setCookie(bytes: [UInt8], from url: CookieURL, context: CookieRequestContext = .sameSiteNavigation)
        -> CookieStoreOutcome
    {
        bytes.withUnsafeBufferPointer { setCookie(octets: $0, from: url, context: context) { $0.outcome($1) } }
    }

    /// §5.6 then §5.7 straight from the octets: the parser reports each attribute into ``LastAttributes``, so no
    /// ``ParsedSetCookie`` (an attribute list, a name and a value String) is built only to be read once, and the
    /// name and value stay slices of `octets` into the bucket. `finish` gets what was done and, when the cookie
    /// was accepted, its draft (whose octets live only as long as `octets`).
    private func setCookie<Result>(
        octets: UnsafeBufferPointer<UInt8>, from url: CookieURL, context: CookieRequestContext,
        _ finish: (Disposition, Draft?) -> Result
    ) -> Result {
        let now = clock.now
        var attributes = LastAttributes()
        guard let pair = SetCookieParser.parse(
            octets, requestPath: url.path, now: now, lifetimeCap: configuration.lifetimeCap,
            attribute: { attributes.add($0) }) else {
            return finish(.rejected(.unparsable), nil)
        }
        return store(
            name: UnsafeBufferPointer(rebasing: pair.name), value: UnsafeBufferPointer(rebasing: pair.value),
            attributes: attributes, from: url, context: context, now: now, finish)
    }

    /// Writes `document.cookie = string` for a document at `url` (the non-HTTP API).
    @discardableResult
    public func setDocumentCookie(_ string: String, documentURL url: CookieURL, isSameSite: Bool = true)
        -> CookieStoreOutcome
    {
        var context = CookieRequestContext.script
        context.isSameSite = isSameSite
        return setCookie(string, from: url, context: context)
    }

    /// The storage model (§5.7) for an already parsed cookie; `now` defaults to the jar's clock.
    public func store(
        _ parsed: ParsedSetCookie, from url: CookieURL, context: CookieRequestContext, now: Date? = nil
    ) -> CookieStoreOutcome {
        var (name, value) = (parsed.name, parsed.value)
        return name.withUTF8 { name in
            value.withUTF8 { value in
                store(
                    name: name, value: value, attributes: LastAttributes(parsed.attributes), from: url,
                    context: context, now: now ?? clock.now) { $0.outcome($1) }
            }
        }
    }

    private func store<Result>(
        name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>, attributes: LastAttributes,
        from url: CookieURL, context: CookieRequestContext, now: Date, _ finish: (Disposition, Draft?) -> Result
    ) -> Result {
        switch makeDraft(name: name, value: value, attributes: attributes, from: url, context: context, now: now) {
        case .failure(let rejection):
            return finish(.rejected(rejection), nil)
        case .success(var draft):
            let disposition = store.withLock {
                insert(&draft, into: &$0, context: context, requestIsSecure: url.isSecure, now: now)
            }
            return finish(disposition, draft)
        }
    }

    /// Steps 2–15, 17–22 of §5.7 (current draft numbering): everything that needs the cookie and the request but not the store.
    private func makeDraft(
        name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>, attributes parsed: LastAttributes,
        from url: CookieURL, context: CookieRequestContext, now: Date
    ) -> Result<Draft, CookieRejection> {
        // Step 2 (steps 3–4 hold already: the parser rejected control characters and oversize pairs).
        guard !(name.isEmpty && value.isEmpty) else { return .failure(.emptyNameAndValue) }

        // Step 6: Max-Age wins over Expires, whatever their order; the last of each kind counts. (A jar configured
        // like libsoup takes the last of either kind instead.)
        let expiry = configuration.maxAgeWinsOverExpires ? parsed.maxAge ?? parsed.expires : parsed.lifetime

        // Steps 7–10: Domain, non-ASCII, public suffixes, host-only.
        var domainAttribute = parsed.domain ?? ""
        guard domainAttribute.utf8.allSatisfy({ $0 < 0x80 }) else { return .failure(.nonASCIIDomain) }
        if !domainAttribute.isEmpty, let suffixes = configuration.publicSuffixes,
           suffixes.isPublicSuffix(domainAttribute)
        {
            guard domainAttribute == url.host else { return .failure(.publicSuffix) }
            domainAttribute = ""
        }
        let isHostOnly = domainAttribute.isEmpty
        if !isHostOnly {
            guard CookieURL.domainMatches(host: url.host, domain: domainAttribute, hostIsIPAddress: url.isIPAddress)
            else { return .failure(.domainMismatch) }
        }

        // Steps 11–15: path, Secure, HttpOnly.
        let path = parsed.path ?? CookieURL.defaultPath(of: url.path)
        let isSecure = parsed.isSecure
        guard !isSecure || url.isSecure else { return .failure(.secureFromInsecureOrigin) }
        let isHTTPOnly = parsed.isHTTPOnly
        guard !(isHTTPOnly && context.api == .nonHTTP) else { return .failure(.httpOnlyFromScript) }

        // Steps 17–19: SameSite.
        let sameSite = parsed.sameSite ?? .default
        if sameSite != .none, !context.isSameSiteRequest {
            // A cross-site response may set SameSite cookies only when it navigates a top-level traversable.
            guard context.api == .http, context.isTopLevelNavigation else { return .failure(.crossSiteSameSite) }
        }
        guard sameSite != .none || isSecure || !configuration.sameSiteNoneRequiresSecure else {
            return .failure(.sameSiteNoneWithoutSecure)
        }

        // Steps 20–22: cookie name prefixes, case-insensitively (or as the configuration reads them).
        let exactCase = configuration.cookiePrefixes == .caseSensitiveDefaultPath
        if exactCase ? hasExactPrefix(name, "__Secure-") : hasPrefix(name, "__secure-"), !isSecure { return .failure(.securePrefix) }
        let hasPathAttribute = exactCase || parsed.path != nil
        if exactCase ? hasExactPrefix(name, "__Host-") : hasPrefix(name, "__host-"), !(isSecure && isHostOnly && hasPathAttribute && path == "/") {
            return .failure(.hostPrefix)
        }
        if name.isEmpty, hasPrefix(value, "__secure-") || hasPrefix(value, "__host-") {
            return .failure(.prefixInNamelessValue)
        }

        return .success(Draft(
            name: name, value: value, domain: isHostOnly ? url.host : domainAttribute, path: path,
            expiry: expiry, creation: now, lastAccess: now, isHostOnly: isHostOnly, isSecure: isSecure,
            isHTTPOnly: isHTTPOnly, sameSite: sameSite
        ))
    }

    /// Steps 16, 23, 24 and eviction: the parts that look at what the jar already holds.
    private func insert(
        _ cookie: inout Draft, into store: inout Store, context: CookieRequestContext, requestIsSecure: Bool,
        now: Date
    ) -> Disposition {
        // Step 16: leave Secure cookies alone — a non-secure origin may not shadow one.
        if !cookie.isSecure, !requestIsSecure, shadowsSecureCookie(cookie, in: store) {
            return .rejected(.wouldOverlaySecureCookie)
        }
        // Step 23: same identity → keep the old creation time, then replace. The domain is hashed once: its
        // bucket's slot serves the lookup, the removal and the append.
        let slot = store.buckets.index(forKey: DomainKey(cookie.domain))
        let found = slot.map { store.buckets.values[$0].find(cookie) }
        let identity = found?.identity
        var replaced = false
        if let slot, let index = found?.index {
            let old = store.buckets.values[slot].entries[index].key
            if context.api == .nonHTTP, old.isHTTPOnly { return .rejected(.overwritesHTTPOnly) }
            cookie.creation = old.creation
            cookie.creationSequence = old.sequence
            store.buckets.values[slot].remove(at: index)
            store.count -= 1
            replaced = true
        } else {
            cookie.creationSequence = store.nextSequence
            store.nextSequence += 1
        }
        // An expired cookie is evicted as soon as it exists: it only deletes what it replaced.
        if cookie.isExpired(at: now) { return .expiredOnArrival(removedExisting: replaced) }

        // Step 24, then the limits of §6.1 (when one is passed).
        let bucketCount: Int
        if let slot {
            // The identity found above still holds unless a cookie was removed (paths may be renumbered then).
            bucketCount = store.buckets.values[slot].append(cookie, identity: replaced ? nil : identity)
        } else {
            var bucket = Bucket(domain: cookie.domain)
            bucket.append(cookie)
            store.buckets[DomainKey(cookie.domain)] = bucket
            bucketCount = 1
        }
        store.count += 1
        if bucketCount > configuration.maximumCookiesPerDomain || store.count > configuration.maximumCookies {
            evictIfNeeded(domain: cookie.domain, in: &store, now: now)
        }
        return .stored(replaced: replaced)
    }

    /// §5.7 step 16: an existing Secure cookie with this name whose domain matches (either way) and whose path the
    /// new cookie's path path-matches.
    private func shadowsSecureCookie(_ cookie: Draft, in store: Store) -> Bool {
        let newIsIP = CookieURL.isIPAddress(cookie.domain)
        for (key, bucket) in store.buckets {
            let domain = key.domain
            let related = CookieURL.domainMatches(host: domain, domain: cookie.domain, hostIsIPAddress: CookieURL.isIPAddress(domain))
                || CookieURL.domainMatches(host: cookie.domain, domain: domain, hostIsIPAddress: newIsIP)
            guard related else { continue }
            for index in bucket.entries.indices
            where bucket.entries[index].key.isSecure && bucket.name(at: index, equals: cookie.name) {
                if CookieURL.pathMatches(requestPath: cookie.path, cookiePath: bucket.path(at: index)) { return true }
            }
        }
        return false
    }

    /// §5.7 eviction: expired cookies first, then (in an overfull domain) non-Secure ones, then the least recently
    /// used; the same order when the whole jar is over its limit.
    private func evictIfNeeded(domain: String, in store: inout Store, now: Date) {
        if var bucket = store.buckets[DomainKey(domain)], bucket.count > configuration.maximumCookiesPerDomain {
            let before = bucket.count
            bucket.removeExpired(at: now)
            while bucket.count > configuration.maximumCookiesPerDomain {
                let candidates = bucket.entries.indices.filter { !bucket.entries[$0].key.isSecure }
                let pool = candidates.isEmpty ? Array(bucket.entries.indices) : candidates
                bucket.remove(at: leastRecentlyUsed(pool, in: bucket.entries))
            }
            store.count -= before - bucket.count
            store.buckets[DomainKey(domain)] = bucket
        }
        guard store.count > configuration.maximumCookies else { return }
        removeExpired(from: &store, now: now)
        while store.count > configuration.maximumCookies {
            var victim: (domain: DomainKey, index: Int, entry: Bucket.Entry)?
            for (domain, bucket) in store.buckets {
                for (index, entry) in bucket.entries.enumerated() where victim.map({ isLessRecentlyUsed(entry, than: $0.entry) }) ?? true {
                    victim = (domain, index, entry)
                }
            }
            guard let victim else { return }
            store.buckets[victim.domain]!.remove(at: victim.index)
            if store.buckets[victim.domain]!.isEmpty { store.buckets[victim.domain] = nil }
            store.count -= 1
        }
    }

    private func leastRecentlyUsed(_ indices: [Int], in entries: [Bucket.Entry]) -> Int {
        indices.min { isLessRecentlyUsed(entries[$0], than: entries[$1]) }!
    }

    private func isLessRecentlyUsed(_ a: Bucket.Entry, than b: Bucket.Entry) -> Bool {
        (a.lastAccess, a.key.sequence) < (b.lastAccess, b.key.sequence)
    }

    private func removeExpired(from store: inout Store, now: Date) {
        var emptied = false
        for slot in store.buckets.indices {
            let removed = store.buckets.values[slot].removeExpired(at: now)
            store.count -= removed
            if removed > 0, store.buckets.values[slot].isEmpty { emptied = true }
        }
        if emptied { store.buckets = store.buckets.filter { !$0.value.isEmpty } }
    }

    private func hasPrefix(_ octets: UnsafeBufferPointer<UInt8>, _ lowercasePrefix: String) -> Bool {
        octets.count >= lowercasePrefix.utf8.count
            && zip(octets, lowercasePrefix.utf8).allSatisfy { SetCookieParser.asciiLowercase($0) == $1 }
    }

    /// `String.hasPrefix` (by characters) for a name given as octets and an ASCII `prefix`: the octets must
    /// start with the prefix's, and only a non-ASCII octet after them (which may join the prefix's last
    /// character) needs the String's own answer.
    private func hasExactPrefix(_ octets: UnsafeBufferPointer<UInt8>, _ prefix: String) -> Bool {
        let count = prefix.utf8.count
        guard octets.count >= count, zip(octets, prefix.utf8).allSatisfy({ $0 == $1 }) else { return false }
        return octets.count == count || octets[count] < 0x80 || String(decoding: octets, as: UTF8.self).hasPrefix(prefix)
    }

    // MARK: - Sending cookies (§5.8.3)

    /// The `Cookie` header for a request to `url` (§5.8.3), or nil when no cookie applies.
    public func cookieHeader(for url: CookieURL, context: CookieRequestContext = .sameSiteNavigation) -> String? {
        let now = clock.now
        return store.withLock { store -> String? in
            var retrieval = retrieve(for: url, context: context, now: now, from: &store)
            defer { recycle(&retrieval, into: &store) }
            guard !retrieval.hits.isEmpty else { return nil }
            // §5.8.3 step 4: "name=value" pairs (a bare value for a name-less cookie) joined by "; ", copied
            // straight from each bucket's pair octets into the header's.
            let length = retrieval.pairOctets + 2 * (retrieval.hits.count - 1)
            return String(unsafeUninitializedCapacity: length) { header in
                var offset = 0
                for hit in retrieval.hits {
                    if offset > 0 {
                        header[offset] = UInt8(ascii: ";")
                        header[offset + 1] = UInt8(ascii: " ")
                        offset += 2
                    }
                    let slot = retrieval.slots[Int(hit.bucket)]
                    let pair = Int(hit.pairOffset)..<Int(hit.pairOffset + hit.pairLength)
                    offset += store.buckets.values[slot].pairOctets.withUnsafeBufferPointer { pairs in
                        UnsafeMutableBufferPointer(rebasing: header[offset...])
                            .initialize(fromContentsOf: UnsafeBufferPointer(rebasing: pairs[pair]))
                    }
                }
                return offset
            }
        }
    }

    /// `document.cookie` for a document at `url`: the non-HTTP API's retrieval, without HttpOnly cookies.
    public func documentCookie(for url: CookieURL, isSameSite: Bool = true) -> String {
        var context = CookieRequestContext.script
        context.isSameSite = isSameSite
        return cookieHeader(for: url, context: context) ?? ""
    }

    /// The cookie-list of §5.8.3 in its order (longer paths first, then earlier creation), with last-access updated.
    public func cookies(for url: CookieURL, context: CookieRequestContext = .sameSiteNavigation) -> [Cookie] {
        let now = clock.now
        return store.withLock { store in
            var retrieval = retrieve(for: url, context: context, now: now, from: &store)
            defer { recycle(&retrieval, into: &store) }
            return retrieval.hits.map { store.buckets.values[retrieval.slots[Int($0.bucket)]].cookie(at: Int($0.index)) }
        }
    }

    /// A retrieved cookie's sort key and where it and its pair are: plain values, 40 bytes, so that sorting moves
    /// little and no reference-counted field.
    struct Hit {
        var creation: Date
        var sequence: UInt64
        var pathLength: Int32
        /// The cookie's bucket (an index in ``Retrieval/slots``) and its index in that bucket.
        var bucket: Int32
        var index: Int32
        /// The cookie's pair in its bucket's ``Bucket/pairOctets``.
        var pairOffset: Int32
        var pairLength: Int32

        /// §5.8.3 step 2: longer paths first; equal paths, earlier creation first (then earlier insertion).
        /// The creation sequence is unique in a jar, so this is a total order: any sort gives the same list.
        static func inRetrievalOrder(
            _ a: (pathLength: Int32, creation: Date, sequence: UInt64),
            _ b: (pathLength: Int32, creation: Date, sequence: UInt64)
        ) -> Bool {
            if a.pathLength != b.pathLength { return a.pathLength > b.pathLength }
            if a.creation != b.creation { return a.creation < b.creation }
            return a.sequence < b.sequence
        }

        static func inRetrievalOrder(_ a: Hit, _ b: Hit) -> Bool {
            inRetrievalOrder((a.pathLength, a.creation, a.sequence), (b.pathLength, b.creation, b.sequence))
        }

        /// Merges the runs of `hits` that start at `runStarts` (each already in retrieval order: one per bucket
        /// visited) into one run in retrieval order, merging each run into the sorted ones before it through
        /// `scratch`.
        static func mergeRuns(_ hits: inout [Hit], runStarts: [Int], scratch: inout [Hit]) {
            hits.withUnsafeMutableBufferPointer { hits in
                for run in runStarts.indices.dropFirst() {
                    let (middle, end) = (runStarts[run], run + 1 < runStarts.count ? runStarts[run + 1] : hits.count)
                    // Nothing to merge when either side is empty or the run already follows the ones before.
                    guard middle > 0, middle < end, inRetrievalOrder(hits[middle], hits[middle - 1]) else { continue }
                    scratch.removeAll(keepingCapacity: true)
                    scratch.append(contentsOf: hits[..<middle])
                    scratch.withUnsafeBufferPointer { sorted in
                        var (left, right, next) = (0, middle, 0)
                        while left < sorted.count {
                            if right < end, inRetrievalOrder(hits[right], sorted[left]) {
                                hits[next] = hits[right]
                                right += 1
                            } else {
                                hits[next] = sorted[left]
                                left += 1
                            }
                            next += 1
                        }
                    }
                }
            }
        }
    }

    /// What one retrieval gathers: the hits in retrieval order, the slots of the buckets they are in, and the
    /// length of their pairs.
    struct Retrieval {
        var hits: [Hit] = []
        var slots: [Dictionary<DomainKey, Bucket>.Index] = []
        /// Where each bucket's hits start in ``hits`` (each bucket's are in retrieval order), and the buffer
        /// ``Hit/mergeRuns(_:runStarts:scratch:)`` merges through.
        var runStarts: [Int] = []
        var scratch: [Hit] = []
        var pairOctets = 0
    }

    /// §5.8.3 steps 1–3: the matching cookies (their last-access updated) in retrieval order, as places in the
    /// store, so that a caller that needs one field reads only that one (a whole `Cookie` is eight
    /// reference-counted fields). Expired cookies in the buckets visited are evicted first.
    private func retrieve(
        for url: CookieURL, context: CookieRequestContext, now: Date, from store: inout Store
    ) -> Retrieval {
        var retrieval = Retrieval()
        swap(&retrieval, &store.retrieval)  // so that `retrieval` owns its buffers alone and appends in place
        forEachCandidateDomain(of: url) { domain, isRequestHost in
            guard let slot = store.buckets.index(forKey: DomainKey(domain)) else { return }
            let bucket = Int32(retrieval.slots.count)
            retrieval.slots.append(slot)
            retrieval.runStarts.append(retrieval.hits.count)
            let complete = store.buckets.values[slot].collect(
                for: url, isRequestHost: isRequestHost, context: context, configuration: configuration, now: now,
                bucket: bucket, into: &retrieval)
            guard !complete else { return }
            // "The user agent MUST evict all expired cookies … if, at any time, an expired cookie exists" (§5.7):
            // the bucket holds one, so evict, then collect again.
            store.count -= store.buckets.values[slot].removeExpired(at: now)
            _ = store.buckets.values[slot].collect(
                for: url, isRequestHost: isRequestHost, context: context, configuration: configuration, now: now,
                bucket: bucket, into: &retrieval)
        }
        if retrieval.runStarts.count > 1 {
            Hit.mergeRuns(&retrieval.hits, runStarts: retrieval.runStarts, scratch: &retrieval.scratch)
        }
        return retrieval
    }

    /// Gives the buffers back to the store, emptied, their capacity kept for the next request (unless a request
    /// matched hundreds of cookies: those buffers are not worth keeping).
    private func recycle(_ retrieval: inout Retrieval, into store: inout Store) {
        guard retrieval.hits.capacity <= 256 else { return }
        retrieval.hits.removeAll(keepingCapacity: true)
        retrieval.slots.removeAll(keepingCapacity: true)
        retrieval.runStarts.removeAll(keepingCapacity: true)
        retrieval.pairOctets = 0
        swap(&retrieval, &store.retrieval)
    }

    /// The domain fields that can match a request host: the host itself and, for names, each parent domain.
    /// `body` learns whether the domain is the host itself: host-only cookies match only in that bucket.
    private func forEachCandidateDomain(of url: CookieURL, _ body: (_ domain: String, _ isHost: Bool) -> Void) {
        body(url.host, true)
        guard !url.isIPAddress else { return }
        // The parents straight from the host's UTF-8 storage: no generic search over String indices.
        let done: Void? = url.host.utf8.withContiguousStorageIfAvailable { octets in
            for index in octets.indices.dropLast() where octets[index] == UInt8(ascii: ".") {
                body(String(decoding: UnsafeBufferPointer(rebasing: octets[(index + 1)...]), as: UTF8.self), false)
            }
        }
        guard done == nil else { return }
        let utf8 = url.host.utf8
        var index = utf8.startIndex
        while let dot = utf8[index...].firstIndex(of: UInt8(ascii: ".")) {
            index = utf8.index(after: dot)
            guard index < utf8.endIndex else { return }
            body(String(url.host[index...]), false)
        }
    }

    // MARK: - Listing, deleting, direct insertion

    /// Every unexpired cookie, in a stable order (domain, path, name).
    public var allCookies: [Cookie] {
        let now = clock.now
        return store.withLock { store in
            store.buckets.values.lazy.map(\.cookies).joined().filter { !$0.isExpired(at: now) }
        }.sorted { ($0.domain, $0.path, $0.name, $0.creationSequence) < ($1.domain, $1.path, $1.name, $1.creationSequence) }
    }

    /// The number of cookies held (expired ones not yet evicted included).
    public var count: Int { store.withLock { $0.count } }

    /// Inserts a fully formed cookie, as `WKHTTPCookieStore.setCookie` or `HTTPCookieStorage.setCookie` do: no
    /// attribute parsing and no origin checks, but identity replacement (§5.7 step 23) and eviction still apply.
    @discardableResult
    public func insert(_ cookie: Cookie) -> CookieStoreOutcome {
        Draft.lending(cookie) { draft in
            store.withLock {
                insert(&draft, into: &$0, context: .sameSiteNavigation, requestIsSecure: true, now: clock.now)
            }.outcome(draft)
        }
    }

    /// Deletes the cookies for which `predicate` is true; returns how many went.
    @discardableResult
    public func delete(where predicate: (Cookie) -> Bool) -> Int {
        store.withLock { store in
            var removed = 0
            for slot in store.buckets.indices where store.buckets.values[slot].cookies.contains(where: predicate) {
                removed += store.buckets.values[slot].removeAll(where: predicate)
            }
            if removed > 0 { store.buckets = store.buckets.filter { !$0.value.isEmpty } }
            store.count -= removed
            return removed
        }
    }

    /// Deletes the cookie with this identity (name, domain, path), host-only or not.
    @discardableResult
    public func delete(name: String, domain: String, path: String) -> Bool {
        delete { $0.name == name && $0.domain == domain && $0.path == path } > 0
    }

    /// Ends the session (§5.7: session cookies are removed when "the current session is over").
    public func endSession() {
        delete { !$0.isPersistent }
    }
}
