import Domain
import LiveApp
import Synchronization

/// The bowl in memory, for previews and tests: every bell it is asked to ring is kept, in
/// order, and nothing is heard. ``silent`` stands for a machine with no player, so a test
/// can see the terminal bell rung in its place.
public final class PreviewBellSound: BellSound {
    /// One bell asked for.
    public struct Ring: Hashable, Sendable {
        /// How many strikes.
        public let strikes: Int
        /// At what volume, in percent.
        public let volume: Int

        /// A bell of `strikes` strikes at `volume`, by default the standard bell volume.
        public init(strikes: Int, volume: Int = Settings.standardBellVolume) {
            self.strikes = strikes
            self.volume = volume
        }
    }

    private let asked = Mutex<[Ring]>([])
    private let outcome: BellSoundOutcome
    private let heard: Duration

    /// A bowl that plays every bell (with a player named `preview`), or answers `outcome`;
    /// each bell is heard for `length` (none by default: a preview waits for nothing).
    public init(outcome: BellSoundOutcome = .played(player: "preview"), length: Duration = .zero) {
        self.outcome = outcome
        heard = length
    }

    /// A machine with no player: every bell is unavailable.
    public static var silent: PreviewBellSound {
        PreviewBellSound(outcome: .unavailable(reason: "a preview plays no sound"))
    }

    /// Every bell asked for, oldest first.
    public var rings: [Ring] { asked.withLock { $0 } }

    public func length(strikes: Int) -> Duration { heard }

    public func ring(strikes: Int, volume: Int) async -> BellSoundOutcome {
        asked.withLock { $0.append(Ring(strikes: strikes, volume: volume)) }
        return outcome
    }
}
