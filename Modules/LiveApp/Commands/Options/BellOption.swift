import ArgumentParser
import Domain

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

    /// The presenter of a process showing a session: it sounds a bell with the bowl
    /// (`sound`) at the `bell-volume` of `settings`, and where no player can play it,
    /// with `fallback` (the terminal's bell); a volume of 0 or `--silent` only shows it.
    /// It speaks with `voice` at `--voice`'s level, or the `voice` setting's; never with
    /// `--silent`.
    func presenter(
        runtime: any RuntimeFolder, sound: any BellSound, voice: any SpeechVoice, settings: Settings,
        fallback: @escaping @Sendable (BellAlert) -> Void
    ) -> BellPresenter {
        guard !silent else { return BellPresenter(runtime: runtime, sound: nil) }
        let volume = settings.bellVolume
        let speaking = BellPresenter.Speaking(
            level: level ?? settings.voice,
            heard: { volume > 0 ? sound.length(strikes: $0.strikes) : .zero },
            say: { words in _ = await voice.say(words) })
        guard volume > 0 else { return BellPresenter(runtime: runtime, sound: nil, speaking: speaking) }
        return BellPresenter(runtime: runtime, sound: { alert in
            if case .unavailable = await sound.ring(strikes: alert.strikes, volume: volume) { fallback(alert) }
        }, speaking: speaking)
    }
}
