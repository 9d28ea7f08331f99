/// A bell a person can hear: the bowl rung through the machine's sound server. The live
/// implementation (the `BellSounds` adapter's `BowlPlayer`) plays the bowl the `Sound`
/// module synthesises with `pw-play`, `paplay` or `aplay`; `PreviewBellSound` in Fixtures
/// keeps what it was asked to ring.
///
/// It only plays: which process rings a bell, and when, is the session's to decide. When
/// the outcome is ``BellSoundOutcome/unavailable(reason:)`` the caller rings the terminal
/// bell instead.
public protocol BellSound: Sendable {
    /// Rings the bowl `strikes` times (1 to 3) at `volume` (0 to 100 %, the `bell-volume`
    /// setting). It answers once the player is known to be playing, or to have failed: it
    /// waits for no sound to finish, and blocks no thread of the cooperative pool.
    func ring(strikes: Int, volume: Int) async -> BellSoundOutcome

    /// How long a bell of `strikes` strikes is heard once it has begun, to its last
    /// strike's fading: a voice waits that long after it, so it never speaks over a bell.
    func length(strikes: Int) -> Duration
}

/// What became of a bell rung through ``BellSound``.
public enum BellSoundOutcome: Hashable, Sendable {
    /// The player named (`pw-play`, `paplay`, `aplay`, or the command `MOMENTS_PLAYER`
    /// names) is playing it, or has played it.
    case played(player: String)
    /// No sound: no player is installed, or each one tried failed; `reason` says which,
    /// and what to install or set, in words a person can act on.
    case unavailable(reason: String)
}
