/// A voice a person can hear: words spoken through the machine's speech engine. The live
/// implementation (the `BellSounds` adapter's `SpeechEngine`) runs speech-dispatcher's
/// `spd-say`, or espeak-ng where that is all there is; `PreviewSpeechVoice` in Fixtures
/// keeps what it was asked to say.
///
/// It only speaks: what is said, when, and by which process is the session's to decide
/// (`Announcement` in Rendering words it; the bell presenter claims it once per machine).
public protocol SpeechVoice: Sendable {
    /// Speaks `words` (English sentences), answering once they have been spoken, or the
    /// engine failed; it blocks no thread of the cooperative pool.
    func say(_ words: String) async -> SpeechOutcome
}

/// What became of words given to ``SpeechVoice``.
public enum SpeechOutcome: Hashable, Sendable {
    /// The engine named (`spd-say`, `espeak-ng`) spoke them.
    case spoken(engine: String)
    /// Nothing was said: no engine is installed, or the one tried failed; `reason` says
    /// which, and what to install, in words a person can act on.
    case unavailable(reason: String)
}
