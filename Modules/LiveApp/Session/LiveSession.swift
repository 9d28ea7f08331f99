import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering
import SyncProtocol
import Synchronization
import TerminalIO

#if canImport(Glibc)
    import Glibc
#endif

/// One terminal following one session until it ends or the person leaves: the loop that
/// `moments start` and `moments watch` share.
///
/// Everything that happens arrives as an event in one stream, handled in order: pushes
/// from the server (through an ``ActivityObserver`` kept connected by an
/// ``ActivityFollower``), the connection coming and going, keys, signals, answers to the
/// intents sent, and the ticks of the visible clock. After each, the screen is drawn from
/// the newest push and the clock; the diff renderer writes only what changed, and ticks
/// come only when the time shown can change (each second with seconds shown, each
/// minute otherwise), so an idle session costs almost nothing.
final class LiveSession {
    typealias Ending = SessionEnding

    private enum Event: Sendable {
        case push(ActivitySnapshot)
        case connection(ActivityFollower.ConnectionState)
        /// The follower of this generation stopped.
        case followEnded(Int, ActivityFollower.Ending)
        /// Another process's server went away and this link now reaches whoever hosts the
        /// state (this process, or the follower that won its lock); `nil` if nobody does yet.
        case relinked((any SyncConnection)?)
        case key(Key)
        case signal(Int32)
        case tick
        case answer(Result<ActivitySnapshot, SyncError>)
        /// A button of the session's desktop notification or media player was pressed.
        case button(Intent)
    }

    /// The connection intents and the follower go through; it changes when hosting is
    /// handed over, so it is read at the moment of each use.
    private let current: CurrentConnection
    /// Reaches whoever hosts the state now, when the followed host went away; `nil` when
    /// this terminal cannot take over (a server at a URL, or a preview).
    private let takeOver: (@Sendable () async -> (any SyncConnection)?)?
    private var takingOver = false
    private var follower: (generation: Int, task: Task<Void, Never>)?
    private let observer = ActivityObserver()
    private let id: String
    private let token: String
    private let output: LiveOutput
    /// The terminal the keys are typed on and the signals come from.
    private let terminal: any SessionTerminal
    /// The presentations a watcher shows; empty for the owner's timer screen.
    private let surfaces: [ActivitySurface]
    private var model: LiveScreenModel
    /// Presents the bells the pushes carry; `nil` where nobody presents them (a preview).
    private var bells: BellPresenter?
    /// The session's desktop notification and lock-screen player, when this process keeps them.
    private let desktop: DesktopSurfaces
    /// What time it is: the system's clock in the live app, a preview clock in `play`.
    private let clock: any SyncClock
    /// Whether this terminal leads a group sit or follows one (ADR 0072).
    private let group: SessionShow.Group
    private let clientID = "moments-\(getpid())-\(UUID().uuidString.prefix(8).lowercased())"
    private var intentCount = 0
    private var tickTask: Task<Void, Never>?
    private let sink: AsyncStream<Event>.Continuation
    private let events: AsyncStream<Event>

    /// A session view of activity `id` over `connection`. The owner (`surfaces` empty)
    /// shows the timer screen; a watcher shows `surfaces`. `clock` says what time it is.
    init(
        connection: CurrentConnection, id: String, token: String, settings: Settings, output: LiveOutput,
        terminal: any SessionTerminal, surfaces: [ActivitySurface], bells: BellPresenter?, clock: any SyncClock,
        takeOver: (@Sendable () async -> (any SyncConnection)?)? = nil, desktop: DesktopSurfaces = .none,
        asksToReplace: Bool = false, group: SessionShow.Group = .none
    ) {
        self.group = group
        self.asksToReplace = asksToReplace
        self.desktop = desktop
        self.terminal = terminal
        self.clock = clock
        self.current = connection
        self.takeOver = takeOver
        self.id = id
        self.token = token
        self.output = output
        self.surfaces = surfaces
        self.bells = bells
        switch group {
        case .none: model = LiveScreenModel(isOwner: surfaces.isEmpty, timeDisplay: settings.timeDisplay)
        case .leading(let code):
            model = LiveScreenModel(isOwner: surfaces.isEmpty, timeDisplay: settings.timeDisplay, joinCode: code.description)
        case .following:
            model = LiveScreenModel(isOwner: false, timeDisplay: settings.timeDisplay, isFollower: true)
        }
        (events, sink) = AsyncStream.makeStream(of: Event.self)
    }

    /// Runs until the session ends (for a watcher: is dismissed, or its server goes away
    /// after the end), the person leaves, or a signal arrives.
    func run(keys: Bool) async -> Ending {
        let ending = await follow(keys: keys)
        await bells?.finish()
        await desktop.finish(after: ending)
        return ending
    }

