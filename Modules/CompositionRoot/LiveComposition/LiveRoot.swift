#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import BellSounds
import DesktopNotifications
import LauncherEntry
import MediaControls
import Dispatch
import Domain
import EmbeddedHosting
import LiveApp
import Persistence
import PersonalFileStore
import ProcessTerminal
import PrometheusMetrics
import RuntimeFiles
import ServiceLifecycle
import SyncAuthority
import SyncClient
import SyncJSONStore
import SyncProtocol
import TerminalIO

/// The live composition: the one place where the live app meets its real dependencies,
/// the sync server on Persistence's JSON files, the person's history and settings, the
/// system's clock and HTTP connections. `Apps/Live` calls ``main(dependencies:)``; the tests call
/// ``buildServer(_:)`` and ``dependencies(in:)`` to run the same wiring.
public enum LiveRoot {
    /// The whole of `moments`' `main` (and of `moments-server`'s, with its own
    /// `dependencies`): takes the stop and resize signals over before anything else happens
    /// (so none is lost, whenever it arrives), then runs the app on the cooperative pool and
    /// exits with its status.
    public static func main(
        dependencies: @escaping @Sendable (ServiceGroup) -> LiveDependencies = { dependencies(in: $0) }
    ) -> Never {
        SignalEvents.start()
        Task { await run(dependencies: dependencies) }
        MainThread.park()
    }

    /// Runs `moments` with the process's arguments, as the first service of the process's
    /// one group (`ProcessServices`), with the `dependencies` made for that group, and exits
    /// with its status once every service has stopped.
    public static func run(
        dependencies: @escaping @Sendable (ServiceGroup) -> LiveDependencies = { dependencies(in: $0) }
    ) async -> Never {
        exit(await ProcessServices.run { process in await MomentsApp.status(dependencies: dependencies(process)) })
    }

    /// The live app's dependencies: every command reaches files, servers and sockets
    /// through these and nothing else. A server hosted beyond one command's scope (the
    /// embedded default) runs as a service of `process`, the process's group.
    public static func dependencies(in process: ServiceGroup) -> LiveDependencies {
        LiveDependencies(
            files: { FileStores(locations: locations($0), console: .standardStreams) },
            assembleServer: { dataDirectory, keepsFigures throws(ServerSetupError) in
                try await buildServer(
                    hosting(
                        ServerConfiguration(
                            locations: locations(dataDirectory), metrics: keepsFigures ? serverMetrics() : nil)))
            },
            assembleSharedServer: { _, _, _ throws(ServerSetupError) in try SharedServerHandOff.exec() },
            hostEmbedded: { dataDirectory, lockWait throws(ServerSetupError) in
                try await EmbeddedServer.start(
                    hosting(ServerConfiguration(locations: locations(dataDirectory), lockWait: lockWait)), in: process)
            },
            // One try per server: the live app's RetryPolicy is the one place that retries.
            connect: { HTTPSyncConnection(baseURL: $0, accessKey: $1, attempts: 1) },
            keys: { JSONKeyStore(locations: locations($0)) },
            sharedKeys: { _ throws(ServerSetupError) in try SharedServerHandOff.exec() },
            terminal: { ProcessTerminal() }, clock: SystemClock(), timeZone: { SystemTimeZone.current() },
            notifier: FreedesktopNotifier(), mediaPlayer: MPRISDesktop(), dock: UnityDock(),
            bellSound: BowlPlayer(environment: ProcessInfo.processInfo.environment),
            voice: SpeechEngine(
                environment: ProcessInfo.processInfo.environment,
                lock: RuntimeDirectory.resolve().url.appendingPathComponent("voice.lock").path),
            runtime: { RuntimeDirectory.resolve() },
            tmux: TmuxCommand(environment: ProcessInfo.processInfo.environment), console: .standardStreams,
            environment: ProcessInfo.processInfo.environment)
    }

    /// A new set of figures for `moments serve`, on a Prometheus registry of its own
    /// (ADR 0034). Only `serve` asks: the embedded server of `start` and `watch` keeps none.
    public static func serverMetrics() -> SyncMetrics {
        PrometheusMetrics.make()
    }

    /// Builds the sync server from `configuration`, in the spirit of Hummingbird's
    /// `buildApplication`: `moments serve`, the embedded default and the tests all build
    /// their server here (`EmbeddedHosting.DataFolderAssembly.build(_:)`).
    public static func buildServer(_ configuration: ServerConfiguration) async throws(ServerSetupError) -> DataFolderAssembly {
        try await DataFolderAssembly.build(configuration)
    }

    /// `configuration` with the person's hooks (`Settings.hooks`, read as the server is
    /// built: a change takes effect at the next) and this process's environment for them.
    static func hosting(_ configuration: ServerConfiguration) -> ServerConfiguration {
        var configuration = configuration
        configuration.hooks = hooks(configuration.locations)
        configuration.environment = ProcessInfo.processInfo.environment
        return configuration
    }

    /// The hooks in the settings where `locations` keep them; none when they cannot be read
    /// (the settings' own commands say why).
    public static func hooks(_ locations: StoreLocations) -> SessionHooks {
        (try? FileStores(locations: locations, console: .standardStreams).readSettings())?.hooks ?? .none
    }

    /// The hooks in the settings of the folders `dataDirectory` names (as `locations(_:)`).
    public static func hooks(_ dataDirectory: String?) -> SessionHooks {
        hooks(locations(dataDirectory))
    }

    /// The folders a run uses: `--data-dir` when given, then `MOMENTS_HOME`, then the XDG
    /// folders.
    static func locations(_ dataDirectory: String?) -> StoreLocations {
        StoreLocations.resolve(dataDirectory: dataDirectory)
    }
}
