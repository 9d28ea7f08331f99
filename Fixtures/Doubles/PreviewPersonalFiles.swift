import Domain
import LiveApp
import SyncProtocol
import Synchronization

/// The person's files in memory, for previews and the live app's in-process tests: the
/// settings, the history (a ``PreviewSessionHistory``), the sessions remembered on servers
/// and the saved access key, with nothing on disk.
public final class PreviewPersonalFiles: PersonalFiles {
    private struct State {
        var settings: Settings
        var remembered: [String: SessionHandle] = [:]
        var rememberedCodes: [String: JoinCode] = [:]
    }

    private let state: Mutex<State>
    /// The history the commands read.
    public let history: PreviewSessionHistory
    /// The saved access key, if any.
    public let savedKey: String?

    /// Files holding `settings`, `history` and, when given, a saved access key.
    public init(settings: Settings = .standard, history: PreviewSessionHistory = .empty, savedKey: String? = nil) {
        state = Mutex(State(settings: settings))
        self.history = history
        self.savedKey = savedKey
    }

    public var stateFolder: String { "/preview/state" }

    /// The one sitter of these files, made with them.
    private let madeSitter = Sitter.make()

    public func sitter() throws(StoreProblem) -> Sitter { madeSitter }

    public var accessKeyPath: String { "/preview/config/key" }

    public func readHistory<Result>(_ read: (any SessionHistory) -> Result) throws(StoreProblem) -> Result {
        read(history)
    }

    public func recordFollowedSit(_ record: SessionRecord) throws(StoreProblem) -> Bool {
        history.append(record)
    }

    public func readSettings() throws(StoreProblem) -> Settings {
        state.withLock { $0.settings }
    }

    public func changeSettings(_ change: (inout Settings) throws -> Void) throws -> Settings {
        var settings = state.withLock { $0.settings }
        try change(&settings)
        state.withLock { [settings] in $0.settings = settings }
        return settings
    }

    public func rememberedSession(on server: String) throws(StoreProblem) -> SessionHandle? {
        state.withLock { $0.remembered[server] }
    }

    public func rememberedJoinCode(on server: String) throws(StoreProblem) -> JoinCode? {
        state.withLock { $0.rememberedCodes[server] }
    }

    public func remember(_ session: SessionHandle, joinCode: JoinCode?, on server: String) throws(StoreProblem) {
        state.withLock { state in
            state.remembered[server] = session
            state.rememberedCodes[server] = joinCode
        }
    }

    public func forget(_ activityID: String, on server: String) throws(StoreProblem) {
        state.withLock { state in
            if state.remembered[server]?.id == activityID { (state.remembered[server], state.rememberedCodes[server]) = (nil, nil) }
        }
    }

    public func savedAccessKey() throws(StoreProblem) -> String? { savedKey }
}
