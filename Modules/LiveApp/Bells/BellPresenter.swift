import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering
import SyncProtocol

/// Presents the bells a session's pushes carry (``BellAlert``, decided by the server,
/// ADR 0032), in any process that shows the session: `start`, `watch`, `notify`, `bar`;
/// and, with a voice (the `voice` setting, `--voice`), says what happens (ADR 0080).
///
/// Each alert is presented once by this process (a push read again after a reconnection
/// carries the same alert), and not at all when it is seen more than a minute after it was
/// due. Of all the processes on this machine that present it, the first to claim it in the
/// runtime folder sounds it; the others only show it. A process started with `--silent`
/// shows bells and never sounds them, nor speaks.
///
/// The voice is claimed the same way, cue by cue (``VoiceCues``): a bell's words are said
/// by the process that sounded it, once the bowl has rung out, so no word falls on a bell;
/// what one process says, it says one thing after another.
struct BellPresenter {
    /// What a voice says, and how it is heard.
    struct Speaking: Sendable {
        /// How much it says.
        let level: Settings.Voice
        /// How long a bell is heard once it has begun: its words wait that long.
        let heard: @Sendable (BellAlert) -> Duration
        /// Speaks words, answering once they are spoken.
        let say: @Sendable (String) async -> Void
    }

    /// Where this machine's processes claim the bells they sound.
    let runtime: any RuntimeFolder
    /// Sounds a bell; `nil` when this process only shows them.
    let sound: (@Sendable (BellAlert) async -> Void)?
    /// The voice; `nil` when this process says nothing.
    let speaking: Speaking?
    private var presented: Set<String> = []
    /// Done once every bell this process began to sound and all the words it began to say
    /// are done: the process waits for it before it exits. Each new one waits for the one
    /// before, so what has finished is let go (a bar open for days keeps only what is still
    /// sounding).
    private var sounding: Task<Void, Never>?
    /// The last words given to the voice: the next wait for them.
    private var speech: Task<Void, Never>?
    /// What this process has seen of each session, by id.
    private var seen: [String: VoiceCues.Seen] = [:]
    /// The cues this process has said, or left to a bell's words.
    private var said: Set<String> = []

    /// How long a process that has shown its session's end waits for its bells to sound.
    static let patience: Duration = .seconds(2)
    /// How long it waits with a voice: the end bell rung out, then the end's words.
    static let speakingPatience: Duration = .seconds(30)

    /// A presenter claiming in `runtime`, sounding with `sound` (`nil`: silent) and speaking
    /// with `speaking` (`nil`: no voice).
    init(runtime: any RuntimeFolder, sound: (@Sendable (BellAlert) async -> Void)?, speaking: Speaking? = nil) {
        self.runtime = runtime
        self.sound = sound
        self.speaking = speaking.flatMap { $0.level == .off ? nil : $0 }
    }

