import Domain
import Fixtures
import Foundation
import Testing

/// The server sleeps until ``Activity/nextDeadline(after:)`` and then runs the clock rules
/// at the instant it woke (``Transition/advance(_:to:)``), which rounds it to the
/// millisecond. So the deadline must be an instant at which something happens, whatever
/// millisecond arithmetic on dates gave it: a rule that is not yet due at its own deadline
/// is only looked at again when the server next retries, a second late (a CI run saw an
/// end bell rung 1.0 s late that way).
@Suite("Clock-rule deadlines")
struct DeadlinePropertyTests {
    static let intents: [Intent] = [.pause, .resume, .resume, .adjustTarget(bySeconds: 60)]

    @Test("at the deadline it names, and at any instant after it that rounds to its millisecond, the rules change something", arguments: 0..<40)
    func somethingHappensAtEachDeadline(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed))
        // Any millisecond of a year, so that adding seconds to it is not always exact.
        let start = Instant.canonical(Date(timeIntervalSince1970: 1_790_000_000 + Double(random.next() % 31_536_000_000) / 1_000))
        let program = BellProgramMother.makeProgram(
            warmUpSeconds: Double(random.next() % 3), interval: .every(Double(10 + random.next() % 20)))
        let attributes = BellProgramMother.makeAttributes(program, plannedSeconds: Double(30 + random.next() % 90))
        var activity = try Transition.apply(.start(attributes, showSeconds: true), to: nil, at: start)
        var now = start
        var checked = 0

        for _ in 0..<60 {
            if random.next() % 3 == 0 {
                now = now.addingTimeInterval(Double(random.next() % 4_000) / 1_000)
                let intent = Self.intents[Int(random.next() % UInt64(Self.intents.count))]
                activity = (try? Transition.apply(intent, to: activity, at: now)) ?? activity
                continue
            }
            guard let deadline = activity.nextDeadline(after: now) else { break }
            // Woken at the deadline itself, or late by less than half a millisecond.
            for late in [0, 0.000_1, 0.000_49] {
                let woken = deadline.addingTimeInterval(late)
                let advanced = Transition.advance(activity, to: woken)
                #expect(
                    advanced != activity || activity.status(at: woken) != activity.status(at: now),
                    "nothing happened at the deadline \(deadline.timeIntervalSince1970) (+\(late) s) of \(activity)")
            }
            checked += 1
            now = max(now, deadline)
            activity = Transition.advance(activity, to: now)
        }
        #expect(checked >= 3)
    }
}
