import Domain
import Fixtures
import Foundation
import Testing

@Suite("SessionStats")
struct SessionStatsTests {
    let utc = LocalTimeZone.utc
    let now = InstantMother.morning
    func daysAgo(_ days: Double, hour: Double = 0) -> Date { now.addingTimeInterval(-days * 86_400 + hour * 3_600) }

    @Test("an empty history has no minutes, no streak, and zero days")
    func empty() {
        let stats = SessionStats(records: [], timeZone: utc, now: now, days: 7)
        #expect(stats.totalMinutes == 0)
        #expect(stats.sessionCount == 0)
        #expect(stats.currentStreak == 0)
        #expect(stats.longestStreak == 0)
        #expect(stats.minutesPerDay.count == 7)
        #expect(stats.minutesPerDay.allSatisfy { $0.minutes == 0 })
        #expect(stats.minutesPerDay.last?.start == Instant.parse("2026-11-21T00:00:00Z"))
    }

    @Test("totals count every outcome but cancelled")
    func totals() {
        let records = [
            SessionRecordMother.makeRecord(actualSeconds: 600, outcome: .completed),
            SessionRecordMother.makeRecord(actualSeconds: 300, outcome: .finishedEarly),
            SessionRecordMother.makeRecord(actualSeconds: 900, outcome: .expired),
            SessionRecordMother.makeRecord(actualSeconds: 1_200, outcome: .cancelled),
        ]
        let stats = SessionStats(records: records, timeZone: utc, now: now)
        #expect(stats.sessionCount == 3)
        #expect(stats.totalMinutes == 30)
    }

    @Test("a streak runs through today, or through yesterday while today is still open")
    func currentStreak() {
        let throughToday = SessionRecordMother.makeStreak(days: 5, end: now)
        #expect(SessionStats(records: throughToday, timeZone: utc, now: now).currentStreak == 5)
        let throughYesterday = SessionRecordMother.makeStreak(days: 4, end: daysAgo(1))
        #expect(SessionStats(records: throughYesterday, timeZone: utc, now: now).currentStreak == 4)
        let broken = SessionRecordMother.makeStreak(days: 4, end: daysAgo(2))
        let stats = SessionStats(records: broken, timeZone: utc, now: now)
        #expect(stats.currentStreak == 0)
        #expect(stats.longestStreak == 4)
    }

    @Test("the longest streak is found among gaps; two sessions on a day count once")
    func longestStreak() {
        let records = SessionRecordMother.makeStreak(days: 3, end: daysAgo(20))
            + SessionRecordMother.makeStreak(days: 6, end: daysAgo(10))
            + [SessionRecordMother.makeRecord(startedAt: daysAgo(10, hour: 5))]
            + SessionRecordMother.makeStreak(days: 2, end: now)
        let stats = SessionStats(records: records.shuffled(), timeZone: utc, now: now)
        #expect(stats.longestStreak == 6)
        #expect(stats.currentStreak == 2)
        #expect(stats.sessionCount == 12)
    }

    @Test("a cancelled session does not keep a streak alive")
    func cancelledBreaksStreak() {
        let records = [
            SessionRecordMother.makeRecord(startedAt: daysAgo(2)),
            SessionRecordMother.makeRecord(startedAt: daysAgo(1), outcome: .cancelled),
            SessionRecordMother.makeRecord(startedAt: now),
        ]
        let stats = SessionStats(records: records, timeZone: utc, now: now)
        #expect(stats.currentStreak == 1)
        #expect(stats.longestStreak == 1)
    }

    @Test("minutes per day cover the last N days, oldest first, by the day a session started")
    func minutesPerDay() {
        let records = [
            SessionRecordMother.makeRecord(startedAt: daysAgo(0), actualSeconds: 600),
            SessionRecordMother.makeRecord(startedAt: daysAgo(0, hour: -1), actualSeconds: 300),
            SessionRecordMother.makeRecord(startedAt: daysAgo(2), actualSeconds: 1_200),
            SessionRecordMother.makeRecord(startedAt: daysAgo(30), actualSeconds: 1_200),
        ]
        let stats = SessionStats(records: records, timeZone: utc, now: now, days: 3)
        #expect(stats.minutesPerDay.map(\.minutes) == [20, 0, 15])
        #expect(stats.totalMinutes == 55)
    }

    @Test("days follow the time zone, across a daylight-saving change")
    func timeZones() throws {
        let newYork = TimeZoneMother.makeNewYork()
        // 2026-11-01 is the day New York falls back; sessions at 23:30 local on three evenings.
        let evenings = [
            try #require(Instant.parse("2026-10-31T23:30:00-04:00")),
            try #require(Instant.parse("2026-11-01T23:30:00-05:00")),
            try #require(Instant.parse("2026-11-02T23:30:00-05:00")),
        ]
        let records = evenings.map { SessionRecordMother.makeRecord(startedAt: $0) }
        let today = try #require(Instant.parse("2026-11-02T23:59:00-05:00"))
        let stats = SessionStats(records: records, timeZone: newYork, now: today, days: 3)
        #expect(stats.currentStreak == 3)
        #expect(stats.minutesPerDay.map(\.minutes) == [10, 10, 10])
        #expect(stats.minutesPerDay.map(\.start) == [
            try #require(Instant.parse("2026-10-31T00:00:00-04:00")),
            try #require(Instant.parse("2026-11-01T00:00:00-04:00")),
            try #require(Instant.parse("2026-11-02T00:00:00-05:00")),  // after a 25-hour day
        ])
        // In UTC the same evenings fall on the following days.
        let inUTC = SessionStats(records: records, timeZone: utc, now: today, days: 3)
        #expect(inUTC.minutesPerDay.first?.start == Instant.parse("2026-11-01T00:00:00Z"))
    }

    @Test("a realistic year with gaps has a plausible shape")
    func realisticYear() {
        let year = SessionRecordMother.makeYear(end: now)
        let stats = SessionStats(records: year, timeZone: utc, now: now, days: 84)
        #expect(stats.sessionCount > 200)
        #expect(stats.longestStreak >= stats.currentStreak)
        #expect(stats.longestStreak < 120)
        #expect(stats.minutesPerDay.count == 84)
    }
}
