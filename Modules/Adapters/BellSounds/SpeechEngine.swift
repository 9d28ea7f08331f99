import LiveApp

#if canImport(Glibc)
    import Glibc
#endif

/// The live app's ``LiveApp/SpeechVoice``: the machine's speech engine run once per
/// announcement, to its end, with arguments and no shell. Tried in order: the engine
/// `MOMENTS_SPEECH` names (its words split at spaces, as `MOMENTS_PLAYER`'s are, the
/// announcement after them), else speech-dispatcher's `spd-say`
/// (`--wait`, so the answer comes once the words are spoken), else `espeak-ng`. An engine
/// that fails (speech-dispatcher with no audio, say) gives way to the next.
///
/// One voice speaks at a time on the machine: each announcement is spoken holding an
/// exclusive `flock(2)` on ``lock`` (in the runtime folder), so two processes that claimed
/// two announcements said one after the other never speak over each other.
///
/// The words are English (``Rendering/Announcement``'s), so each engine is asked for its
/// English voice: `-l en`, `-v en`. Its own number reading is never used: the words spell
/// their numbers out.
public struct SpeechEngine: SpeechVoice {
    /// One engine found on `PATH`.
    struct Engine: Hashable, Sendable {
        /// Its name, which chooses its arguments: `spd-say`, `espeak-ng`.
        let name: String
        /// Where it is.
        let executable: String
        /// The words `MOMENTS_SPEECH` gave after the command.
        let given: [String]

        /// The arguments that speak `words` in English, waiting until they are spoken.
        func arguments(speaking words: String) -> [String] {
            switch name {
            case "spd-say": return [name, "--wait", "-l", "en"] + given + [words]
            case "espeak-ng", "espeak": return [name, "-v", "en"] + given + [words]
            default: return [name] + given + [words]
            }
        }
    }

    /// The engines looked for when `MOMENTS_SPEECH` names none, in order.
    static let known = ["spd-say", "espeak-ng"]

    /// The environment engines are found on (`PATH`, `MOMENTS_SPEECH`) and run with
    /// (`XDG_RUNTIME_DIR`, by which speech-dispatcher and the sound server are reached).
    public let environment: [String: String]
    /// The file every process of the machine locks while it speaks; `nil` to lock nothing.
    public let lock: String?

    /// The speech engine of `environment`, speaking while it holds `lock`.
    public init(environment: [String: String], lock: String? = nil) {
        self.environment = environment
        self.lock = lock
    }

    /// The engines to try, and the names looked for and not found.
    func candidates() -> (found: [Engine], missing: [String]) {
        let (commands, missing) = FoundCommand.find(environment["MOMENTS_SPEECH"], otherwise: Self.known, path: environment["PATH"] ?? "")
        return (commands.map { Engine(name: $0.name, executable: $0.executable, given: $0.arguments) }, missing)
    }

    public func say(_ words: String) async -> SpeechOutcome {
        let (engines, missing) = candidates()
        guard !engines.isEmpty else {
            if let named = missing.first, missing.count == 1 {
                return .unavailable(reason: "MOMENTS_SPEECH names \(named), which is not an executable on PATH: name spd-say or espeak-ng, or unset it")
            }
            return .unavailable(reason: "no speech engine is installed: install speech-dispatcher (spd-say) or espeak-ng to hear the voice")
        }
        let (environment, lock) = (self.environment, self.lock)
        return await OffThePool.run {
            Self.holding(lock) {
                var failures: [String] = []
                for engine in engines {
                    let ended = PlayerProcess.run(engine.executable, engine.arguments(speaking: words), environment: environment)
                    guard let failure = ended.failure else { return .spoken(engine: engine.name) }
                    failures.append("\(engine.name) \(failure)")
                }
                return .unavailable(reason: "no speech engine spoke: " + failures.joined(separator: "; "))
            }
        }
    }

    /// `body`'s answer, run holding an exclusive lock on the file at `path` (blocking this
    /// thread until it is free); without a lock when there is no path or it cannot be opened.
    private static func holding<T>(_ path: String?, _ body: () -> T) -> T {
        guard let path else { return body() }
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
        return body()
    }
}
