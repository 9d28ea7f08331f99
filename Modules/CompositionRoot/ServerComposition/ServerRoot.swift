import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveApp
import LiveComposition
import Logging
import ServiceLifecycle
import SharedHosting
import SyncAuthority
import SyncPostgres
import SyncProtocol
import TerminalIO

/// The composition of `moments-server`: the live app's commands and wiring
/// (`LiveRoot`), with one dependency more, the sync server on a shared
/// PostgreSQL database (`moments serve --database-url`). A program of its own because the
/// database driver brings all of Foundation, which `moments` keeps out (ADR 0022);
/// `moments serve --database-url` becomes this program.
public enum ServerRoot {
    /// The whole of `moments-server`'s `main`: `LiveRoot.main(dependencies:)` with this
    /// composition's dependencies.
    public static func main() -> Never {
        LiveRoot.main { dependencies(in: $0) }
    }

    /// The live app's dependencies, serving `--database-url` here rather than handing it on;
    /// `process` is the process's group, as `LiveRoot.dependencies(in:)` takes it.
    public static func dependencies(in process: ServiceGroup) -> LiveDependencies {
        var dependencies = LiveRoot.dependencies(in: process)
        dependencies.assembleSharedServer = { url, dataDirectory, keepsFigures throws(ServerSetupError) in
            // A URL of the wrong shape is refused before the data folder's hooks are read.
            try PostgresAssembly.checkLocation(url)
            return try await PostgresAssembly.build(
                url, metrics: keepsFigures ? LiveRoot.serverMetrics() : nil, hooks: LiveRoot.hooks(dataDirectory), environment: ProcessInfo.processInfo.environment)
        }
        dependencies.sharedKeys = { url throws(ServerSetupError) in try await PostgresAssembly.keys(at: url) }
        return dependencies
    }

    /// Builds a sync server on the PostgreSQL database at `url`, recording its figures
    /// (the change feed's lag among them) into `metrics`
    /// (`SharedHosting.PostgresAssembly.build(_:clock:logger:metrics:)`): every server given
    /// the same URL shares the same activities.
    public static func buildSharedServer(
        _ url: String, clock: any SyncClock = SystemClock(), logger: Logger = Logger(label: "little-moments.postgres"),
        metrics: SyncMetrics? = nil
    ) async throws(ServerSetupError) -> PostgresAssembly {
        try await PostgresAssembly.build(url, clock: clock, logger: logger, metrics: metrics)
    }
}
