import CookieStores
import Foundation

/// Every cookie implementation on the standard workload in one run, side by side: the in-process stores timed
/// here, the out-of-process adapters timed in their own processes (the `bench` request), each one's headers
/// checked against the reference jar's, and the reference jar's allocations per operation.
package struct CookieStoreComparison: Sendable {
    package var benchmark: CookieStoreBenchmark
    package var workload: BenchWorkload

    /// Limits the run to the implementations with these names (nil: all); the reference jar always runs, as the
    /// baseline.
    package var only: Set<String>?

    /// The out-of-process adapters: each name with its description, or why it cannot be described here (a
    /// missing runtime). Default: the built-in ones (``builtInExternal``).
    package var external: [(name: String, describe: @Sendable () throws -> ExternalAdapter)]

    package init(
        workload: BenchWorkload, benchmark: CookieStoreBenchmark = CookieStoreBenchmark(), only: Set<String>? = nil,
        external: [(name: String, describe: @Sendable () throws -> ExternalAdapter)] = builtInExternal
    ) {
        self.workload = workload
        self.benchmark = benchmark
        self.only = only
        self.external = external
    }

    /// The out-of-process adapters that ship with the harness, in `ExternalAdapters.builtIns`' order.
    package static let builtInExternal: [(name: String, describe: @Sendable () throws -> ExternalAdapter)] =
        ExternalAdapters.builtIns.map { spec in (spec.name, { try spec.description() }) }

    /// How an implementation's headers compare with the reference jar's.
    package enum Agreement: Sendable, Hashable {
        /// Same checksum: the same 240 headers, byte for byte.
        case same
        /// Other checksum; of the headers that differ, `reordered` have the same cookies in another order and
        /// `other` have other cookies. Both 0 when the adapter sent no headers to compare.
        case differs(reordered: Int, other: Int)
        /// The adapter's checksum is not that of the headers it sent.
        case checksumMismatch
    }

    package struct Row: Sendable {
        package var name: String
        /// In this process, or out of process (timed by the adapter itself).
        package var isExternal: Bool
        package var version: String?
        package var storedCookies: Int?
        package var storing: CookieStoreBenchmark.Rate?
        package var header: CookieStoreBenchmark.Rate?
        package var checksum: String?
        package var agreement: Agreement?
        /// The first header that differs from the reference jar's: the request URL, the reference's, this one's.
        package var firstDifference: (url: String, reference: String?, found: String?)?
        /// Why there are no figures.
        package var unavailable: String?
    }

    package struct Results: Sendable {
        package var rows: [Row]
        /// The reference jar's malloc calls per operation (nil: not measurable in this process).
        package var referenceAllocations: (perSetCookie: Double, perCookieHeader: Double)?
        package var requests: Int

        /// Whether every implementation with figures computed the reference jar's headers.
        package var allAgree: Bool { rows.allSatisfy { $0.agreement == nil || $0.agreement == .same } }

        /// The plain-text table: µs per operation (fastest round) and the ratio to the reference jar (how many times its time),
        /// cookies stored, whether the headers agree; then the unavailable ones with the reason; then allocations.
        package var table: String {
            guard let reference = rows.first, let referenceStoring = reference.storing, let referenceHeader = reference.header
            else { return "" }
            func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0) }
            func left(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
            func micros(_ rate: CookieStoreBenchmark.Rate) -> String {
                let value = rate.bestMicrosecondsPerOperation
                return String(format: value < 10 ? "%.2f" : value < 1000 ? "%.1f" : "%.0f", value)
            }
            func ratio(_ rate: CookieStoreBenchmark.Rate, _ base: CookieStoreBenchmark.Rate) -> String {
                let value = rate.bestMicrosecondsPerOperation / base.bestMicrosecondsPerOperation
                return String(format: value < 10 ? "%.2fx" : "%.0fx", value)
            }
            let nameWidth = max(16, rows.map(\.name.count).max() ?? 0) + 2
            var lines = [
                pad("implementation", nameWidth) + pad("measured", 16) + left("cookies", 7)
                    + left("µs/Set-Cookie", 15) + left("ratio", 8) + left("µs/Cookie header", 18) + left("ratio", 8)
                    + "  headers vs reference",
            ]
            var unavailable: [String] = []
            for row in rows {
                guard let storing = row.storing, let header = row.header else {
                    unavailable.append("  \(row.name): \(row.unavailable ?? "no figures")")
                    continue
                }
                let agreement: String
                switch row.agreement {
                case nil: agreement = "checksum \(row.checksum ?? "?") (the baseline)"
                case .same?: agreement = "same (checksum \(row.checksum ?? "?"))"
                case .differs(0, 0)?: agreement = "DIFFERENT checksum \(row.checksum ?? "?") (no headers sent to compare)"
                case .differs(let reordered, 0)?: agreement = "DIFFERENT: \(reordered) of \(requests) headers in another cookie order"
                case .differs(let reordered, let other)?:
                    agreement = "DIFFERENT: \(other) of \(requests) headers with other cookies"
                        + (reordered > 0 ? ", \(reordered) in another order" : "")
                case .checksumMismatch?: agreement = "INVALID: the checksum is not that of the headers sent"
                }
                lines.append(
                    pad(row.name, nameWidth) + pad(row.isExternal ? "own process" : "this process", 16)
                        + left(row.storedCookies.map(String.init) ?? "?", 7)
                        + left(micros(storing), 15) + left(ratio(storing, referenceStoring), 8)
                        + left(micros(header), 18) + left(ratio(header, referenceHeader), 8) + "  " + agreement)
            }
            lines.append("µs: per operation in the fastest timed round; ratio: over the reference jar's time")
            if !unavailable.isEmpty { lines += ["unavailable:"] + unavailable }
            let differences = rows.compactMap { row in row.firstDifference.map { (row.name, $0) } }
            if !differences.isEmpty {
                func shown(_ header: String?) -> String {
                    guard let header else { return "(none)" }
                    return header.count > 110 ? "\"\(header.prefix(110))…\" (\(header.utf8.count) bytes)" : "\"\(header)\""
                }
                lines.append("first header that differs from the reference jar's:")
                for (name, difference) in differences {
                    lines.append("  \(name): \(difference.url)")
                    lines.append("    reference: \(shown(difference.reference))")
                    lines.append("    \(name): \(shown(difference.found))")
                }
            }
            if let allocations = referenceAllocations {
                lines.append(String(
                    format: "reference jar allocations (malloc, calloc, realloc calls): %.1f per Set-Cookie stored, %.1f per Cookie header",
                    allocations.perSetCookie, allocations.perCookieHeader))
            } else {
                lines.append("reference jar allocations: not measurable here (this binary does not link the counting malloc: only the cookie-harness executable does, so that a library product never replaces an app's allocator)")
            }
            return lines.joined(separator: "\n")
        }
    }

    /// Runs every implementation in turn (one at a time, so that none competes with another for the cores).
    ///
    /// - Parameter progress: Called with each implementation's name before it runs.
    package func run(progress: (String) -> Void = { _ in }) -> Results {
        progress("reference")
        var reference = ReferenceJarBenchmark()
        reference.prepare(workload)
        let referenceHeaders = reference.headers()
        let referenceChecksum = BenchWorkload.checksum(referenceHeaders)
        var rows = [inProcessRow(reference, headers: referenceHeaders, version: "CookieModel")]
        rows[0].agreement = nil

        let allocations: (Double, Double)? = {
            guard let stores = AllocationCounter.count({ reference.storeAll() }),
                  let headers = AllocationCounter.count({ _ = reference.headersForAll() })
            else { return nil }
            return (Double(stores) / Double(workload.responses.count), Double(headers) / Double(workload.requestURLs.count))
        }()

        func firstDifference(_ headers: [String?]?) -> (url: String, reference: String?, found: String?)? {
            guard let headers, let index = headers.indices.first(where: { headers[$0] != referenceHeaders[$0] }) else { return nil }
            return (workload.requestURLs[index], referenceHeaders[index], headers[index])
        }

        func agreement(checksum: String, headers: [String?]?) -> Agreement {
            if let headers, BenchWorkload.checksum(headers) != checksum { return .checksumMismatch }
            if checksum == referenceChecksum { return .same }
            guard let headers, headers.count == referenceHeaders.count else { return .differs(reordered: 0, other: 0) }
            var reordered = 0, other = 0
            for (mine, theirs) in zip(headers, referenceHeaders) where mine != theirs {
                let cookies = { (header: String?) in (header ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.sorted() }
                if cookies(mine) == cookies(theirs) { reordered += 1 } else { other += 1 }
            }
            return .differs(reordered: reordered, other: other)
        }

        var inProcess: [any BenchmarkedStore] = []
        if wanted("foundation") { inProcess.append(FoundationStorageBenchmark()) }
        if wanted("curl") { inProcess.append(StoreProtocolBenchmark.curl) }
        for var store in inProcess {
            progress(store.name)
            store.prepare(workload)
            let headers = store.headers()
            var row = inProcessRow(store, headers: headers, version: store.name == "curl" ? "libcurl" : "Foundation")
            row.agreement = agreement(checksum: row.checksum!, headers: headers)
            row.firstDifference = firstDifference(headers)
            rows.append(row)
        }

        let seconds = benchmark.minimumDuration.components.seconds
        let minimum = Double(seconds) + Double(benchmark.minimumDuration.components.attoseconds) * 1e-18
        for (name, describe) in external where wanted(name) {
            progress(name)
            var row = Row(name: name, isExternal: true)
            do {
                switch try describe().bench(workloadPath: workload.path, seconds: minimum) {
                case .success(let report):
                    row.version = report.version
                    row.storedCookies = report.stored
                    func rate(_ measured: ExternalAdapter.BenchReport.Measurement, perRound: Int) -> CookieStoreBenchmark.Rate {
                        CookieStoreBenchmark.Rate(
                            operations: measured.operations, duration: .seconds(measured.seconds), operationsPerRound: perRound,
                            bestRound: measured.best.map { .seconds($0) })
                    }
                    row.storing = rate(report.setCookie, perRound: workload.responses.count)
                    row.header = rate(report.cookieHeader, perRound: workload.requestURLs.count)
                    row.checksum = report.checksum
                    row.agreement = agreement(checksum: report.checksum, headers: report.headers)
                    row.firstDifference = firstDifference(report.headers)
                case .failure(let unavailable):
                    row.unavailable = unavailable.reason
                }
            } catch {
                row.unavailable = "\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)"
            }
            rows.append(row)
        }
        return Results(rows: rows, referenceAllocations: allocations, requests: workload.requestURLs.count)
    }

    private func wanted(_ name: String) -> Bool { only?.contains(name) ?? true }

    private func inProcessRow(_ store: some BenchmarkedStore, headers: [String?], version: String) -> Row {
        Row(
            name: store.name, isExternal: false, version: version, storedCookies: store.storedCount,
            storing: benchmark.measure(operationsPerRound: workload.responses.count) { store.storeAll() },
            header: benchmark.measure(operationsPerRound: workload.requestURLs.count) { _ = store.headersForAll() },
            checksum: BenchWorkload.checksum(headers))
    }
}

extension CookieStoreComparison.Row {
    init(name: String, isExternal: Bool) {
        self.init(name: name, isExternal: isExternal, version: nil, storedCookies: nil, storing: nil, header: nil, checksum: nil, agreement: nil,
            firstDifference: nil, unavailable: nil)
    }
}
