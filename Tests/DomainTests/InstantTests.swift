import Domain
import Fixtures
import Foundation
import Testing

@Suite("Instant: how dates are written")
struct InstantTests {
    @Test("formats in UTC with three fractional digits")
    func formats() {
        #expect(Instant.format(InstantMother.morning) == "2026-11-21T07:30:00.000Z")
        #expect(Instant.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(Instant.format(Date(timeIntervalSince1970: -0.001)) == "1969-12-31T23:59:59.999Z")
        #expect(Instant.format(Date(timeIntervalSince1970: 951_782_400.125)) == "2000-02-29T00:00:00.125Z")
    }

    @Test("parses Z, offsets and any fraction length; rejects everything else")
    func parses() {
        #expect(Instant.parse("2026-11-21T07:30:00Z") == InstantMother.morning)
        #expect(Instant.parse("2026-11-21T08:30:00+01:00") == InstantMother.morning)
        #expect(Instant.parse("2026-11-21T02:30:00.000-05:00") == InstantMother.morning)
        #expect(Instant.parse("2026-11-21T07:30:00.0004Z") == InstantMother.morning)
        for bad in [
            "", "2026-11-21", "2026-11-21T07:30:00", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z",
            "2026-11-21T24:00:00Z", "2026-11-21T07:30:00.Z", "2026-11-21T07:30:00Zjunk", "tomorrow",
            "2026-11-21T07:30:00+1:00", "١٢٣٤-11-21T07:30:00Z",
        ] {
            #expect(Instant.parse(bad) == nil, "\(bad) should be refused")
        }
    }

    @Test("a canonical date survives format and parse exactly, for any date")
    func roundTrips() {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<10_000 {
            let seconds = Double(Int64(bitPattern: generator.next()) % 4_000_000_000_000) / 1_000 + 0.000_3
            let date = Instant.canonical(Date(timeIntervalSince1970: seconds))
            #expect(Instant.parse(Instant.format(date)) == date)
            #expect(Instant.canonical(date) == date)
        }
    }
}
