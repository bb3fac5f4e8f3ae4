import Bench
import Foundation

/// `cookie-harness bench`: the reference jar and Foundation's HTTPCookieStorage on one workload, with ratios.
enum BenchCommand {
    static let usage = """
        usage: cookie-harness bench [--seconds S]

        Fills a jar with 3000 cookies over 60 domains from Set-Cookie lines, then computes the Cookie header for
        request URLs on the full jar; the reference jar and an ephemeral Foundation HTTPCookieStorage run the same
        workload in this one process. Prints operations per second for each and the ratio. Build with
        '-c release' for figures worth comparing. --seconds: minimum time per measurement (default 0.4).
        """

    static func run(_ arguments: [String], output: CommandOutput) throws -> ExitStatus {
        let args = try CommandLineArguments(arguments, valued: ["seconds"])
        if args.wantsHelp {
            output.out(usage)
            return .success
        }
        var benchmark = CookieStoreBenchmark()
        if let text = args.value("seconds") {
            guard let seconds = Double(text), seconds > 0, seconds <= 60 else {
                throw UsageError("option '--seconds': '\(text)' is not a number of seconds in (0, 60]")
            }
            benchmark.minimumDuration = .milliseconds(Int(seconds * 1000))
        }
        let results = CookieStoreComparison(benchmark: benchmark).run()
        output.out(results.table)
        return .success
    }
}
