import LiveApp
import Synchronization

/// The voice in memory, for previews and tests: every announcement it is asked to say is
/// kept, in order, and nothing is heard. ``mute`` stands for a machine with no speech engine.
public final class PreviewSpeechVoice: SpeechVoice {
    private let said = Mutex<[String]>([])
    private let outcome: SpeechOutcome

    /// A voice that speaks everything (with an engine named `preview`), or answers `outcome`.
    public init(outcome: SpeechOutcome = .spoken(engine: "preview")) {
        self.outcome = outcome
    }

    /// A machine with no speech engine: nothing is spoken.
    public static var mute: PreviewSpeechVoice {
        PreviewSpeechVoice(outcome: .unavailable(reason: "a preview has no speech engine"))
    }

    /// Every announcement asked for, oldest first.
    public var words: [String] { said.withLock { $0 } }

    public func say(_ words: String) async -> SpeechOutcome {
        said.withLock { $0.append(words) }
        return outcome
    }
}