    /// What the lines say first of a group sit: how others join it, or that it is followed.
    static func groupLine(_ group: SessionShow.Group) -> String? {
        switch group {
        case .none: return nil
        case .leading(let code): return "Group sit: others join with `moments join \(code)`; r or `moments group revoke` closes it."
        case .following: return "Following a group sit: its leader keeps the time; q leaves."
        }
    }

    /// What the lines say when `moments start 5m` finds a session left running.
    static let alreadyRunning = "A session was already running; showing it. Finish it (`moments finish`) to start a new one."

    private func follow(keys: Bool) async -> Ending {
        readsKeys = keys
        if asksToReplace {
            // Said at once, where the person looks: on the screen as a question, in the lines
            // as a line (no key answers there).
            switch output {
            case .screen where keys: model.askToReplace()
            case .lines(let report): report.say(Self.alreadyRunning, at: clock.now())
            default: break
            }
        }
        if case .lines(let report) = output, let line = Self.groupLine(group) { report.say(line, at: clock.now()) }
        let observer = self.observer
        let sink = self.sink
        var tasks: [Task<Void, Never>] = []
        // Pushes the observer takes go straight into this loop's events.
        await observer.forward { sink.yield(.push($0)) }
        follow(through: current.value)
        // Taken over now, not when the task first runs: a resize or SIGTERM right after
        // the first frame must not find the default action still in place.
        let signals = terminal.signals()
        tasks.append(Task {
            for await signal in signals { sink.yield(.signal(signal)) }
        })
        if keys {
            let input = terminal.input()
            // Feeds the loop's events; cancelled when the loop ends (the `defer` below).
            tasks.append(Task {
                let decoder = KeyDecoder()
                for await chunk in input {
                    for key in decoder.decode(chunk) { sink.yield(.key(key)) }
                }
            })
        }
        for buttons in desktop.intents() {
            // Feeds the loop's events; cancelled when the loop ends (the `defer` below).
            tasks.append(Task {
                for await intent in buttons { sink.yield(.button(intent)) }
            })
        }
        defer {
            for task in tasks { task.cancel() }
            follower?.task.cancel()
            tickTask?.cancel()
        }
        draw()
        for await event in events {
            redraw = true
            if let ending = handle(event) {
                draw()
                return ending
            }
            if redraw { draw() }
            scheduleTick()
        }
        return .interrupted
    }

    /// Whether the event just handled changed what the screen shows. A key press draws
    /// at most two frames: its pending mark, then the state the server pushed for it
    /// (``LiveScreenModel/receive(_:)`` and ``LiveScreenModel/answered(_:)`` say when).
    private var redraw = true
    /// Whether keys are read (a terminal): what a line may tell the person to press.
    private var readsKeys = false
    /// Whether `moments start` found this session left running when asked for a new one,
    /// and asks at once whether to replace it.
    private let asksToReplace: Bool
    /// Whether the person chose to: the end's push then ends the loop as replaced.
    private var replacing = false

    /// Handles one event; answers how the loop ends when it does.
    private func handle(_ event: Event) -> Ending? {
        switch event {
        case .push(let push):
            if case .following(_, let sat, _) = group { sat.saw(push, at: clock.now()) }
            let wasEnded = model.isEnded
            redraw = model.receive(push)
            if let alert = bells?.present(push, at: clock.now()), case .lines(let report) = output {
                report.say(LineReport.bell(alert), at: clock.now())
            }
            guard push.activity.content.isEnded else { return nil }
            if model.isOwner, replacing { return .replaced(push) }
            // A follower saw the sit to its end: nothing of it is theirs to wait for.
            if model.isFollower { return .ended(push) }
            if model.isOwner || push.event == .dismiss { return .ended(push) }
            if !wasEnded, case .lines(let report) = output { report.say(LineReport.waitingForDismissal(readsKeys: readsKeys), at: clock.now()) }
            return nil
        case .connection(.connected):
            model.reconnecting = nil
            redraw = model.drawsUnasked()
            return nil
        case .relinked(let connection):
            // The link has made it the current connection already (intents being tried
            // moved to it then); the follower moves now.
            takingOver = false
            if let connection { follow(through: connection) }
            // Nobody took the ended session's state over: its outcome was the last word.
            else if model.isEnded, let snapshot = model.snapshot { return .ended(snapshot) }
            return nil
        case .connection(.reconnecting(let problem)):
            // An ended session is no outage: its dismissal is still to come. On the embedded
            // server whoever hosts the state next (this process, if it wins the lock) pushes
            // it, so the follower takes over quietly and keeps the outcome shown; a server at
            // a URL that went away after the end has nothing more to say.
            if model.isEnded, let snapshot = model.snapshot {
                guard takeOver != nil else { return .ended(snapshot) }
                startTakingOver()
                return nil
            }
            if model.reconnecting == nil, case .lines(let report) = output {
                report.say(ConnectingScreen.reconnecting(because: problem), at: clock.now())
            }
            model.reconnecting = problem
            startTakingOver()
            return nil
        case .followEnded(let generation, let ending):
            // A follower replaced by a hand-over ends too; only the current one counts.
            guard generation == follower?.generation else { return nil }
            switch ending {
            case .dismissed, .cancelled: return model.snapshot.map { .ended($0) } ?? .interrupted
            case .refused(let error): return .refused(error)
            }
        case .key(let key):
            switch model.press(key) {
            case .send(let intent): send(intent)
            case .replace:
                // The session shown is finished; its end's push ends this loop, and the start
                // asked for begins after it.
                replacing = true
                send(.finish)
            case .leave: return .left
            case .interrupt: return .interrupted
            case nil: break
            }
            return nil
        case .signal(SIGWINCH):
            if case .screen(let screen) = output { screen.resized() }
            return nil
        case .signal:
            return .interrupted
        case .tick:
            // The voice's minute marks and a beginning after a warm-up come with the clock.
            if let snapshot = model.snapshot { bells?.tick(snapshot, at: clock.now()) }
            redraw = model.drawsUnasked()
            return nil
        case .answer(let result):
            // A finish refused leaves the session shown, and nothing to replace.
            if case .failure = result { replacing = false }
            redraw = model.answered(result)
            return nil
        case .button(let intent):
            if case .send(let intent) = model.ask(intent) { send(intent) }
            return nil
        }
    }

