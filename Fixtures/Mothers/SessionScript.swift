import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A session as a sequence of intents at known instants: what the server would be asked,
/// and when. The scenario catalog keeps its Live Activity and timer states as scripts, so
/// the consistency test can play the very same script through the real server and compare
/// what the observer ends with against what the showcase draws.
public struct SessionScript: Hashable, Sendable {
    /// Where the script leaves the session.
    public enum Moment: Hashable, Sendable {
        /// Just started: nothing counted yet.
        case justStarted
        /// Running, `elapsed` seconds in (paused and resumed at that instant, so the state
        /// is measured there, as after any push).
        case running(elapsed: Double)
        /// Paused `elapsed` seconds in.
        case paused(elapsed: Double)
        /// Completed by the server's clock rule at its target (finished by the person after
        /// `elapsed` seconds when open-ended).
        case completed(elapsed: Double)
        /// Finished by the person before the target, `elapsed` seconds in.
        case finishedEarly(elapsed: Double)
        /// Cancelled `elapsed` seconds in.
        case cancelled(elapsed: Double)
        /// Paused `elapsed` seconds in and left until the automatic 8-hour end.
        case expired(elapsed: Double)
        /// Running, `elapsed` seconds after the start, when the server's clock rules ran
        /// (ringing the bell due then, if the session has one).
        case rang(elapsed: Double)
        /// A group sit running `elapsed` seconds in, when its leader revoked the join code
        /// (ADR 0072); for a sit alone, running.
        case codeRevoked(elapsed: Double)
        /// Scheduled to begin by itself `startsIn` seconds after the creation (ADR 0074),
        /// shown at the creation: waiting, nothing sat.
        case scheduled(startsIn: Double)

        /// The moment's name, as the catalog's controls offer it.
        public var name: String {
            switch self {
            case .justStarted: return "justStarted"
            case .running: return "running"
            case .paused: return "paused"
            case .completed: return "completed"
            case .finishedEarly: return "finishedEarly"
            case .cancelled: return "cancelled"
            case .expired: return "expired"
            case .rang: return "rang"
            case .codeRevoked: return "codeRevoked"
            case .scheduled: return "scheduled"
            }
        }

        /// Every moment's name, in the order a control offers them.
        public static let names = [
            "justStarted", "running", "paused", "completed", "finishedEarly", "cancelled", "expired", "rang", "scheduled",
        ]

        /// The moment called `name`, `elapsed` seconds in; `nil` for an unknown name.
        public init?(name: String, elapsed: Double) {
            switch name {
            case "justStarted": self = .justStarted
            case "running": self = .running(elapsed: elapsed)
            case "paused": self = .paused(elapsed: elapsed)
            case "completed": self = .completed(elapsed: elapsed)
            case "finishedEarly": self = .finishedEarly(elapsed: elapsed)
            case "cancelled": self = .cancelled(elapsed: elapsed)
            case "expired": self = .expired(elapsed: elapsed)
            case "rang": self = .rang(elapsed: elapsed)
            case "codeRevoked": self = .codeRevoked(elapsed: elapsed)
            // Its seconds are the wait: at least one, as a start must lie ahead.
            case "scheduled": self = .scheduled(startsIn: max(1, elapsed.isFinite ? elapsed : 1))
            default: return nil
            }
        }

        /// The same moment with its seconds kept where the rules let a script reach it:
        /// not negative, and short of the target and of the automatic end, which would
        /// have ended the session first.
        func playable(target: Double?) -> Moment {
            if case .scheduled(let wait) = self {
                return .scheduled(startsIn: min(max(1, wait.isFinite ? wait : 1), SessionLimits.scheduleHorizon))
            }
            let limit = min(target ?? SessionLimits.maximumActivityDuration, SessionLimits.maximumActivityDuration)
            let seconds = min(max(0, elapsed.isFinite ? elapsed : 0), max(0, limit - 1))
            return Moment(name: name, elapsed: seconds) ?? self
        }

        /// The seconds the moment was given (zero for ``justStarted``).
        public var elapsed: Double {
            switch self {
            case .justStarted: return 0
            case .running(let seconds), .paused(let seconds), .completed(let seconds), .finishedEarly(let seconds),
                .cancelled(let seconds), .expired(let seconds), .rang(let seconds), .codeRevoked(let seconds),
                .scheduled(startsIn: let seconds):
                return seconds
            }
        }
    }

    /// One step: wait this many seconds, then send the intent (or none, letting the
    /// server's clock rules run).
    public struct Step: Hashable, Sendable {
        /// Seconds after the previous step.
        public let afterSeconds: Double
        /// What is sent then, or `nil` to let time pass.
        public let intent: Intent?

