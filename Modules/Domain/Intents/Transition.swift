#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The rules of a session: the one place where an activity changes.
///
/// Both functions are pure: the same activity, intent and instant always give the same
/// answer. The server calls them with its own clock; no client ever does.
///
/// Instants are taken to the millisecond (``Instant/canonical(_:)``), and an instant
/// earlier than the activity's last measurement counts as that measurement, so a clock
/// that steps back can never make time run backwards.
public enum Transition {
    /// Applies an intent at `now`, answering the new activity or why the rules refuse it.
    ///
    /// - A start needs no activity (`nil`); every other intent needs one.
    /// - The server's clock rules run first (``advance(_:to:)``): a pause that arrives
    ///   after the target was reached meets an ended session, and is refused.
    /// - Pause when paused and resume when running answer the activity unchanged.
    /// - Any intent after the end is ``TransitionError/sessionEnded(_:)``.
    /// - A start whose attributes are scheduled (``SessionAttributes/startsAt``) makes a
    ///   scheduled sit, paused at 0 until its instant; an instant not after `now`, or more
    ///   than ``SessionLimits/scheduleHorizon`` ahead, is refused. On a scheduled sit,
    ///   resume starts it now, pause changes nothing, and finish is
    ///   ``TransitionError/notYetBegun(startsAt:)`` (cancel ends it uncounted).
    public static func apply(
        _ intent: Intent, to activity: Activity?, at now: Date
    ) throws(TransitionError) -> Activity {
        guard let activity else {
            guard case .start(let attributes, let showSeconds) = intent else { throw .notStarted }
            return try start(attributes, showSeconds: showSeconds, at: Instant.canonical(now))
        }
        return try apply(intent, toAdvanced: advance(activity, to: now), at: now)
    }

    /// Applies an intent at `now` to an activity whose clock rules have already run at
    /// `now` (``advance(_:to:)``), as the server's decision runs them first to push what
    /// they changed: the rules of ``apply(_:to:at:)`` without running the clock rules a
    /// second time.
    public static func apply(
        _ intent: Intent, toAdvanced current: Activity, at now: Date
    ) throws(TransitionError) -> Activity {
        if case .start = intent { throw .alreadyStarted }
        // A code may be revoked after the end too: the channel lives until the dismissal.
        if case .revokeCode = intent { return try revokingCode(of: current, at: now) }
        if let outcome = current.content.outcome { throw .sessionEnded(outcome) }
        let now = instant(now, for: current)
        let content = current.content

        switch intent {
        case .start:
            throw .alreadyStarted
        case .revokeCode:
            return try revokingCode(of: current, at: now)
        case .resume where content.isScheduled:
            return current.beginning(at: now)
        case .finish where content.isScheduled:
            throw .notYetBegun(startsAt: content.startsAt ?? now)
        case .pause:
            guard content.isRunning else { return current }
            return current.replacing(content: content.measured(at: now, isPaused: true))
        case .resume:
            guard content.isPaused else { return current }
            return current.replacing(content: content.with(isPaused: false, measuredAt: now))
        case .finish:
            let elapsed = content.elapsed(at: now)
            let reachedTarget = content.targetTimeInSeconds.map { elapsed >= $0 } ?? true
            return current.ending(
                content.measured(at: now, outcome: reachedTarget ? .completed : .finishedEarly), at: now)
        case .cancel:
            return current.ending(content.measured(at: now, outcome: .cancelled), at: now)
        case .adjustTarget(let asked):
            guard asked.isFinite else { throw .invalidAdjustment(seconds: asked) }
            guard let target = content.targetTimeInSeconds else { throw .openEnded }
            // Targets are kept to the millisecond, so the move is too; less than half a
            // millisecond moves nothing.
            let delta = Seconds.canonical(asked)
            guard delta != 0 else { return current }
            let requested = Seconds.canonical(target + delta)
            guard SessionLimits.targetRange.contains(requested) else {
                throw .targetOutOfRange(requestedSeconds: requested)
            }
            let elapsed = content.elapsed(at: now)
            guard requested > elapsed else {
                throw .targetBelowElapsed(requestedSeconds: requested, elapsedSeconds: elapsed)
            }
            return current.replacing(content: content.measured(at: now, targetTimeInSeconds: requested))
        }
    }