    /// Follows the activity through `connection` into the observer, in place of the
    /// follower before (the observer keeps what it holds, so nothing older is shown).
    private func follow(through connection: any SyncConnection) {
        follower?.task.cancel()
        let generation = (follower?.generation ?? 0) + 1
        let (observer, sink, id, token, group) = (self.observer, self.sink, self.id, self.token, self.group)
        // An effect of the loop: kept as `follower`, cancelled by the next one and when the loop
        // ends.
        let task = Task {
            let policy = RetryPolicy.follower
            let follower = ActivityFollower(connection: connection, retryDelay: policy.firstDelay, maximumDelay: policy.maximumDelay)
            let onState: @Sendable (ActivityFollower.ConnectionState) async -> Void = { state in sink.yield(.connection(state)) }
            let ending: ActivityFollower.Ending
            if case .following(let code, _, let sitter) = group {
                ending = await follower.follow(code, as: sitter, into: observer, onState: onState)
            } else {
                ending = await follower.follow(id: id, token: token, into: observer, onState: onState)
            }
            sink.yield(.followEnded(generation, ending))
        }
        follower = (generation, task)
    }

    /// When the server cannot be reached and this terminal follows an embedded server,
    /// finds whoever hosts the state now, taking hosting over if nobody does.
    private func startTakingOver() {
        guard let takeOver, !takingOver else { return }
        takingOver = true
        let sink = self.sink
        // An effect of the loop, whose result comes back as an event; at most one at a time
        // (`takingOver`). It ends with the take-over's own patience.
        Task { sink.yield(.relinked(await takeOver())) }
    }

    /// Sends an intent; its answer comes back as an event. While the server cannot be
    /// reached it is sent again with the same intent id, through whatever connection is
    /// current (a hand-over may change it), so it is answered once.
    private func send(_ intent: Intent) {
        intentCount += 1
        let current = self.current
        let id = self.id
        let token = self.token
        let sink = self.sink
        let clientID = self.clientID
        let intentID = String(intentCount)
        switch Result(catching: { () throws(SyncError) in try IntentRequest(clientID: clientID, intentID: intentID, intent: intent) }) {
        case .failure(let error):
            sink.yield(.answer(.failure(error)))
        case .success(let request):
            // An effect of the loop, answered as an event: the loop goes on drawing while the
            // intent is sent (and retried within its policy's patience).
            Task {
                let answer = await current.deliver(request, to: id, token: token, policy: .intent)
                sink.yield(.answer(answer))
            }
        }
    }

    /// Wakes the loop when the time shown next changes: at the next whole second (or
    /// minute) of the time sat, while it runs.
    private func scheduleTick() {
        tickTask?.cancel()
        tickTask = nil
        guard let content = model.snapshot?.activity.content, content.isRunning else { return }
        // A screen and a notification show seconds when the session does; lines, minutes
        // (a lock screen's player moves its position by itself).
        let unit: Double
        switch output {
        case .screen: unit = content.showSeconds ? 1 : 60
        case .lines: unit = desktop.notification != nil && content.showSeconds ? 1 : 60
        }
        let now = clock.now()
        tickTask = DisplayTick.schedule(
            for: content, unit: unit, now: now, flashEnds: model.session(at: now)?.flashEnds(after: now), into: sink, tick: .tick)
    }

    /// Shows the newest state at the current instant.
    private func draw() {
        let now = clock.now()
        switch output {
        case .lines(let report):
            report.show(model, readsKeys: readsKeys, at: now)
        case .screen(let screen):
            screen.draw(SessionScreen(model: model, surfaces: surfaces), at: now)
        }
        desktop.update(model, at: now)
    }
}
