import Domain
import Fixtures
import Foundation
import Testing

/// Random intent sequences under random clocks (mostly forward, sometimes stepping back),
/// checking the promises of the rules on every step.
@Suite("Transition properties")
struct TransitionPropertyTests {
    static let intents: [Intent] = [
        .pause, .pause, .resume, .resume, .finish, .cancel,
        .adjustTarget(bySeconds: 60), .adjustTarget(bySeconds: -60), .adjustTarget(bySeconds: 3_600),
    ]

    /// Even seeds run a clock that only moves forward, as the server's does (it never
    /// stamps a change earlier than the last); odd seeds let it step back now and then, to
    /// check that the rules then count nothing rather than rewind.
    @Test("elapsed never decreases, never exceeds wall time, pauses count nothing, the end is final", arguments: 0..<40)
    func randomSequences(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed))
        let clockMayStepBack = seed % 2 == 1
        let target: Double? = seed % 5 == 0 ? nil : Double(60 + random.next() % 1_800)
        let attributes = SessionAttributesMother.makeAttributes(plannedSeconds: target)
        let startedAt = InstantMother.morning
        var now = startedAt
        var latest = startedAt
        var activity = try Transition.apply(.start(attributes, showSeconds: true), to: nil, at: now)
        var observed = 0.0

        for _ in 0..<200 {
            // The clock: mostly forward by up to two minutes, sometimes back by up to ten seconds.
            let step = clockMayStepBack && random.next() % 10 == 0 ? -Double(random.next() % 10_000) / 1_000 : Double(random.next() % 120_000) / 1_000
            now = now.addingTimeInterval(step)
            latest = max(latest, now)
            let before = activity

            let intent = Self.intents[Int(random.next() % UInt64(Self.intents.count))]
            let after: Activity
            do {
                after = try Transition.apply(intent, to: activity, at: now)
            } catch {
                // A refusal changes nothing, and after the end every intent is refused.
                if case .sessionEnded = error {
                    #expect(Transition.advance(activity, to: latest).content.isEnded)
                }
                after = Transition.advance(activity, to: now)
            }
            activity = after

            let content = activity.content
            // Measurements never go back; with a forward clock, neither does what an observer
            // sees at the latest instant.
            #expect(content.secondsElapsed >= before.content.secondsElapsed)
            #expect(content.measuredAt >= before.content.measuredAt)
            let seen = content.elapsed(at: latest)
            if !clockMayStepBack { #expect(seen >= observed - 1e-9) }
            observed = seen
            // Never more than the wall time since the start, never negative.
            #expect(seen >= 0)
            #expect(seen <= max(latest, content.measuredAt).timeIntervalSince(startedAt) + 1e-6)
            // Paused time is not counted: a resume starts from exactly the paused value, and
            // a paused or ended clock stands still.
            if before.content.isPaused, content.isRunning {
                #expect(content.secondsElapsed == before.content.secondsElapsed)
            }
            if !content.isRunning {
                #expect(content.elapsed(at: latest.addingTimeInterval(3_600)) == content.secondsElapsed)
            }
            // A completed session stopped exactly at its target.
            if content.outcome == .completed, before.content.isRunning, !before.content.isEnded,
                intent != .finish, let target = content.targetTimeInSeconds
            {
                #expect(content.secondsElapsed == target)
            }
            // Nothing changes after the end.
            if before.content.isEnded { #expect(activity == before) }
            // Every state the rules produce survives JSON exactly.
            let data = try JSONEncoder().encode(activity)
            #expect(try JSONDecoder().decode(Activity.self, from: data) == activity)
        }
    }

    /// What the server does runs the clock rules once: first on their own (to push what
    /// they changed), then the intent on what they left (``Transition/apply(_:toAdvanced:at:)``).
    /// That must decide exactly as ``Transition/apply(_:to:at:)``, which runs them itself.
    @Test("an intent on an advanced activity decides as the intent with its clock rules", arguments: 0..<20)
    func advancedOnce(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(1_000 + seed))
        let target: Double? = seed % 4 == 0 ? nil : Double(60 + random.next() % 900)
        let attributes = SessionAttributesMother.makeAttributes(plannedSeconds: target)
        var now = InstantMother.morning
        var activity = try Transition.apply(.start(attributes, showSeconds: true), to: nil, at: now)
        var compared = 0
        for _ in 0..<200 {
            // Now and then a long gap, so completion and the 8-hour end come due.
            now = now.addingTimeInterval(random.next() % 20 == 0 ? 5_000 : Double(random.next() % 90_000) / 1_000)
            let intent = Self.intents[Int(random.next() % UInt64(Self.intents.count))]
            let once = Result { () throws(TransitionError) in
                try Transition.apply(intent, toAdvanced: Transition.advance(activity, to: now), at: now)
            }
            let twice = Result { () throws(TransitionError) in try Transition.apply(intent, to: activity, at: now) }
            #expect(once == twice, "\(intent) at \(now): \(once) against \(twice)")
            compared += 1
            activity = (try? twice.get()) ?? Transition.advance(activity, to: now)
        }
        #expect(compared == 200)
    }
}