    /// The server's clock rules at `now`: a running session that has reached its target
    /// is completed at the instant it reached it, and an activity still live 8 hours
    /// after it started is ended then (``SessionOutcome/expired``); else the bells of its
    /// program that came due are rung (``ContentState/bellsRung``; a pause moves them, as
    /// they are instants of time sat). Answers the activity unchanged when nothing is due.
    /// Dismissal needs no change: it follows from the dates (``Activity/status(at:)``).
    public static func advance(_ activity: Activity, to now: Date) -> Activity {
        let content = activity.content
        guard !content.isEnded else { return activity }
        let now = instant(now, for: activity)
        // A scheduled sit begins at its instant (its start bell with it), then the rules
        // run on from there, as if the server had woken at it.
        if let startsAt = content.startsAt {
            return startsAt <= now ? advance(activity.beginning(at: startsAt), to: now) : activity
        }
        let automaticEnd = activity.lifecycle.automaticEndDate

        if let completion = content.completionDate, completion <= now, completion <= automaticEnd,
            let target = content.targetTimeInSeconds
        {
            return activity.ending(
                content.with(
                    secondsElapsed: target, measuredAt: completion, outcome: .completed,
                    bellsRung: activity.bellsDue(satSeconds: target, warmedUp: true)),
                at: completion)
        }
        if now >= automaticEnd {
            return activity.ending(
                content.with(
                    secondsElapsed: content.elapsed(at: automaticEnd), isPaused: false,
                    measuredAt: automaticEnd, outcome: .expired),
                at: automaticEnd)
        }
        if content.isRunning {
            let due = activity.bellsDue(satSeconds: content.elapsed(at: now), warmedUp: !content.isWarmingUp(at: now))
            if due > content.bellsRung { return activity.replacing(content: content.measured(at: now, bellsRung: due)) }
        }
        return activity
    }

    /// The group sit with `sitting` people following it now (its leader included), as the
    /// server counts them (ADR 0073): ``ContentState/sitting``, and the most at once so far.
    /// Nothing else changes, the time sat included, as a count is no measurement of it.
    /// Answers the activity unchanged for a sit alone, once it has ended (its count is then
    /// what its summaries say), and when the count is the same.
    public static func counting(_ activity: Activity, sitting: Int) -> Activity {
        let content = activity.content
        guard activity.attributes.isGroup, !content.isEnded, sitting >= 0, sitting != content.sitting else { return activity }
        return activity.replacing(content: content.with(sitting: sitting))
    }

    // MARK: - Helpers

    /// The group sit with its join code revoked at `now`; unchanged when it already was.
    private static func revokingCode(of current: Activity, at now: Date) throws(TransitionError) -> Activity {
        guard current.attributes.isGroup else { throw .notAGroup }
        guard current.lifecycle.codeRevokedAt == nil else { return current }
        return current.rebuilt(content: current.content, lifecycle: current.lifecycle.revokingCode(at: instant(now, for: current)))
    }

    private static func start(_ attributes: SessionAttributes, showSeconds: Bool, at now: Date) throws(TransitionError)
        -> Activity
    {
        if let startsAt = attributes.startsAt {
            guard startsAt > now else { throw .startsInThePast(startsAt) }
            guard Seconds.between(now, startsAt) <= SessionLimits.scheduleHorizon else { throw .startsTooFarAhead(startsAt) }
        }
        // A fresh session is valid by construction: zero elapsed, a target the attributes
        // already checked, measured at its own start. Without a warm-up, its start bell
        // rings with it. A group sit's leader sits it from the start (ADR 0073).
        // A scheduled one waits paused, its bells with it, until its instant.
        let scheduled = attributes.startsAt != nil
        let warmUp = attributes.bells?.warmUpSeconds ?? 0
        let rung = scheduled ? 0 : attributes.bells?.bellsDue(satSeconds: 0, warmedUp: warmUp == 0, target: attributes.plannedSeconds) ?? 0
        do {
            return try Activity(
                attributes: attributes,
                content: ContentState(
                    secondsElapsed: 0, targetTimeInSeconds: attributes.plannedSeconds,
                    showSeconds: showSeconds, isPaused: scheduled, measuredAt: now, outcome: nil, warmUpLeft: warmUp,
                    bellsRung: rung, sitting: attributes.isGroup ? 1 : 0, startsAt: attributes.startsAt),
                lifecycle: ActivityLifecycle(startedAt: now))
        } catch {
            preconditionFailure("a new session is consistent by construction: \(error)")
        }
    }

