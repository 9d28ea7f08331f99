import Domain
import Fixtures
import Foundation
import Testing

/// Durations are kept to the millisecond where they are made (Documentation/DomainJSON.md):
/// the time between two instants, a target typed with many decimals, an older file's
/// noisy number, a sum of many sessions. So their JSON is `9.427`, never
/// `9.427000045776367`, and what an older version wrote still reads.
@Suite("Durations to the millisecond")
struct DurationPrecisionTests {
    let start = InstantMother.morning.addingTimeInterval(0.217)

    func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    func started(planned: Double? = 600) throws -> Activity {
        let attributes = try SessionAttributes(name: SessionName("Morning sit"), plannedSeconds: planned)
        return try Transition.apply(.start(attributes, showSeconds: true), to: nil, at: start)
    }

    @Test("a session finished 9.427 s after its start sat exactly 9.427 s, on the wire and in the history")
    func finishedAfterMilliseconds() throws {
        let finished = try Transition.apply(.finish, to: started(), at: start.addingTimeInterval(9.427))
        #expect(finished.content.secondsElapsed == 9.427)
        #expect(try json(finished).contains(#""seconds_elapsed":9.427,"#))
        let record = try #require(SessionRecord(ended: finished))
        #expect(record.actualSeconds == 9.427)
        #expect(try json(record).contains(#""actual_seconds":9.427,"#))
    }

    @Test("pauses, resumes and a move of the target keep every figure to the millisecond")
    func pausedAndMoved() throws {
        var activity = try started()
        var now = start
        for (after, intent) in [(3.141, Intent.pause), (61.5, .resume), (0.333, .adjustTarget(bySeconds: 60.0004)), (123.457, .finish)] {
            now = now.addingTimeInterval(after)
            activity = try Transition.apply(intent, to: activity, at: now)
        }
        #expect(activity.content.secondsElapsed == 126.931)
        #expect(activity.content.targetTimeInSeconds == 660)
        let text = try json(activity)
        #expect(text.contains(#""seconds_elapsed":126.931,"#))
        #expect(text.contains(#""target_seconds":660}"#))
    }

    @Test("an elapsed time read at any instant is a whole number of milliseconds")
    func elapsedAtAnyInstant() throws {
        let running = try started()
        var generator = SeededGenerator(seed: 14)
        for _ in 0..<1_000 {
            let offset = Double(generator.next() % 28_800_000_000) / 1_000_000
            let elapsed = running.content.elapsed(at: start.addingTimeInterval(offset))
            #expect(elapsed == (elapsed * 1_000).rounded() / 1_000)
            #expect(abs(elapsed - offset) <= 0.001)
            #expect(String(elapsed).split(separator: ".").last.map { $0.count <= 3 } ?? true)
        }
    }

    @Test("a record an older version wrote with binary noise still reads, and writes back exact")
    func olderRecord() throws {
        let older = #"{"actual_seconds":9.427000045776367,"ended_at":"2026-11-21T07:30:09.644Z","#
            + #""id":"8A1C2E6F-3B1D-4F7A-9C55-2D7E0B9A4C11","name":"Morning sit","outcome":"finished_early","#
            + #""planned_seconds":66.66600000000001,"started_at":"2026-11-21T07:30:00.217Z"}"#
        let record = try JSONDecoder().decode(SessionRecord.self, from: Data(older.utf8))
        #expect(record.actualSeconds == 9.427)
        #expect(record.plannedSeconds == 66.666)
        let text = try json(record)
        #expect(text.contains(#""actual_seconds":9.427,"#) && text.contains(#""planned_seconds":66.666,"#))
        #expect(try JSONDecoder().decode(SessionRecord.self, from: Data(text.utf8)) == record)
    }

    @Test("a target typed with more decimals than a millisecond holds is kept to the millisecond")
    func typedTarget() throws {
        var settings = Settings.standard
        try settings.set("default-duration", to: "1.23456789")
        #expect(settings.defaultDurationSeconds == 74.074)
        #expect(try json(settings).contains(#""default_duration_seconds":74.074,"#))
        #expect(try DurationText.parse("1.1111") == 66.666)
        #expect(try SessionAttributes(name: SessionName("Sit"), plannedSeconds: 0.9996).plannedSeconds == 1)
    }

    @Test("totals add whole milliseconds, so many short sessions sum exactly")
    func exactTotals() {
        let records = (0..<1_000).map { index in
            SessionRecordMother.makeRecord(
                startedAt: InstantMother.morning.addingTimeInterval(-Double(index) * 600), plannedSeconds: nil,
                actualSeconds: 0.1)
        }
        let stats = SessionStats(records: records, timeZone: .utc, now: InstantMother.morning, days: 1)
        #expect(stats.totalSeconds == 100)
        #expect(stats.minutesPerDay.last?.seconds == 4.6)  // 07:30 back to midnight, every ten minutes
    }
}