        /// A step.
        public init(afterSeconds: Double, intent: Intent?) {
            self.afterSeconds = afterSeconds
            self.intent = intent
        }
    }

    /// What the session is started with.
    public let attributes: SessionAttributes
    /// Whether views show seconds.
    public let showSeconds: Bool
    /// Where the script leaves the session.
    public let moment: Moment
    /// Seconds between the last step and the instant the session is shown: time that passes
    /// with no push, as on a lock screen between updates.
    public let viewedAfter: Double
    /// The instant the session is started.
    public let start: Date
    /// How many people follow a group sit through its channel from its start, each on a
    /// surface of their own: the server counts them with its leader (ADR 0073). 0 for none.
    public let followers: Int

    /// A script; ``SessionScriptMother`` makes them with realistic defaults. Seconds the
    /// rules could not reach (a pause after the target, a negative time) are brought back
    /// into range, so every script plays.
    public init(
        attributes: SessionAttributes, showSeconds: Bool, moment: Moment, viewedAfter: Double, start: Date, followers: Int = 0
    ) {
        let moment = moment.playable(target: attributes.plannedSeconds)
        // A scheduled moment's attributes say when it starts; every other's, that it starts
        // at once.
        var startsAt: Date? = nil
        if case .scheduled(let wait) = moment { startsAt = Instant.canonical(start.addingTimeInterval(wait)) }
        self.attributes =
            (try? SessionAttributes(
                name: attributes.name, plannedSeconds: attributes.plannedSeconds, bells: attributes.bells, isGroup: attributes.isGroup,
                startsAt: startsAt)) ?? attributes
        self.showSeconds = showSeconds
        self.moment = moment
        self.viewedAfter = viewedAfter.isFinite ? max(0, viewedAfter) : 0
        self.start = start
        self.followers = attributes.isGroup ? max(0, followers) : 0
    }

    /// What the server counts sitting once the followers joined: they and the leader;
    /// `nil` when nobody follows.
    public var sitting: Int? { followers > 0 ? followers + 1 : nil }

    /// The steps after the start that lead to ``moment``.
    public var steps: [Step] {
        switch moment {
        case .justStarted, .scheduled:
            return []
        case .running(let elapsed):
            return [Step(afterSeconds: elapsed, intent: .pause), Step(afterSeconds: 0, intent: .resume)]
        case .paused(let elapsed):
            return [Step(afterSeconds: elapsed, intent: .pause)]
        case .completed(let elapsed):
            guard let target = attributes.plannedSeconds else { return [Step(afterSeconds: elapsed, intent: .finish)] }
            return [Step(afterSeconds: target + 1, intent: nil)]
        case .finishedEarly(let elapsed):
            return [Step(afterSeconds: elapsed, intent: .finish)]
        case .cancelled(let elapsed):
            return [Step(afterSeconds: elapsed, intent: .cancel)]
        case .rang(let elapsed):
            return [Step(afterSeconds: elapsed, intent: nil)]
        case .codeRevoked(let elapsed):
            return [Step(afterSeconds: elapsed, intent: .pause), Step(afterSeconds: 0, intent: .resume)]
                + (attributes.isGroup ? [Step(afterSeconds: 0, intent: .revokeCode)] : [])
        case .expired(let elapsed):
            return [
                Step(afterSeconds: elapsed, intent: .pause),
                Step(afterSeconds: SessionLimits.maximumActivityDuration, intent: nil),
            ]
        }
    }

    /// The activity after the steps, made by Domain's `Transition` as the server
    /// makes it.
    public var activity: Activity {
        ContentStateMother.makeActivity(
            attributes: attributes, showSeconds: showSeconds, start: start,
            steps: steps.map { ($0.afterSeconds, $0.intent) }, sitting: sitting)
    }

    /// The bell the last step rang (its push's alert), as the server decides it.
    public var alert: BellAlert? {
        let timeline = ContentStateMother.makeTimeline(
            attributes: attributes, showSeconds: showSeconds, start: start, steps: steps.map { ($0.afterSeconds, $0.intent) },
            sitting: sitting)
        let previous = timeline.count > 1 ? timeline[timeline.count - 2].activity : nil
        return BellAlert.rung(from: previous, to: timeline[timeline.count - 1].activity)
    }

    /// The instant of the last step.
    public var lastStepAt: Date {
        Instant.canonical(start.addingTimeInterval(steps.reduce(0) { $0 + $1.afterSeconds }))
    }

    /// The instant the session is shown: ``viewedAfter`` seconds after the last step.
    public var shownAt: Date {
        Instant.canonical(lastStepAt.addingTimeInterval(viewedAfter))
    }
}
