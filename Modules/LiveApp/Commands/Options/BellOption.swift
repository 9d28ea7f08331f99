import ArgumentParser
import Domain
import Synchronization

/// `--silent`: this process shows the session's bells (a flash, a line) and never sounds
/// them, nor speaks; another process on the machine that shows the session may.
/// `--voice LEVEL`: what a voice says of the session, over the `voice` setting.
struct BellOption: ParsableArguments {
    @Flag(help: "Show the bells, never sound them (nor speak).")
    var silent = false

    @Option(
        help: ArgumentHelp(
            "What a voice says: off, bells (the start, each bell, the end), minutes (and the time left every 5 minutes) or all (and every pause and resume); the voice setting otherwise.",
            valueName: "level"))
    var voice: String?

    /// The level `--voice` names, or `nil` (not given, or no level: ``validate()`` refused it).
    var level: Settings.Voice? { voice.flatMap { Settings.Voice(rawValue: $0.lowercased()) } }

    /// Refuses a `--voice` that names no level, before anything starts.
    func validate() throws {
        guard let voice else { return }
        guard level != nil else {
            throw ValidationError("--voice takes off, bells, minutes or all, not '\(voice)'.")
        }
    }

    /// The presenter of a process showing a session, with the bowl, the voice and the
    /// console of `dependencies` (``presenter(runtime:sound:voice:settings:console:fallback:)``).
    func presenter(
        runtime: any RuntimeFolder, dependencies: LiveDependencies, settings: Settings,
        fallback: @escaping @Sendable (BellAlert) -> Void
    ) -> BellPresenter {
        presenter(
            runtime: runtime, sound: dependencies.bellSound, voice: dependencies.voice, settings: settings,
            console: dependencies.console, fallback: fallback)
    }

    /// The presenter of a process showing a session: it sounds a bell with the bowl
    /// (`sound`) at the `bell-volume` of `settings`, and where no player can play it,
    /// with `fallback` (the terminal's bell); a volume of 0 or `--silent` only shows it.
    /// It speaks with `voice` at `--voice`'s level, or the `voice` setting's; never with
    /// `--silent`. The first time the voice cannot speak, `console` says why on standard
    /// error (what to install), once for the process.
    func presenter(
        runtime: any RuntimeFolder, sound: any BellSound, voice: any SpeechVoice, settings: Settings, console: Console,
        fallback: @escaping @Sendable (BellAlert) -> Void
    ) -> BellPresenter {
        guard !silent else { return BellPresenter(runtime: runtime, sound: nil) }
        let volume = settings.bellVolume
        let unheard = Unheard(console: console)
        let speaking = BellPresenter.Speaking(
            level: level ?? settings.voice,
            heard: { volume > 0 ? sound.length(strikes: $0.strikes) : .zero },
            say: { words in unheard.tell(await voice.say(words)) })
        guard volume > 0 else { return BellPresenter(runtime: runtime, sound: nil, speaking: speaking) }
        return BellPresenter(runtime: runtime, sound: { alert in
            if case .unavailable = await sound.ring(strikes: alert.strikes, volume: volume) { fallback(alert) }
        }, speaking: speaking)
    }
}

/// Says on standard error why a voice said nothing, the first time only: a person who
/// asked for it learns what to install, once, not at every announcement.
private final class Unheard: Sendable {
    private let console: Console
    private let told = Mutex(false)

    init(console: Console) {
        self.console = console
    }

    /// Tells `outcome`'s reason when nothing was said and nothing was told before.
    func tell(_ outcome: SpeechOutcome) {
        guard case .unavailable(let reason) = outcome else { return }
        let first = told.withLock { told in
            defer { told = true }
            return !told
        }
        if first { console.warn("the voice says nothing: \(reason)") }
    }
}
