import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Content states for every situation a view shows, built the way the server builds them:
/// by running intents through `Transition` from a real start, so a fixture can
/// never hold a state the rules would not produce.
public enum ContentStateMother {
    /// An activity started at `start` and run through `steps`: each step waits the given
    /// seconds, then applies its intent (or none, just letting time pass).
    public static func makeActivity(
        attributes: SessionAttributes = SessionAttributesMother.makeAttributes(),
        showSeconds: Bool = true,
        start: Date = InstantMother.morning,
        steps: [(afterSeconds: Double, intent: Intent?)] = [],
        sitting: Int? = nil
    ) -> Activity {
        let timeline = makeTimeline(attributes: attributes, showSeconds: showSeconds, start: start, steps: steps, sitting: sitting)
        return timeline[timeline.count - 1].activity
    }

    /// Every activity ``makeActivity(attributes:showSeconds:start:steps:sitting:)`` passes through,
    /// with the instant it is reached: the start, a group sit's count of people when
    /// `sitting` is given (as its followers join at the start), then one entry per step
    /// (unchanged when the step changed nothing). What a double replays as a server's pushes.
    public static func makeTimeline(
        attributes: SessionAttributes = SessionAttributesMother.makeAttributes(),
        showSeconds: Bool = true,
        start: Date = InstantMother.morning,
        steps: [(afterSeconds: Double, intent: Intent?)] = [],
        sitting: Int? = nil
    ) -> [(at: Date, activity: Activity)] {
        var now = start
        var activity = apply(.start(attributes, showSeconds: showSeconds), to: nil, at: now)
        var timeline = [(at: now, activity: activity)]
        // A group sit's followers, counted by the server as they join at its start (ADR 0073).
        if let sitting, Transition.counting(activity, sitting: sitting) != activity {
            activity = Transition.counting(activity, sitting: sitting)
            timeline.append((at: now, activity: activity))
        }
        for step in steps {
            now = now.addingTimeInterval(step.afterSeconds)
            activity = Transition.advance(activity, to: now)
            if let intent = step.intent { activity = apply(intent, to: activity, at: now) }
            timeline.append((at: now, activity: activity))
        }
        return timeline
    }

    /// Just started: 0 of 300 seconds.
    public static func makeJustStarted(showSeconds: Bool = true) -> ContentState {
        SessionScriptMother.makeScript(moment: .justStarted, showSeconds: showSeconds).activity.content
    }

    /// In progress: 125 of 300 seconds, as in seeds/000, measured at 125 s after the start.
    public static func makeInProgress(
        elapsed: Double = 125, target: Double = 300, showSeconds: Bool = true
    ) -> ContentState {
        SessionScriptMother.makeScript(plannedSeconds: target, moment: .running(elapsed: elapsed), showSeconds: showSeconds)
            .activity.content
    }

    /// Paused at 125 of 300 seconds.
    public static func makePaused(elapsed: Double = 125, target: Double = 300) -> ContentState {
        SessionScriptMother.makeScript(plannedSeconds: target, moment: .paused(elapsed: elapsed)).activity.content
    }

    /// Completed: the server's rule ended it at its 300-second target.
    public static func makeCompleted(target: Double = 300) -> ContentState {
        SessionScriptMother.makeScript(plannedSeconds: target, moment: .completed(elapsed: target)).activity.content
    }

    /// Open-ended, running, 42 minutes in.
    public static func makeOpenEnded(elapsed: Double = 42 * 60) -> ContentState {
        SessionScriptMother.makeScript(name: "Open sit", plannedSeconds: nil, moment: .running(elapsed: elapsed))
            .activity.content
    }

    /// Hours long: an open-ended session 2 h 14 min 5 s in.
    public static func makeHoursLong(elapsed: Double = 2 * 3_600 + 14 * 60 + 5) -> ContentState {
        makeOpenEnded(elapsed: elapsed)
    }

    /// Finished early by the person, at 125 of 300 seconds.
    public static func makeFinishedEarly(elapsed: Double = 125) -> ContentState {
        SessionScriptMother.makeScript(moment: .finishedEarly(elapsed: elapsed)).activity.content
    }

    /// Cancelled at 125 of 300 seconds.
    public static func makeCancelled(elapsed: Double = 125) -> ContentState {
        SessionScriptMother.makeScript(moment: .cancelled(elapsed: elapsed)).activity.content
    }

    /// Ended by the server's 8-hour rule after being left paused at 125 seconds.
    public static func makeExpired(elapsed: Double = 125) -> ContentState {
        SessionScriptMother.makeScript(moment: .expired(elapsed: elapsed)).activity.content
    }

    private static func apply(_ intent: Intent, to activity: Activity?, at now: Date) -> Activity {
        do {
            return try Transition.apply(intent, to: activity, at: now)
        } catch {
            preconditionFailure("fixture step \(intent.action) was refused: \(error)")
        }
    }
}
