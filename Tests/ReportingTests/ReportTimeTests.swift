import Reporting
import Testing

@Suite("ReportTime")
struct ReportTimeTests {
    @Test(arguments: [
        (Duration.zero, "0.000"),
        (.seconds(1.23456), "1.235"),
        (.nanoseconds(100), "0.000"),
        (.seconds(12345.6), "12345.600"),
        (.milliseconds(12), "0.012"),
        (.microseconds(1500), "0.002"),
        (.microseconds(1499), "0.001"),
        (.microseconds(999_600), "1.000"),
        (.seconds(59), "59.000"),
        (.milliseconds(-5), "0.000"),
        (.seconds(1e12), "1000000000000.000"),
    ])
    func secondsHaveThreeDecimalsAndNoExponent(duration: Duration, expected: String) {
        #expect(ReportTime.seconds(duration) == expected)
    }

    @Test func jsonSecondsAreRoundedToTheMicrosecond() {
        #expect(ReportTime.secondsValue(.seconds(1.23456789)) == 1.234568)
        #expect(ReportTime.secondsValue(.zero) == 0)
    }
}
