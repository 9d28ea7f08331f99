import AccessKeys
import Domain
import SyncProtocol

/// Everything the `moments` commands reach outside the process's memory, handed in by the
/// live composition (`LiveRoot`) and by nothing else: the person's files, the sync server
/// assembled on them, and connections to servers elsewhere.
///
/// Each is a closure of the data folder the command line chose (`--data-dir`, else
/// `MOMENTS_HOME`, else the XDG folders, `nil` meaning "not given"), so a command never
/// resolves a path or opens a file itself. Tests build the same value with the live
/// composition, or with doubles where a real part cannot run.
public struct LiveDependencies: Sendable {
    /// The person's files in a data folder.
    public var files: @Sendable (_ dataDirectory: String?) -> any PersonalFiles
    /// Assembles the sync server on the durable state of a data folder, taking its lock,
    /// keeping its figures when `keepsFigures` (what `moments serve` answers `GET /metrics`
    /// with, on a Prometheus registry of its own, ADR 0034; the embedded server keeps none):
    /// what `moments serve` runs over HTTP.
    public var assembleServer: @Sendable (_ dataDirectory: String?, _ keepsFigures: Bool) async throws(ServerSetupError)
        -> any ServerAssembly
    /// Assembles the sync server on a shared PostgreSQL database (`serve --database-url`),
    /// one of any number of servers sharing it, keeping its figures when `keepsFigures`, with
    /// the hooks in the settings of the data folder given (`--data-dir`; `nil`: the default).
    /// `moments` itself does not link the database driver (ADR 0022): its composition
    /// hands the command over to the program that does, `moments-server`, which never
    /// returns here.
    public var assembleSharedServer: @Sendable (
        _ databaseURL: String, _ dataDirectory: String?, _ keepsFigures: Bool
    ) async throws(ServerSetupError)
        -> any ServerAssembly
    /// Starts the embedded server on the durable state of a data folder, hosted by this
    /// process, waiting up to `lockWait` for the state's lock (another process may be
    /// letting it go).
    public var hostEmbedded: @Sendable (_ dataDirectory: String?, _ lockWait: Duration) async throws(ServerSetupError)
        -> any EmbeddedHost
    /// A connection to the server at a URL (`--server`, or another process's runtime file),
    /// with the person's access key when the server is shared (`--key`, `MOMENTS_KEY`).
    public var connect: @Sendable (_ url: String, _ accessKey: String?) -> any SyncConnection
    /// The people's access keys of the server whose state is in a data folder: what `moments keys`
    /// changes and `moments serve --require-keys` checks every request against.
    public var keys: @Sendable (_ dataDirectory: String?) -> any AccessKeyStore
    /// The people's access keys in a shared PostgreSQL database (`moments keys --database-url`).
    /// Like ``assembleSharedServer``, `moments` hands this over to `moments-server`.
    public var sharedKeys: @Sendable (_ databaseURL: String) async throws(ServerSetupError) -> any AccessKeyStore
    /// The terminal a session is shown in (`start`, `watch`): its screen, its keys and the
    /// process's signals.
    public var terminal: @Sendable () -> any SessionTerminal
    /// What time it is, for the sessions shown.
    public var clock: any SyncClock
    /// The person's time zone, for the times of day shown.
    public var timeZone: @Sendable () -> LocalTimeZone
    /// The desktop's notifications (a session's end, when the settings ask for it).
    public var notifier: any DesktopNotifier
    /// The desktop's media controls: the lock screen's player of a session whose
    /// notification this process keeps.
    public var mediaPlayer: any DesktopMediaPlayer
    /// The desktop's dock: the progress of a session whose notification this process keeps,
    /// on `moments`' icon.
    public var dock: any DesktopDock
    /// The bowl a bell rings, played through the machine's sound server where one is
    /// installed.
    public var bellSound: any BellSound
    /// The voice announcements are spoken with (the `voice` setting, `--voice`), through
    /// the machine's speech engine where one is installed.
    public var voice: any SpeechVoice
    /// Where this person's running sessions announce themselves to each other.
    public var runtime: @Sendable () -> any RuntimeFolder
    /// tmux's status line, which `moments bar --format tmux` sets.
    public var tmux: any TmuxStatus
    /// Standard output and error: results, warnings and errors.
    public var console: Console
    /// The process's environment variables, as the commands read them (`MOMENTS_KEY`,
    /// `MOMENTS_DATABASE_URL`, `COLUMNS`, the colour variables); the paths of the person's
    /// files are resolved by ``files`` and ``runtime``, not from here.
    public var environment: [String: String]
    /// How long a command keeps trying to reach a server that does not answer before it
    /// says so (``standardServerPatience``). An in-process test on a loaded machine gives
    /// more: its server cannot be unreachable, only starved of time.
    public var serverPatience: Duration = LiveDependencies.standardServerPatience

    /// Dependencies made of these closures.
    public init(
        files: @escaping @Sendable (_ dataDirectory: String?) -> any PersonalFiles,
        assembleServer: @escaping @Sendable (_ dataDirectory: String?, _ keepsFigures: Bool) async throws(ServerSetupError)
            -> any ServerAssembly,
        assembleSharedServer: @escaping @Sendable (
            _ databaseURL: String, _ dataDirectory: String?, _ keepsFigures: Bool
        ) async throws(ServerSetupError)
            -> any ServerAssembly,
        hostEmbedded: @escaping @Sendable (_ dataDirectory: String?, _ lockWait: Duration) async throws(ServerSetupError)
            -> any EmbeddedHost,
        connect: @escaping @Sendable (_ url: String, _ accessKey: String?) -> any SyncConnection,
        keys: @escaping @Sendable (_ dataDirectory: String?) -> any AccessKeyStore,
        sharedKeys: @escaping @Sendable (_ databaseURL: String) async throws(ServerSetupError) -> any AccessKeyStore,
        terminal: @escaping @Sendable () -> any SessionTerminal, clock: any SyncClock,
        timeZone: @escaping @Sendable () -> LocalTimeZone, notifier: any DesktopNotifier, mediaPlayer: any DesktopMediaPlayer,
        dock: any DesktopDock, bellSound: any BellSound, voice: any SpeechVoice,
        runtime: @escaping @Sendable () -> any RuntimeFolder, tmux: any TmuxStatus, console: Console,
        environment: [String: String]
    ) {
        self.tmux = tmux
        self.console = console
        self.environment = environment
        self.runtime = runtime
        self.notifier = notifier
        self.mediaPlayer = mediaPlayer
        self.dock = dock
        self.bellSound = bellSound
        self.voice = voice
        self.terminal = terminal
        self.clock = clock
        self.timeZone = timeZone
        self.files = files
        self.assembleServer = assembleServer
        self.assembleSharedServer = assembleSharedServer
        self.hostEmbedded = hostEmbedded
        self.connect = connect
        self.keys = keys
        self.sharedKeys = sharedKeys
    }

    /// How long a process waits for the state's lock before it hosts the embedded server:
    /// long enough for another process to finish letting it go.
    public static let lockPatience: Duration = .seconds(2)

    /// How long a command keeps trying to reach its server, by default: it gives up with
    /// exit status 3 after three seconds.
    public static let standardServerPatience: Duration = .seconds(3)
}
