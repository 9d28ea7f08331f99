import AsyncAlgorithms
import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering
import SyncProtocol

/// `moments bar`'s loop: it follows the person's sessions stream and prints a line each
/// time what it shows changes: at once on every push, and at the display's own boundaries
/// (each second or minute of the time sat, as the session's `showSeconds` says), never on
/// a fixed interval. Nothing is polled: with no server to follow it waits to be told that
/// one may have come (``BarSource/wakes``), and a lost stream is opened again with a
/// growing pause, showing the session as reconnecting meanwhile. The group sits the person
/// follows on this machine (``FollowedSits``) are followed beside it, each through its
/// channel, for as long as a process of theirs follows it.
final class StatusBar {
    private enum Event: Sendable {
        case push(ActivitySnapshot)
        /// The stream of this generation was opened; the listing taken after it.
        case opened(Int, [ActivitySummary])
        /// The stream of this generation ended or could not be opened (`reached`), or no
        /// server was found to open it on.
        case lost(Int, reached: Bool)
        /// Somebody may have started hosting: look for a server again.
        case look
        /// The sits followed on this machine may have changed: look at them again.
        case lookAtFollowed
        /// The channel of this followed sit ended or could not be opened.
        case followedLost(String)
        case tick
        case click(BarClick)
        case stop
    }

    private let source: BarSource
    private let followed: FollowedSits
    /// Each followed sit's channel being read (or waiting to be opened again), by the sit's id.
    private var followedChannels: [String: Task<Void, Never>] = [:]
    /// The pause before each lost followed sit's channel is opened again; it doubles each
    /// time, and a push resets it.
    private var followedDelays: [String: Duration] = [:]
    private let output: BarOutput
    private let clock: any SyncClock
    private let timeDisplay: Settings.TimeDisplay
    private let act: @Sendable (BarClick) async -> Void
    /// Presents the bells of the sessions shown: the line flashes them, and a bar that is
    /// the first on the machine to claim a bell sounds it.
    private var bells: BellPresenter?
    private var sessions: BarSessions
    /// Whether the stream is down while a session is shown (it shows as reconnecting).
    private var lost = false
    private var generation = 0
    private var following: Task<Void, Never>?
    private var retry: (task: Task<Void, Never>, delay: Duration)?
    private var tickTask: Task<Void, Never>?
    private let sink: AsyncStream<Event>.Continuation
    private let events: AsyncStream<Event>

    /// A bar following `source` and the sits `followed` names (only the session `only`, when
    /// given), writing to `output`, presenting bells with `bells`; `act` runs a click's intent.
    init(
        source: BarSource, followed: FollowedSits, only: String? = nil, output: BarOutput, clock: any SyncClock, timeDisplay: Settings.TimeDisplay,
        bells: BellPresenter? = nil, act: @escaping @Sendable (BarClick) async -> Void
    ) {
        self.bells = bells
        self.source = source
        self.followed = followed
        sessions = BarSessions(only: only)
        self.output = output
        self.clock = clock
        self.timeDisplay = timeDisplay
        self.act = act
        (events, sink) = AsyncStream.makeStream(of: Event.self)
    }

    /// Runs until `stop` yields (a signal), or its output goes (``BarOutput/show(_:at:)``).
    func run(clicks: AsyncStream<BarClick>, stop: some AsyncSequence<Void, Never> & Sendable) async {
        let sink = self.sink
        let inputs = merge(
            merge(clicks.map { Event.click($0) }, stop.map { Event.stop }, source.wakes.map { Event.look }),
            followed.changes.map { Event.lookAtFollowed })
        // The one feeder of the loop's events from outside it, until the stop: cancelled when
        // the loop ends (the `defer` below), which cancels the merge's own tasks with it.
        let feeder = Task {
            for await event in inputs {
                sink.yield(event)
                if case .stop = event { return }
            }
        }
        defer {
            feeder.cancel()
            following?.cancel()
            retry?.task.cancel()
            tickTask?.cancel()
            for channel in followedChannels.values { channel.cancel() }
        }
        output.begin()
        // The first line waits for the first answer (the sessions, or none to be had), so a
        // bar does not flicker through the empty form on its way to a running session.
        follow()
        lookAtFollowed()
        for await event in events {
            switch event {
            case .push(let snapshot):
                guard sessions.take(snapshot) else { continue }
                followedDelays[snapshot.id] = nil
                lost = false
                _ = bells?.present(snapshot, at: clock.now())
            case .opened(let number, let listed):
                guard number == generation else { continue }
                retry = nil
                lost = false
                sessions.keepOnly(listed)
                // The stream's first states of the listed sessions come next: the line waits
                // for them rather than showing the empty form on the way. A dismissed session
                // is listed but never pushed: it is no reason to wait.
                if sessions.shown == nil, listed.contains(where: { $0.status != .dismissed }) { continue }
            case .lost(let number, let reached):
                guard number == generation else { continue }
                // An ended session can change only by its dismissal: its server going away
                // (the `moments start` that hosted it exited) is no outage. It stays shown
                // ended until its dismissal date, and the bar then hides it.
                lost = sessions.shown.map { !$0.activity.content.isEnded } ?? false
                following = nil
                // A server that went away is tried again; with none, a wake says when to look.
                if reached { scheduleRetry() }
            case .look:
                if following == nil { follow() }
            case .lookAtFollowed:
                guard lookAtFollowed() else { continue }
            case .followedLost(let id):
                guard followedChannels.removeValue(forKey: id) != nil else { continue }
                // A sit that has not ended is opened again after a pause, while its follower
                // still follows it; an ended one can only be dismissed, and a revoked code
                // opens nothing: its follower's process ends, and the sit leaves the bar.
                if let state = sessions.states[id], state.activity.content.isEnded || state.activity.lifecycle.codeRevokedAt != nil {
                    continue
                }
                let delay = followedDelays[id].map { min($0 * 2, BarSource.maximumDelay) } ?? BarSource.firstDelay
                followedDelays[id] = delay
                if let sit = followed.current()[id] { open(sit, id: id, after: delay) }
                continue
            case .tick:
                // The voice's minute marks and a beginning after a warm-up come with the clock.
                if let shown = sessions.shown { bells?.tick(shown, at: clock.now()) }
            case .click(let click):
                // A followed sit is the leader's: a click on it changes nothing.
                if let shown = sessions.shown, sessions.followed.contains(shown.id) { continue }
                // An effect: a click's intent goes to the server while the bar goes on; its answer
                // comes back as a push.
                Task { [act] in await act(click) }
                continue
            case .stop:
                await bells?.finish()
                return
            }
            guard await draw() else { return }
            scheduleTick()
        }
    }

