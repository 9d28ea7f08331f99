import ArgumentParser
import Domain

/// `--silent`: this process shows the session's bells (a flash, a line) and never sounds
/// them; another process on the machine that shows the session may.
struct BellOption: ParsableArguments {
    @Flag(help: "Show the bells, never sound them.")
    var silent = false

    /// The presenter of a process showing a session: it sounds a bell with the bowl
    /// (`sound`) at the `bell-volume` of `settings`, and where no player can play it,
    /// with `fallback` (the terminal's bell); a volume of 0 or `--silent` only shows it.
    func presenter(
        runtime: any RuntimeFolder, sound: any BellSound, settings: Settings,
        fallback: @escaping @Sendable (BellAlert) -> Void
    ) -> BellPresenter {
        let volume = settings.bellVolume
        guard !silent, volume > 0 else { return BellPresenter(runtime: runtime, sound: nil) }
        return BellPresenter(runtime: runtime) { alert in
            if case .unavailable = await sound.ring(strikes: alert.strikes, volume: volume) { fallback(alert) }
        }
    }
}
