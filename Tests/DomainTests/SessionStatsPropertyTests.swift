import Domain
import Fixtures
import Foundation
import PropertyBased
import Testing

/// ``Domain/SessionStats`` keeps its days in a sorted array for speed; here it is held to
/// the plainest reading of its rules (a table of days, and walks from day to day) over
/// generated histories, in order and shuffled, with gaps, cancelled sessions, several
/// sessions a day and sessions after `now`.
@Suite("SessionStats against a plain reading of its rules")
struct SessionStatsPropertyTests {
    /// The stats as their documentation states them, with no regard for speed.
    struct Reference: Equatable {
        let total: Int64
        let count: Int
        let current: Int
        let longest: Int
        let perDay: [Double]

        init(_ records: [SessionRecord], zone: LocalTimeZone, now: Date, days: Int) {
            var byDay: [Int: Int64] = [:]
            var total: Int64 = 0
            var count = 0
            for record in records where record.outcome.countsTowardStats {
                let milliseconds = Seconds.milliseconds(record.actualSeconds)
                byDay[zone.dayNumber(of: record.startedAt), default: 0] += milliseconds
                total += milliseconds
                count += 1
            }
            self.total = total
            self.count = count
            let today = zone.dayNumber(of: now)
            var cursor = byDay[today] != nil ? today : today - 1
            var current = 0
            while byDay[cursor] != nil {
                current += 1
                cursor -= 1
            }
            self.current = current
            longest = byDay.keys.map { day in
                var length = 0
                while byDay[day - length] != nil { length += 1 }
                return length
            }.max() ?? 0
            perDay = (0..<days).reversed().map { Double(byDay[today - $0] ?? 0) / 1_000 }
        }
    }

    @Test("totals, streaks and minutes per day are the reference's, whatever the order")
    func matchesTheReference() async {
        let now = InstantMother.morning
        let session = zip(Gen.int(in: -40...3), Gen.int(in: 0...23), Gen.int(in: 1...3_600_000), Gen.int(in: 0...9))
        await propertyCheck(count: 300, input: session.array(of: 0...60), Gen.int(in: 0...30), Gen.bool) {
            sessions, days, shuffled in
            let records = sessions.map { day, hour, millis, outcome in
                SessionRecordMother.makeRecord(
                    startedAt: now.addingTimeInterval(Double(day) * 86_400 + Double(hour) * 3_600),
                    actualSeconds: Double(millis) / 1_000, outcome: outcome == 0 ? .cancelled : .completed)
            }
            .sorted { $0.startedAt < $1.startedAt }
            let given = shuffled ? records.shuffled() : records
            for zone in [LocalTimeZone.utc, TimeZoneMother.makeNewYork()] {
                let stats = SessionStats(records: given, timeZone: zone, now: now, days: days)
                let reference = Reference(records, zone: zone, now: now, days: days)
                #expect(Int64((stats.totalSeconds * 1_000).rounded()) == reference.total)
                #expect(stats.sessionCount == reference.count)
                #expect(stats.currentStreak == reference.current)
                #expect(stats.longestStreak == reference.longest)
                #expect(stats.minutesPerDay.map(\.seconds) == reference.perDay)
            }
        }
    }
}
