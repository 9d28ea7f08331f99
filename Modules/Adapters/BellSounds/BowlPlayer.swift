#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveApp
import Sound

/// The live app's ``LiveApp/BellSound``: the `Sound` module's bowl, written once per
/// number of strikes and volume into the person's cache folder (``SoundCache``) and
/// played by the first player that plays it (``AudioPlayer/candidates(environment:)``:
/// `MOMENTS_PLAYER`, else `pw-play`, `paplay`, `aplay`).
///
/// A player that fails at once (no sound server, no sound card) gives way to the next;
/// one still playing after ``startupGrace`` is taken to play. The caller waits that long
/// at most, never for the sound to end.
public struct BowlPlayer: BellSound {
    /// The environment players are found on (`PATH`, `MOMENTS_PLAYER`,
    /// `MOMENTS_AUDIO_DEVICE`) and run with (`XDG_RUNTIME_DIR`, which PipeWire and
    /// PulseAudio find their servers by).
    public let environment: [String: String]
    /// Where the bowl's files are kept.
    public let cache: SoundCache
    /// How long a player may take to fail before it is taken to be playing: players fail
    /// within a few milliseconds when they cannot reach a server or a card.
    public let startupGrace: Duration

    /// The bowl for `environment`, cached in its cache folder unless `cache` says otherwise.
    public init(environment: [String: String], cache: SoundCache? = nil, startupGrace: Duration = .milliseconds(500)) {
        self.environment = environment
        self.cache = cache ?? SoundCache.resolve(environment: environment)
        self.startupGrace = startupGrace
    }

    /// The recording's own length: its strikes' spacing, then the last one's ring.
    public func length(strikes: Int) -> Duration {
        .milliseconds(BowlRecording.sampleCount(strikes: strikes) * 1_000 / BowlStrike.sampleRate)
    }

    public func ring(strikes: Int, volume: Int) async -> BellSoundOutcome {
        let (players, missing) = AudioPlayer.candidates(environment: environment)
        guard !players.isEmpty else { return .unavailable(reason: Self.noPlayer(missing: missing, environment: environment)) }
        let cache = self.cache
        let file: Result<String, SoundCacheError> = await OffThePool.run {
            Result { () throws(SoundCacheError) in try cache.file(strikes: strikes, volume: volume).path }
        }
        let path: String
        switch file {
        case .success(let written): path = written
        case .failure(let error): return .unavailable(reason: error.description)
        }
        var failures: [String] = []
        for player in players {
            let start = await PlayerProcess.start(player, file: path, environment: environment, grace: startupGrace)
            guard let failure = start.failure else { return .played(player: player.name) }
            failures.append("\(player.name) \(failure)")
        }
        return .unavailable(reason: "no player played the bell: " + failures.joined(separator: "; "))
    }

    /// What to say when no player is installed, or the one `MOMENTS_PLAYER` names is not.
    private static func noPlayer(missing: [String], environment: [String: String]) -> String {
        if let named = missing.first, !(environment["MOMENTS_PLAYER"] ?? "").isEmpty {
            return "MOMENTS_PLAYER names \(named), which is not an executable on PATH: "
                + "install it, give its full path, or unset MOMENTS_PLAYER"
        }
        return "no sound player is installed: install PipeWire's pw-play, PulseAudio's paplay "
            + "or ALSA's aplay (Debian: pipewire-bin, pulseaudio-utils or alsa-utils), or name one in MOMENTS_PLAYER"
    }
}
