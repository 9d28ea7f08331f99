import Domain
import Fixtures
import Foundation
import Testing

@Suite("timerDisplayFromSeconds")
struct TimerDisplayTests {
    @Test(
        "with seconds: M:SS under an hour, H:MM:SS from one hour",
        arguments: [
            (0.0, "0:00"), (0.999, "0:00"), (1, "0:01"), (59, "0:59"), (59.999, "0:59"), (60, "1:00"),
            (61, "1:01"), (125, "2:05"), (125.9, "2:05"), (599, "9:59"), (600, "10:00"),
            (3_599, "59:59"), (3_599.99, "59:59"), (3_600, "1:00:00"), (3_601, "1:00:01"),
            (3_660, "1:01:00"), (8 * 3_600, "8:00:00"), (36_000 + 62, "10:01:02"),
        ] as [(Double, String)])
    func withSeconds(seconds: Double, expected: String) {
        #expect(timerDisplayFromSeconds(seconds: seconds, showSeconds: true) == expected)
    }

    @Test(
        "without seconds: N min under an hour, H:MM from one hour",
        arguments: [
            (0.0, "0 min"), (59, "0 min"), (59.9, "0 min"), (60, "1 min"), (119, "1 min"),
            (125, "2 min"), (3_599, "59 min"), (3_600, "1:00"), (3_659, "1:00"), (3_660, "1:01"),
            (5 * 3_600 + 7 * 60 + 30, "5:07"),
        ] as [(Double, String)])
    func withoutSeconds(seconds: Double, expected: String) {
        #expect(timerDisplayFromSeconds(seconds: seconds, showSeconds: false) == expected)
    }

    @Test("negative and NaN inputs show zero")
    func negativeAndNaN() {
        for value in [-0.5, -1, -3_600, -Double.infinity, Double.nan, -Double.greatestFiniteMagnitude] {
            #expect(timerDisplayFromSeconds(seconds: value, showSeconds: true) == "0:00")
            #expect(timerDisplayFromSeconds(seconds: value, showSeconds: false) == "0 min")
        }
    }

    @Test("huge and infinite inputs show the documented maximum, never crash")
    func hugeInputs() {
        for value in [Double(timerDisplayMaximumSeconds), 1e12, 1e300, .greatestFiniteMagnitude, .infinity] {
            #expect(timerDisplayFromSeconds(seconds: value, showSeconds: true) == "99999:59:59")
            #expect(timerDisplayFromSeconds(seconds: value, showSeconds: false) == "99999:59")
        }
        #expect(timerDisplayFromSeconds(seconds: Double(timerDisplayMaximumSeconds) - 1, showSeconds: true) == "99999:59:58")
    }

    @Test("agrees with the seeds' String(format:) definition wherever that one is defined")
    func matchesOriginalDefinition() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<5_000 {
            let seconds = Double(generator.next() % 400_000) + Double(generator.next() % 1_000) / 1_000
            for showSeconds in [true, false] {
                #expect(
                    timerDisplayFromSeconds(seconds: seconds, showSeconds: showSeconds)
                        == originalDefinition(seconds: seconds, showSeconds: showSeconds))
            }
        }
    }

    /// seeds/000's function, word for word, as the oracle for non-negative finite inputs.
    private func originalDefinition(seconds: Double, showSeconds: Bool) -> String {
        let totalSeconds = Int(seconds)
        let hours = totalSeconds / 3600
        let minutes = (totalSeconds % 3600) / 60
        let secs = totalSeconds % 60
        if showSeconds {
            if hours > 0 {
                return String(format: "%d:%02d:%02d", hours, minutes, secs)
            } else {
                return String(format: "%d:%02d", minutes, secs)
            }
        } else {
            if hours > 0 {
                return String(format: "%d:%02d", hours, minutes)
            } else {
                return String(format: "%d min", minutes)
            }
        }
    }

    @Test("a past sit shorter than a minute shows its seconds, longer ones their minutes", arguments: [
        (0.0, "0 s"), (5.4, "5 s"), (59.9, "59 s"), (60, "1 min"), (125, "2 min"), (3_900, "1:05"),
    ])
    func satDuration(seconds: Double, expected: String) {
        #expect(satDurationText(seconds: seconds) == expected)
    }
}
