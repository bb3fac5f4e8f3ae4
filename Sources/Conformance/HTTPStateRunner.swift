import CookieModel
import Foundation
import HTTPModel

/// Runs the http-state corpus through the reference jar, the way the corpus' own harness drove browsers.
///
/// Each parser case: a fresh jar on a frozen clock; the `Set-Cookie` lines arrive with a 302 from
/// `http://home.example.org:8888/cookie-parser?NAME`; the redirected request (to `Location`, or
/// `/cookie-parser-result?NAME`) must carry exactly the expected `Cookie` header.
package struct HTTPStateRunner: Sendable {
    /// The corpus was written in 2011 and some of its Expires dates (2019) have passed since: run it in 2011.
    package static let corpusEpoch = Date(timeIntervalSince1970: 1_306_886_400)  // 2011-06-01T00:00:00Z

    package var now: Date
    package var configuration: CookieJarConfiguration
    package var knownDeviations: [String: String]

    package init(
        now: Date = HTTPStateRunner.corpusEpoch, configuration: CookieJarConfiguration = .rfc6265bis,
        knownDeviations: [String: String] = HTTPStateDeviations.rfc6265bis
    ) {
        self.now = now
        self.configuration = configuration
        self.knownDeviations = knownDeviations
    }

    /// The Cookie header the reference jar sends for a case (nil: none) and the URL it went to.
    package func observe(_ testCase: HTTPStateParserCase) -> (url: String, cookie: String?) {
        let jar = CookieJar(clock: .frozen(at: now), configuration: configuration)
        let origin = HTTPURL("http://home.example.org:8888/cookie-parser?\(testCase.name)")!
        for line in testCase.setCookieLines {
            jar.setCookie(bytes: line, from: origin.cookieURL!)
        }
        let target = (testCase.location.flatMap(origin.resolving)
            ?? HTTPURL("http://home.example.org:8888/cookie-parser-result?\(testCase.name)")!).cookieURL!
        return (target.description, jar.cookieHeader(for: target))
    }

    package func run(_ testCase: HTTPStateParserCase) -> HTTPStateCaseResult {
        let (url, observed) = observe(testCase)
        let passed = observed == testCase.expectedCookie
        let outcome: HTTPStateCaseResult.Outcome
        switch (passed, knownDeviations[testCase.name]) {
        case (true, nil): outcome = .passed
        case (true, .some): outcome = .unexpectedPass
        case (false, .some(let reason)): outcome = .knownDeviation(reason)
        case (false, nil): outcome = .failed
        }
        return HTTPStateCaseResult(
            name: testCase.name, requestURL: url, expected: testCase.expectedCookie, observed: observed,
            outcome: outcome, isDisabledUpstream: testCase.isDisabledUpstream
        )
    }

    package func run(_ testCase: HTTPStateDateCase) -> HTTPStateDateResult {
        let observed = CookieDate.parse(testCase.input).map(CookieDate.httpDate)
        return HTTPStateDateResult(testCase: testCase, observed: observed)
    }

    /// Runs the whole corpus.
    package func run(_ corpus: HTTPStateCorpus) -> HTTPStateReport {
        HTTPStateReport(parser: corpus.parserCases.map(run), dates: corpus.dateCases.map(run))
    }
}

package struct HTTPStateCaseResult: Sendable, Hashable {
    package enum Outcome: Sendable, Hashable {
        case passed
        case failed
        /// Fails, and the corpus' expectation is known to differ under RFC 6265bis for the reason given.
        case knownDeviation(String)
        /// Listed as a deviation but passes: the list is out of date.
        case unexpectedPass
    }

    package var name: String
    package var requestURL: String
    package var expected: String?
    package var observed: String?
    package var outcome: Outcome
    package var isDisabledUpstream: Bool
}

package struct HTTPStateDateResult: Sendable, Hashable {
    package var testCase: HTTPStateDateCase
    package var observed: String?
    package var passed: Bool { observed == testCase.expected }
}

/// The outcome of a whole corpus run, with the counts people read.
package struct HTTPStateReport: Sendable {
    package var parser: [HTTPStateCaseResult]
    package var dates: [HTTPStateDateResult]

    package var parserPassed: Int { parser.filter { $0.outcome == .passed }.count }
    package var parserFailed: Int { parser.count - parserPassed }
    /// Failures the deviation list explains.
    package var parserDeviations: Int { parser.filter { if case .knownDeviation = $0.outcome { true } else { false } }.count }
    package var datesPassed: Int { dates.filter(\.passed).count }
    package var datesFailed: Int { dates.count - datesPassed }

    /// True when every result is as expected: parser cases pass or are listed deviations, all dates pass.
    package var isAsExpected: Bool {
        datesFailed == 0 && parser.allSatisfy {
            if case .knownDeviation = $0.outcome { return true }
            return $0.outcome == .passed
        }
    }
}
