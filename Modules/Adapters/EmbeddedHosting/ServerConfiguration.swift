import Domain
import LiveApp
import Persistence
import SessionHooks
import SyncAuthority
import SyncProtocol

/// The little a sync server is built from: where its state lives, the clock its rules
/// run on, where it records its figures, and where it says what went wrong on the way. `moments serve`, the embedded
/// default and the tests all describe their server with this value and hand it to
/// ``DataFolderAssembly/build(_:)``.
public struct ServerConfiguration: Sendable {
    /// The person's folders: the server's state, and the history it records into.
    public var locations: StoreLocations
    /// The clock of the server's rules (completion at the target, stale, the 8-hour end,
    /// dismissal).
    public var clock: any SyncClock
    /// Where problems that do not stop the server are said: a repaired file, a history
    /// that could not be written.
    public var onProblem: @Sendable (String) -> Void
    /// How long to wait for the state's lock while another process lets it go.
    public var lockWait: Duration
    /// Where the server records its figures (`moments serve`'s `/metrics`); `nil`, as for
    /// the embedded default, records none.
    public var metrics: SyncMetrics?
    /// The person's hooks, run for the changes this server commits (`Settings.hooks`;
    /// ``Domain/SessionHooks/none`` by default), with `environment` beside the session's
    /// variables, each for at most `hookTimeLimit`.
    public var hooks: SessionHooks = .none
    /// The environment hooks run in (the host's own).
    public var environment: [String: String] = [:]
    /// How long a hook may run before it is stopped.
    public var hookTimeLimit: Duration = HookRunner.standardTimeLimit

    /// A server on the state in `locations`, on the system's clock, warning on standard
    /// error, waiting for the state's lock as long as the live app waits for it.
    public init(
        locations: StoreLocations, clock: any SyncClock = SystemClock(), lockWait: Duration = LiveDependencies.lockPatience,
        metrics: SyncMetrics? = nil, onProblem: @escaping @Sendable (String) -> Void = { Console.standardStreams.warn($0) }
    ) {
        self.metrics = metrics
        self.locations = locations
        self.clock = clock
        self.lockWait = lockWait
        self.onProblem = onProblem
    }
}