    /// Opens the sessions stream of whoever serves them now, as generation `generation + 1`.
    private func follow() {
        following?.cancel()
        retry?.task.cancel()
        generation += 1
        let (number, sink, source) = (generation, self.sink, self.source)
        sessions.reconnected()
        // An effect of the loop: kept as `following`, cancelled by the next one and when the loop
        // ends.
        following = Task {
            guard let connection = await source.connect() else {
                sink.yield(.lost(number, reached: false))
                return
            }
            do {
                let stream = try await connection.sessions()
                // Taken after the stream opened, so a session it lacks was dismissed.
                let listed = (try? await connection.activities()) ?? []
                sink.yield(.opened(number, listed))
                for try await snapshot in stream { sink.yield(.push(snapshot)) }
            } catch {}
            if !Task.isCancelled { sink.yield(.lost(number, reached: true)) }
        }
    }

    /// Opens the channel of each sit followed on this machine not read yet, and forgets
    /// the sits no process follows any more; true when one was forgotten (the line changed).
    @discardableResult
    private func lookAtFollowed() -> Bool {
        let sits = followed.current().filter { id, _ in sessions.only.map { $0 == id } ?? true }
        for id in followedChannels.keys where sits[id] == nil {
            followedChannels.removeValue(forKey: id)?.cancel()
            followedDelays[id] = nil
        }
        var forgot = false
        for id in sessions.followed where sits[id] == nil {
            forgot = sessions.forget(id) || forgot
        }
        sessions.followed = Set(sits.keys)
        for (id, sit) in sits where followedChannels[id] == nil { open(sit, id: id, after: followedDelays[id]) }
        return forgot
    }

    /// Reads the channel of followed sit `id`, after `pause` when it was lost.
    private func open(_ sit: FollowedSits.Sit, id: String, after pause: Duration?) {
        let (sink, followed) = (self.sink, self.followed)
        // An effect of the loop: kept in `followedChannels`, cancelled when the sit is no
        // longer followed and when the loop ends.
        followedChannels[id] = Task {
            if let pause {
                do { try await Task.sleep(for: pause) } catch { return }
            }
            do {
                for try await snapshot in try await followed.open(sit) { sink.yield(.push(snapshot)) }
            } catch {}
            if !Task.isCancelled { sink.yield(.followedLost(id)) }
        }
    }

    /// Opens the stream again after a pause that doubles up to ``BarSource/maximumDelay``;
    /// a wake (a host came) opens it at once.
    private func scheduleRetry() {
        let delay = retry.map { min($0.delay * 2, BarSource.maximumDelay) } ?? BarSource.firstDelay
        let sink = self.sink
        // The loop's timer: kept as `retry`, cancelled when the stream opens again or the loop
        // ends.
        retry = (Task {
            do { try await Task.sleep(for: delay) } catch { return }
            sink.yield(.look)
        }, delay)
    }

    /// Wakes the loop when the time shown next changes: the next whole second (or minute)
    /// of the time sat of the session shown, while it runs; with no stream, the dismissal
    /// date of the ended session shown, which no server will push.
    private func scheduleTick() {
        tickTask?.cancel()
        tickTask = nil
        if following == nil, let shown = sessions.shown, shown.activity.content.isEnded,
            let dismissal = shown.activity.lifecycle.dismissalDate
        {
            let (clock, sink) = (self.clock, self.sink)
            // The loop's timer: kept as `tickTask`, cancelled by the next schedule and when
            // the loop ends.
            tickTask = Task {
                do { try await clock.sleep(until: dismissal) } catch { return }
                sink.yield(.tick)
            }
            return
        }
        guard let shown = sessions.shown, shown.activity.content.isRunning else { return }
        let now = clock.now()
        let flashEnds = SessionDisplay(activity: shown.activity, timeDisplay: timeDisplay, alert: shown.alert, at: now).flashEnds(after: now)
        tickTask = DisplayTick.schedule(
            for: shown.activity.content, unit: shown.activity.content.showSeconds ? 1 : 60, now: now, flashEnds: flashEnds,
            into: sink, tick: .tick)
    }

    /// Shows the line at the current instant; false when the output has gone.
    private func draw() async -> Bool {
        let now = clock.now()
        if following == nil { sessions.forgetDismissed(at: now) }
        let display = sessions.shown.map {
            SessionDisplay(activity: $0.activity, timeDisplay: timeDisplay, reconnecting: lost, alert: $0.alert, at: now)
        }
        return await output.show(StatusLine(session: display), at: now)
    }
}
