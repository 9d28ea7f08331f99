import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// History records: one session, a realistic year with gaps, a long streak, and the
/// 100,000 sessions that size the stores and stats.
public enum SessionRecordMother {
    /// One record; by default a completed ten-minute morning sit.
    public static func makeRecord(
        id: UUID = UUID(),
        name: String = "Morning sit",
        startedAt: Date = InstantMother.morning,
        plannedSeconds: Double? = 600,
        actualSeconds: Double = 600,
        outcome: SessionOutcome = .completed
    ) -> SessionRecord {
        do {
            return try SessionRecord(
                id: id, name: SessionAttributesMother.makeName(name), startedAt: startedAt,
                endedAt: startedAt.addingTimeInterval(actualSeconds),
                plannedSeconds: plannedSeconds, actualSeconds: actualSeconds, outcome: outcome)
        } catch {
            preconditionFailure("fixture record is invalid: \(error)")
        }
    }

    /// A few recent sessions with the names and outcomes that stress a list, oldest first:
    /// an emoji-named one cancelled two days ago, yesterday's CJK-named one finished
    /// early, and today's completed sit.
    public static func makeRecent(end: Date = InstantMother.morning) -> [SessionRecord] {
        [
            makeRecord(
                name: SessionAttributesMother.emojiName, startedAt: end.addingTimeInterval(-90_000),
                actualSeconds: 60, outcome: .cancelled),
            makeRecord(
                name: SessionAttributesMother.cjkName, startedAt: end.addingTimeInterval(-86_400),
                actualSeconds: 300, outcome: .finishedEarly),
            makeRecord(startedAt: end),
        ]
    }

    /// One session a day for `days` days ending on the day of `end`, oldest first.
    public static func makeStreak(days: Int = 30, end: Date = InstantMother.morning, minutes: Double = 10) -> [SessionRecord] {
        (0..<max(0, days)).reversed().map { back in
            makeRecord(
                startedAt: end.addingTimeInterval(-Double(back) * 86_400),
                plannedSeconds: minutes * 60, actualSeconds: minutes * 60)
        }
    }

    /// A realistic year up to `end`: most mornings, a few evenings, gaps for holidays and
    /// busy weeks, now and then a session finished early or cancelled. Deterministic.
    public static func makeYear(end: Date = InstantMother.morning) -> [SessionRecord] {
        var generator = SeededGenerator(seed: 2026)
        var records: [SessionRecord] = []
        for back in (0..<365).reversed() {
            let day = end.addingTimeInterval(-Double(back) * 86_400)
            let inHoliday = (120..<134).contains(back) || (250..<257).contains(back)
            if inHoliday || generator.next() % 10 < 2 { continue }
            let planned = [300.0, 600, 900, 1_200][Int(generator.next() % 4)]
            let roll = generator.next() % 20
            let outcome: SessionOutcome = roll == 0 ? .cancelled : roll == 1 ? .finishedEarly : .completed
            let actual = outcome == .completed ? planned : planned / 2
            records.append(makeRecord(startedAt: day, plannedSeconds: planned, actualSeconds: actual, outcome: outcome))
            if generator.next() % 7 == 0 {
                records.append(
                    makeRecord(
                        name: "Evening wind-down", startedAt: day.addingTimeInterval(12 * 3_600),
                        plannedSeconds: 600, actualSeconds: 600))
            }
        }
        return records
    }

    /// `count` sessions, several a day going back from `end`, oldest first: the size the
    /// history must load and summarise quickly.
    public static func makeMany(count: Int = 100_000, end: Date = InstantMother.morning) -> [SessionRecord] {
        let spacing = 6.0 * 3_600
        return (0..<max(0, count)).reversed().map { back in
            makeRecord(
                id: UUID(uuid: uuid(for: back)), startedAt: end.addingTimeInterval(-Double(back) * spacing),
                plannedSeconds: 600, actualSeconds: 600)
        }
    }

    private static func uuid(for index: Int) -> uuid_t {
        let value = UInt64(index)
        return (
            0x4D, 0x4F, 0x4D, 0x45, 0x4E, 0x54, 0x40, 0x00,
            UInt8(value >> 56 & 0xFF), UInt8(value >> 48 & 0xFF), UInt8(value >> 40 & 0xFF), UInt8(value >> 32 & 0xFF),
            UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)
        )
    }
}

/// A small deterministic generator (SplitMix64), so generated fixtures are the same on
/// every run and every machine.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator that always yields the same sequence for the same seed.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