    /// `now` to the millisecond, and never before the activity's last measurement.
    private static func instant(_ now: Date, for activity: Activity) -> Date {
        max(Instant.canonical(now), activity.content.measuredAt)
    }
}

extension Activity {
    /// How many of its bells before the end have rung once `satSeconds` are sat.
    fileprivate func bellsDue(satSeconds: Double, warmedUp: Bool) -> Int {
        max(content.bellsRung, attributes.bells?.bellsDue(
            satSeconds: satSeconds, warmedUp: warmedUp, target: content.targetTimeInSeconds) ?? 0)
    }

    /// The scheduled sit begun at `instant`: running from it, measured at it, its start
    /// bell rung unless a warm-up comes first, and started then (its history says when it
    /// was sat, not when it was planned).
    fileprivate func beginning(at instant: Date) -> Activity {
        let warmedUp = content.warmUpLeft == 0
        let rung = attributes.bells?.bellsDue(satSeconds: 0, warmedUp: warmedUp, target: content.targetTimeInSeconds) ?? 0
        let begun: ContentState
        do {
            begun = try ContentState(
                secondsElapsed: 0, targetTimeInSeconds: content.targetTimeInSeconds, showSeconds: content.showSeconds,
                isPaused: false, measuredAt: instant, outcome: nil, warmUpLeft: content.warmUpLeft,
                bellsRung: max(rung, content.bellsRung), sitting: content.sitting, mostSitting: content.mostSitting)
        } catch {
            preconditionFailure("a scheduled sit begins consistent: \(error)")
        }
        return rebuilt(content: begun, lifecycle: lifecycle.began(at: instant))
    }

    /// The same activity with new live content.
    fileprivate func replacing(content: ContentState) -> Activity {
        rebuilt(content: content, lifecycle: lifecycle)
    }

    /// The same activity with ended content and its lifecycle ended at `instant`.
    fileprivate func ending(_ content: ContentState, at instant: Date) -> Activity {
        rebuilt(content: content, lifecycle: lifecycle.ended(at: instant))
    }

    fileprivate func rebuilt(content: ContentState, lifecycle: ActivityLifecycle) -> Activity {
        do {
            return try Activity(attributes: attributes, content: content, lifecycle: lifecycle)
        } catch {
            preconditionFailure("transitions keep an activity consistent: \(error)")
        }
    }
}

extension ContentState {
    /// A copy with the given fields changed. Transitions only pass values the rules have
    /// already checked (elapsed from a valid state, targets in range).
    fileprivate func with(
        secondsElapsed: Double? = nil,
        targetTimeInSeconds: Double? = nil,
        isPaused: Bool? = nil,
        measuredAt: Date? = nil,
        outcome: SessionOutcome? = nil,
        warmUpLeft: Double? = nil,
        bellsRung: Int? = nil,
        sitting: Int? = nil
    ) -> ContentState {
        do {
            return try ContentState(
                secondsElapsed: secondsElapsed ?? self.secondsElapsed,
                targetTimeInSeconds: targetTimeInSeconds ?? self.targetTimeInSeconds,
                showSeconds: showSeconds,
                isPaused: isPaused ?? self.isPaused,
                measuredAt: measuredAt ?? self.measuredAt,
                outcome: outcome ?? self.outcome,
                warmUpLeft: warmUpLeft ?? self.warmUpLeft,
                bellsRung: bellsRung ?? self.bellsRung,
                sitting: sitting ?? self.sitting,
                mostSitting: mostSitting,
                // Ended, it was never begun: nothing of it is scheduled any more.
                startsAt: (outcome ?? self.outcome) == nil ? startsAt : nil)
        } catch {
            preconditionFailure("transition produced an invalid state: \(error)")
        }
    }

    /// A copy measured again at `now` (the time sat and the warm-up left counted up to
    /// it), with the given fields changed.
    fileprivate func measured(
        at now: Date, targetTimeInSeconds: Double? = nil, isPaused: Bool? = nil, outcome: SessionOutcome? = nil,
        bellsRung: Int? = nil
    ) -> ContentState {
        with(
            secondsElapsed: elapsed(at: now), targetTimeInSeconds: targetTimeInSeconds, isPaused: isPaused, measuredAt: now,
            outcome: outcome, warmUpLeft: warmUpLeft(at: now), bellsRung: bellsRung)
    }
}
