import ChildProcesses
import Foundation

extension ExternalAdapters {
    /// The standard store workload of `cookie-harness bench` and of the `bench` request (PROTOCOL.md, "bench"),
    /// relative to the package root: read by the harness and by every adapter, so it is defined once.
    package static let benchWorkload = "Sources/CookieStores/External/bench/workload.json"
}

extension ExternalAdapter {
    /// What an adapter measured in its own process on the standard workload (the `bench` reply, PROTOCOL.md).
    package struct BenchReport: Sendable, Hashable {
        /// A timed loop: `operations` done in `seconds`; the fastest round took `best` seconds, when the adapter says.
        package struct Measurement: Sendable, Hashable {
            package var operations: Int
            package var seconds: Double
            package var best: Double?

            package init(operations: Int, seconds: Double, best: Double? = nil) {
                self.operations = operations
                self.seconds = seconds
                self.best = best
            }

            package var microsecondsPerOperation: Double { seconds * 1e6 / Double(operations) }
        }

        /// Storing every `Set-Cookie` line into an empty jar.
        package var setCookie: Measurement
        /// Computing the `Cookie` header of every request URL on the full jar.
        package var cookieHeader: Measurement
        /// How many cookies the full jar holds, when the adapter says.
        package var stored: Int?
        /// FNV-1a (64 bits, 16 lower-case hex digits) of the headers, each followed by a newline.
        package var checksum: String
        /// The headers themselves, in request order (`nil`: no header), when the adapter sends them.
        package var headers: [String?]?
        /// The adapter's own version, from its handshake.
        package var version: String

        package init(
            setCookie: Measurement, cookieHeader: Measurement, stored: Int?, checksum: String, headers: [String?]?,
            version: String
        ) {
            self.setCookie = setCookie
            self.cookieHeader = cookieHeader
            self.stored = stored
            self.checksum = checksum
            self.headers = headers
            self.version = version
        }
    }

    /// Why an adapter has no bench figures: it cannot start, does not offer `bench`, or failed at it.
    package struct BenchUnavailable: Error, Sendable, Hashable, CustomStringConvertible {
        package var reason: String
        package init(_ reason: String) { self.reason = reason }
        package var description: String { reason }
    }

    /// The longest a `bench` request may take: two timed loops of `seconds` each, their warm-up rounds, and
    /// Python's `http.cookiejar` at ~3 ms a header on a loaded machine.
    package static let benchTimeout: Duration = .seconds(180)

    /// Asks a process of this adapter to run the workload in `workloadPath` and time it itself, each loop for at
    /// least `seconds` (PROTOCOL.md, "bench"). An adapter whose `start` did not list `bench` is not asked.
    ///
    /// - Returns: The adapter's figures, or why there are none (the reason names the adapter's own words).
    package func bench(workloadPath: String, seconds: Double, timeout: Duration = benchTimeout)
        -> Result<BenchReport, BenchUnavailable>
    {
        let pool = self.pool
        let process: AdapterProcess
        do {
            process = try pool.lease()
        } catch {
            return .failure(BenchUnavailable("cannot start: \(error.message)"))
        }
        defer { pool.giveBack(process) }
        guard process.handshake.optionalOperations.contains("bench") else {
            return .failure(BenchUnavailable(
                "does not offer the bench request (its start reply lists no 'bench' capability; PROTOCOL.md, \"bench\")"))
        }
        let outcome: AdapterProtocol.Outcome
        do {
            outcome = try process.call(
                .bench, ["workload": .string(workloadPath), "seconds": .number(seconds)], timeout: timeout
            ).outcome
        } catch {
            return .failure(BenchUnavailable("bench failed: \(error.message)"))
        }
        switch outcome {
        case .ok(let result):
            do throws(AdapterProtocol.Violation) {
                return .success(try Self.benchReport(result, version: process.handshake.version))
            } catch {
                process.kill()
                return .failure(BenchUnavailable(
                    "invalid bench reply: \(error.message): \(ChildProcess.shortened(result.line, to: 300))"))
            }
        case .skipped(let reason):
            return .failure(BenchUnavailable("bench skipped by the adapter: \(reason)"))
        case .errored(let message, _):
            return .failure(BenchUnavailable("bench errored in the adapter: \(message)"))
        }
    }

    /// Reads and checks a `bench` result.
    static func benchReport(_ result: AdapterProtocol.Result, version: String) throws(AdapterProtocol.Violation) -> BenchReport {
        func measurement(_ key: String) throws(AdapterProtocol.Violation) -> BenchReport.Measurement {
            guard case .object(let fields) = try result.value(key) else {
                throw AdapterProtocol.Violation("field 'result.\(key)' must be an object {operations, seconds}")
            }
            guard case .integer(let operations)? = fields["operations"], operations > 0 else {
                throw AdapterProtocol.Violation("field 'result.\(key).operations' must be a positive integer")
            }
            let seconds: Double
            switch fields["seconds"] {
            case .integer(let whole)?: seconds = Double(whole)
            case .number(let number)?: seconds = number
            default: throw AdapterProtocol.Violation("field 'result.\(key).seconds' must be a number")
            }
            guard seconds > 0, seconds.isFinite else {
                throw AdapterProtocol.Violation("field 'result.\(key).seconds' must be positive")
            }
            let best: Double?
            switch fields["best"] {
            case nil: best = nil
            case .integer(let whole)? where whole > 0 && Double(whole) <= seconds: best = Double(whole)
            case .number(let number)? where number > 0 && number <= seconds: best = number
            default: throw AdapterProtocol.Violation("field 'result.\(key).best' must be a positive number no larger than 'seconds'")
            }
            return BenchReport.Measurement(operations: operations, seconds: seconds, best: best)
        }
        let checksum = try result.string("checksum")
        guard checksum.utf8.count == 16, checksum.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else {
            throw AdapterProtocol.Violation("field 'result.checksum' must be 16 lower-case hex digits, found \"\(checksum)\"")
        }
        var stored: Int?
        if result.fields["stored"] != nil { stored = try result.integer("stored") }
        var headers: [String?]?
        if result.fields["headers"] != nil {
            var list: [String?] = []
            for (index, value) in try result.array("headers").enumerated() {
                switch value {
                case .null: list.append(nil)
                case .string(let header): list.append(header)
                default:
                    throw AdapterProtocol.Violation("'result.headers[\(index)]' must be a string or null, found \(value.typeName)")
                }
            }
            headers = list
        }
        return BenchReport(
            setCookie: try measurement("set-cookie"), cookieHeader: try measurement("cookie-header"), stored: stored,
            checksum: checksum, headers: headers, version: version)
    }
}
