import Domain
import Foundation
import PropertyBased
import Testing

/// The round trips the fuzz targets hold on hostile input (Documentation/Fuzzing.md),
/// here over generated valid values, where a unit test says more than a fuzz run: a valid
/// Domain value encodes and decodes to itself, and what a person reads they can type back.
@Suite("Round trips of valid values")
struct RoundTripPropertyTests {
    @Test("every whole-second target, shown as the timer shows it, reads back to itself")
    func durationShownReadsBack() async {
        await propertyCheck(count: 500, input: Gen.int(in: 1...Int(SessionLimits.targetRange.upperBound))) { seconds in
            let shown = timerDisplayFromSeconds(seconds: Double(seconds), showSeconds: true)
            #expect((try? DurationText.parse(shown)) == Double(seconds), "\(seconds) s is shown as \(shown)")
        }
    }

    @Test("valid settings encode and decode to themselves, and each value shown sets itself again")
    func settings() async {
        await propertyCheck(
            count: 300, input: Gen.int(in: 1...Int(SessionLimits.targetRange.upperBound)), Gen.int(in: 0...480), Gen.bool,
            Gen.bool
        ) { seconds, interval, showSeconds, endBell in
            let settings = try Settings(
                defaultDurationSeconds: Double(seconds), showSeconds: showSeconds,
                timeDisplay: endBell ? .remaining : .elapsed, intervalBellMinutes: interval == 0 ? nil : interval,
                endBell: endBell, desktopNotification: !showSeconds, bellVolume: seconds % 101)
            let decoded = try JSONDecoder().decode(Settings.self, from: JSONEncoder().encode(settings))
            #expect(decoded == settings)
            var again = Settings.standard
            for key in Settings.Key.allCases { try again.set(key.rawValue, to: settings.value(of: key)) }
            #expect(again == settings, "shown as \(Settings.Key.allCases.map(settings.value(of:)))")
        }
    }

    @Test("session attributes of any accepted name and target encode and decode to themselves")
    func attributes() async {
        await propertyCheck(count: 300, input: Gen.letterOrNumber.string(of: 0...60), Gen.int(in: 0...28_800_000)) { name, millis in
            guard let sessionName = try? SessionName(name),
                let attributes = try? SessionAttributes(name: sessionName, plannedSeconds: Double(millis) / 1_000)
            else { return }
            let decoded = try JSONDecoder().decode(SessionAttributes.self, from: JSONEncoder().encode(attributes))
            #expect(decoded == attributes)
        }
    }
}