    /// Waits, at most ``patience`` (``speakingPatience`` with a voice), for the bells this
    /// process is sounding and the words it is saying: the end bell is presented just
    /// before `start` exits, and must not be cut off by the exit.
    func finish() async {
        guard let sounding else { return }
        let patience = speaking == nil ? Self.patience : Self.speakingPatience
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await sounding.value }
            group.addTask { try? await Task.sleep(for: patience) }
            await group.next()
            group.cancelAll()
        }
    }

    /// The alert `snapshot` carries, when this process presents it at `now`: not yet
    /// presented here and at most ``BellAlert/presentableFor`` late. Sounds it when this
    /// process is the first on the machine to claim it (``finish()`` waits for that), and
    /// says what the push tells.
    mutating func present(_ snapshot: ActivitySnapshot, at now: Date) -> BellAlert? {
        let alert = presentAlert(snapshot, at: now)
        speak(snapshot, at: now, pushed: true)
        return alert
    }

    /// Says what the time tells of `snapshot` at `now` (a minute mark, the beginning after
    /// a warm-up): called on the ticks of the clock shown.
    mutating func tick(_ snapshot: ActivitySnapshot, at now: Date) {
        speak(snapshot, at: now, pushed: false)
    }

    private mutating func presentAlert(_ snapshot: ActivitySnapshot, at now: Date) -> BellAlert? {
        guard let alert = snapshot.alert, alert.isPresentable(at: now) else { return nil }
        let name = "\(snapshot.id).\(alert.kind.rawValue)-\(alert.number)"
        guard presented.insert(name).inserted else { return nil }
        // Claimed in the sounding task, not here: the claim is a file made in the runtime
        // folder (and old claims swept), which the frame showing the bell need not wait for.
        let runtime = self.runtime
        if let sound {
            keep(Task { if runtime.claimBell(name) { await sound(alert) } })
        }
        // The words are claimed apart from the sound (a process may sound bells and say
        // nothing), and said once the bell has rung out, whoever sounds it.
        if let words = bellWords(alert, of: snapshot, at: now), let speaking {
            say(words, claimedAs: name + ".words", after: speaking.heard(alert))
        }
        return alert
    }

    /// What the voice says after `alert` (its beginning, its number, its end), when it
    /// speaks at that level; the cues the bell's words stand for are never said again.
    private mutating func bellWords(_ alert: BellAlert, of snapshot: ActivitySnapshot, at now: Date) -> String? {
        guard let speaking else { return nil }
        let id = snapshot.id
        let announcement: Announcement
        switch alert.kind {
        case .start:
            said.insert(VoiceCues.name(id, "began"))
            announcement = .began
        case .end:
            said.insert(VoiceCues.name(id, "ended"))
            announcement = .ended
        case .interval:
            // As the bell's words read the time left: from the push that rang it.
            let content = snapshot.activity.content
            if let target = content.targetTimeInSeconds {
                let left = Int((target - content.secondsElapsed).rounded())
                if left > 0, left % 60 == 0 { said.insert(VoiceCues.name(id, "minutes-\(left / 60)")) }
            }
            announcement = .bell(alert)
        }
        guard announcement.isSaid(at: speaking.level) else { return nil }
        return announcement.words(of: Self.display(snapshot, at: now))
    }

    /// Gives the voice what `snapshot` tells at `now`, each cue claimed once on the machine.
    private mutating func speak(_ snapshot: ActivitySnapshot, at now: Date, pushed: Bool) {
        guard let speaking else { return }
        var seen = self.seen[snapshot.id] ?? VoiceCues.Seen(first: now, phase: nil)
        let cues = VoiceCues.due(snapshot, at: now, seen: seen, pushed: pushed)
        if pushed { seen.phase = VoiceCues.phase(of: snapshot.activity.content) }
        self.seen[snapshot.id] = seen
        for cue in cues where cue.announcement.isSaid(at: speaking.level) && said.insert(cue.name).inserted {
            say(cue.announcement.words(of: Self.display(snapshot, at: now)), claimedAs: cue.name, after: .zero)
        }
    }

    /// Gives `words` to the voice when this process is the first on the machine to claim
    /// `name`: after `wait`, and after the words given before (``finish()`` waits for them).
    private mutating func say(_ words: String, claimedAs name: String, after wait: Duration) {
        guard let speaking else { return }
        let (runtime, previous) = (self.runtime, speech)
        let task = Task {
            let mine = runtime.claimBell(name)
            if wait > .zero { try? await Task.sleep(for: wait) }
            await previous?.value
            if mine { await speaking.say(words) }
        }
        keep(task)
        speech = task
    }

    /// Adds `task` to what ``finish()`` waits for.
    private mutating func keep(_ task: Task<Void, Never>) {
        let before = sounding
        sounding = Task {
            await before?.value
            await task.value
        }
    }

    /// The session as the words read it.
    private static func display(_ snapshot: ActivitySnapshot, at now: Date) -> SessionDisplay {
        SessionDisplay(activity: snapshot.activity, timeDisplay: .elapsed, alert: snapshot.alert, at: now)
    }
}
