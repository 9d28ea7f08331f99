import Domain
import Fixtures
import Foundation
import Testing

@Suite("LocalTimeZone: days, dates and times of day without ICU")
struct LocalTimeZoneTests {
    func instant(_ text: String) throws -> Date { try #require(Instant.parse(text)) }

    @Test("UTC: day numbers, local dates and weekdays, before and after 1970")
    func utc() throws {
        let utc = LocalTimeZone.utc
        #expect(utc.dayNumber(of: Date(timeIntervalSince1970: 0)) == 0)
        #expect(utc.dayNumber(of: Date(timeIntervalSince1970: -1)) == -1)
        let morning = utc.localTime(of: InstantMother.morning)
        #expect(morning == LocalDateTime(year: 2026, month: 11, day: 21, hour: 7, minute: 30, second: 0, weekday: 7))
        #expect(morning.isoDate == "2026-11-21")
        #expect(morning.clockTime == "07:30:00")
        let leap = utc.localTime(of: try instant("2024-02-29T23:59:59.900Z"))
        #expect(leap.isoDate == "2024-02-29" && leap.clockTime == "23:59:59" && leap.weekday == 5)
        #expect(utc.localTime(of: try instant("1969-12-31T12:00:00Z")).weekday == 4)
        #expect(utc.startOfDay(for: InstantMother.morning) == (try instant("2026-11-21T00:00:00Z")))
    }

    @Test("a date that does not exist has no start; one that does starts at its midnight")
    func datesByNumber() throws {
        let paris = TimeZoneMother.makeParis()
        #expect(paris.startOfDay(year: 2026, month: 2, day: 29) == nil)
        #expect(paris.startOfDay(year: 2026, month: 13, day: 1) == nil)
        #expect(paris.startOfDay(year: 2026, month: 4, day: 31) == nil)
        #expect(paris.startOfDay(year: 2024, month: 2, day: 29) == (try instant("2024-02-29T00:00:00+01:00")))
        #expect(paris.startOfDay(year: 2026, month: 7, day: 14) == (try instant("2026-07-14T00:00:00+02:00")))
    }

    @Test("a fixed offset moves the day boundary and the time of day")
    func fixedOffset() throws {
        let tokyo = LocalTimeZone(identifier: "Asia/Tokyo", fixedSecondsFromGMT: 9 * 3_600)
        let evening = try instant("2026-11-21T20:00:00Z")
        #expect(tokyo.localTime(of: evening).isoDate == "2026-11-22")
        #expect(tokyo.localTime(of: evening).clockTime == "05:00:00")
        #expect(tokyo.secondsFromGMT(for: evening) == 32_400)
        #expect(tokyo.startOfDay(for: evening) == (try instant("2026-11-22T00:00:00+09:00")))
        #expect(tokyo.description == "Asia/Tokyo")
    }

    @Test("days around a change of clocks start at their own midnight and last 23 or 25 hours")
    func daylightSaving() throws {
        let newYork = TimeZoneMother.makeNewYork()
        let springDay = newYork.dayNumber(of: try instant("2026-03-08T12:00:00-04:00"))
        let spring = newYork.startOfDay(number: springDay)
        #expect(spring == (try instant("2026-03-08T00:00:00-05:00")))
        #expect(newYork.startOfDay(number: springDay + 1).timeIntervalSince(spring) == 23 * 3_600)
        let fallDay = newYork.dayNumber(of: try instant("2026-11-01T12:00:00-05:00"))
        let fall = newYork.startOfDay(number: fallDay)
        #expect(fall == (try instant("2026-11-01T00:00:00-04:00")))
        #expect(newYork.startOfDay(number: fallDay + 1).timeIntervalSince(fall) == 25 * 3_600)
        // 01:30 happens twice on the day New York falls back; both are that day.
        #expect(newYork.dayNumber(of: try instant("2026-11-01T01:30:00-04:00")) == fallDay)
        #expect(newYork.dayNumber(of: try instant("2026-11-01T01:30:00-05:00")) == fallDay)
    }

    @Test("where the clocks jump over midnight, the day starts when they land")
    func midnightSkipped() throws {
        // A zone that moved from UTC−4 to UTC−3 at 00:00 local on 2026-09-06, as Santiago
        // and São Paulo have done: that day has no midnight and starts at 01:00.
        let jump = try instant("2026-09-06T04:00:00Z")
        let zone = LocalTimeZone(identifier: "Test/Jump") { seconds in
            seconds < Int64(jump.timeIntervalSince1970) ? -4 * 3_600 : -3 * 3_600
        }
        let day = zone.dayNumber(of: try instant("2026-09-06T12:00:00-03:00"))
        #expect(zone.startOfDay(number: day) == jump)
        #expect(zone.localTime(of: jump).clockTime == "01:00:00")
        #expect(zone.startOfDay(number: day - 1) == (try instant("2026-09-05T00:00:00-04:00")))
        #expect(zone.startOfDay(year: 2026, month: 9, day: 6) == jump)
    }
}
