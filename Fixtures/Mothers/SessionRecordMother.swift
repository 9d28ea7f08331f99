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

    /// The names ``makeVaried(count:seed:end:)`` draws from: every character a name may
    /// hold that a writer of JSON must take care of (quotes, backslashes, slashes, non-ASCII
    /// text, emoji sequences, right-to-left and combining marks, white space to trim, the
    /// longest length), and a few that Domain turns away (controls, empty), so a generator
    /// built on this list also meets refusals.
    public static let variedNames = [
        "Morning sit", #"A "quoted" sit"#, #"back\slash \u0041"#, "slash/and/slash", "</script>",
        SessionAttributesMother.emojiName, SessionAttributesMother.cjkName, SessionAttributesMother.rightToLeftName,
        SessionAttributesMother.longName, "  padded  ", "e\u{301}te\u{301} \u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}",
        "\u{7F}delete", "tab\there", "new\nline", "\u{1B}[31mred", "", "   ", String(repeating: "x", count: 65),
        "\u{2028}separator", "\u{FEFF}bom", "100% {braces} [brackets] 'single' `back`",
    ]

    /// `count` records drawn from `seed`, each different in every field a record has:
    /// names from ``variedNames`` (those Domain refuses are skipped), every outcome,
    /// open-ended sessions (no target), durations and instants to the millisecond, starts
    /// mostly ascending but now and then earlier than the one before, as a history gets
    /// when a long session ends after a shorter one started later. Deterministic.
    public static func makeVaried(count: Int, seed: UInt64 = 1, end: Date = InstantMother.morning) -> [SessionRecord] {
        var generator = SeededGenerator(seed: seed)
        var records: [SessionRecord] = []
        var start = end.addingTimeInterval(-Double(count) * 20_000)
        while records.count < count {
            let jump = Double(generator.next() % 40_000_000) / 1_000
            start = start.addingTimeInterval(generator.next() % 10 == 0 ? -jump : jump)
            let planned: Double? = generator.next() % 4 == 0 ? nil : Double(1 + generator.next() % 7_200_000) / 1_000
            let actual = Double(generator.next() % 10_000_000) / 1_000
            let outcomes = SessionOutcome.allCases
            guard let name = try? SessionName(variedNames[Int(generator.next() % UInt64(variedNames.count))]),
                let record = try? SessionRecord(
                    id: UUID(uuid: uuid(for: Int(generator.next() >> 1))), name: name, startedAt: start,
                    endedAt: start.addingTimeInterval(actual + Double(generator.next() % 100_000) / 1_000),
                    plannedSeconds: planned, actualSeconds: actual,
                    outcome: outcomes[Int(generator.next() % UInt64(outcomes.count))])
            else { continue }
            records.append(record)
        }
        return records
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
