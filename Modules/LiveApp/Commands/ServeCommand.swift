import AccessKeys
import ArgumentParser
import SyncProtocol
import Synchronization
import TerminalIO

#if canImport(Glibc)
    import Glibc
#endif

/// `moments serve`: the sync server on its own, over HTTP, for other terminals.
///
/// The live composition assembles the server on the person's durable state (the same
/// assembly the embedded default uses), so a restart, even after SIGKILL, loses no
/// answered intent; with `--database-url`, on a PostgreSQL database that any number of
/// servers share (ADR 0022). SIGTERM and SIGINT close every event stream and exit 0.
struct ServeCommand: LiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the sync server over HTTP, so other terminals can start and watch sessions.",
        discussion: """
            Binds to 127.0.0.1 unless --host names another address. Use --port 0 for any free \
            port; the first line printed says where it listens.

            With --require-keys the server is for many people: creating and listing sessions \
            take a person's access key (`moments keys add NAME`), each person sees only their own \
            sessions, and each key has the limits below (429 past them). See \
            Documentation/Deploying.md.

            GET /metrics answers the server's figures for Prometheus: on the server's own port, \
            or only on 127.0.0.1:--metrics-port when one is given, and always so with \
            --require-keys (by default --port + 1, any free port with --port 0). --no-metrics \
            keeps no figures at all.

            \(ExitStatus.summary)
            """)

    @Option(help: "The address to listen on. Anything but a loopback address is reachable from other machines.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 for any free port).")
    var port = ServerAddresses.defaultPort

    @Flag(help: "Take a person's access key with every request, and show each person only their own sessions.")
    var requireKeys = false

    @Option(help: "With --require-keys: how many sessions that have not ended each key may have.")
    var maxLiveActivities = KeyLimits().liveActivities

    @Option(help: "With --require-keys: how many requests each key may make per second.")
    var maxRequestsPerSecond = KeyLimits().requestsPerSecond

    @Option(help: "With --require-keys: how many event streams each key's sessions may have open.")
    var maxStreams = KeyLimits().streams

    @Option(help: "With --require-keys: how many followers' streams one group sit may have open on this server.")
    var maxFollowers = KeyLimits().followersPerSit

    @Option(help: "With --require-keys: how many group sits with open join codes each key may lead.")
    var maxGroupSits = KeyLimits().groupSits

    @Option(help: "Seconds a connection may take to send a whole request (headers, then body); idle connections are closed after it.")
    var requestTimeout = 30

    @Option(help: "Seconds an answer, such as an event stream, may stay unable to write before its connection is closed.")
    var stallTimeout = 30

    @Flag(inversion: .prefixedNo, help: "Keep the server's figures and answer them at GET /metrics, for Prometheus.")
    var metrics = true

    @Option(help: "Answer /metrics only on this port of 127.0.0.1 (0 for any free port); with --require-keys, --port + 1 unless given.")
    var metricsPort: Int?

    @Option(help: "How much to say on standard error: trace, debug (a line per request), info, notice, warning, error or critical.")
    var logLevel: ServeLogLevel = .info

    @OptionGroup var database: DatabaseOption

    @OptionGroup var data: DataDirectoryOption

    func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port must be from 0 to 65535, not \(port).")
        }
        if let metricsPort {
            guard metrics else { throw ValidationError("--metrics-port needs the figures kept: drop --no-metrics or --metrics-port.") }
            guard (0...65_535).contains(metricsPort) else {
                throw ValidationError("--metrics-port must be from 0 to 65535, not \(metricsPort).")
            }
            guard metricsPort == 0 || metricsPort != port else {
                throw ValidationError("--metrics-port must differ from --port (\(port)); give another, or 0 for any free port.")
            }
        }
        for (name, value) in [
            ("--max-live-activities", maxLiveActivities), ("--max-requests-per-second", maxRequestsPerSecond),
            ("--max-streams", maxStreams), ("--max-followers", maxFollowers), ("--max-group-sits", maxGroupSits),
            ("--request-timeout", requestTimeout),
            ("--stall-timeout", stallTimeout),
        ] where value < 1 {
            throw ValidationError("\(name) must be 1 or more, not \(value).")
        }
    }

    /// The gate of a shared server, after checking its keys can be read; `nil` without
    /// `--require-keys`. The keys are the database's when the server's store keeps them,
    /// else the data folder's keys file.
    private func keyGate(_ dependencies: LiveDependencies, _ assembled: any ServerAssembly) async throws -> KeyGate? {
        guard requireKeys else { return nil }
        let store = assembled.keys ?? dependencies.keys(data.path)
        let count: Int
        do {
            count = try await store.keys().count
        } catch {
            throw dependencies.console.failure(error.description, status: ExitStatus(storeFailure: error))
        }
        if count == 0 { dependencies.console.warn("no keys yet, so every request is refused: add one with `moments keys add NAME`.") }
        let limits = KeyLimits(
            liveActivities: maxLiveActivities, requestsPerSecond: maxRequestsPerSecond, streams: maxStreams,
            followersPerSit: maxFollowers, groupSits: maxGroupSits)
        return KeyGate(store: store, limits: limits)
    }

    func run(with dependencies: LiveDependencies) async throws {
        let console = dependencies.console
        if !["127.0.0.1", "localhost", "::1"].contains(host), !requireKeys {
            console.warn(
                "listening on \(host) without --require-keys: anyone who can reach this server can list, read and start sessions.")
        }
        let assembled: any ServerAssembly
        do {
            if let url = database.url(in: dependencies.environment) {
                assembled = try await dependencies.assembleSharedServer(url, data.path, metrics)
            } else {
                assembled = try await dependencies.assembleServer(data.path, metrics)
            }
        } catch {
            throw console.failure(error.description, status: error.exitStatusOfAServer)
        }
        let access: KeyGate?
        do {
            access = try await keyGate(dependencies, assembled)
        } catch {
            await assembled.close()
            throw error
        }
        let (host, folder) = (self.host, assembled.stateFolder)
        // Each connection is a descriptor: take all the kernel allows us, and keep a few
        // for the server's own files, so that a crowd waits rather than takes it down.
        let descriptors = DescriptorLimit.raiseToHard()
        // SIGTERM and SIGINT belong to the server's graceful shutdown, which watches them
        // itself: watched here, they are not taken for an interruption.
        let shutdownSignals = SignalEvents.stream([SIGTERM, SIGINT])
        let draining = Task { for await _ in shutdownSignals {} }
        defer { draining.cancel() }
        // With keys, beside the server's port (any free one beside an ephemeral or the last).
        let metricsPort = !metrics ? nil : self.metricsPort ?? (requireKeys ? (port == 0 || port == 65_535 ? 0 : port + 1) : nil)
        let metricsAt = MetricsAddress()
        let settings = HTTPServeSettings(
            host: host, port: port, logLevel: logLevel, access: access, requestTimeout: requestTimeout,
            stallTimeout: stallTimeout, descriptors: descriptors, metricsPort: metricsPort)
        do {
            try await assembled.serve(settings) { [metrics] port, maximumConnections in
                let figuresAt = metrics ? "; metrics at " + (metricsAt.url ?? "/metrics") : ""
                let capacity = maximumConnections.map { "; up to \($0) connections (\(descriptors ?? 0) descriptors)" } ?? ""
                console.say(
                    "moments serve: listening on http://\(host):\(port) (state in \(folder))"
                        + (access == nil ? "" : "; keys required") + capacity + figuresAt)
            } onMetricsListening: { metricsAt.url = "http://127.0.0.1:\($0)/metrics" }
        } catch {
            await assembled.close()
            throw console.failure(error.description)
        }
        // The shutdown is over. ServiceLifecycle reads SIGTERM and SIGINT with a source of
        // its own and may finish it before this process's router hands the same signal on;
        // routed once nothing watches it, the signal was taken for an interruption (exit 2,
        // seen once beside a busy core). From here a stop signal ends a finished shutdown.
        SignalEvents.whenUnwatched(.exit(ExitStatus.completed.rawValue))
        await assembled.close()
    }
}

extension ServeLogLevel: ExpressibleByArgument {}

/// Where `/metrics` listens when it has a port of its own: told before the first line is
/// said (``ServerAssembly/serve(_:onListening:onMetricsListening:)`` orders the two), read by it.
private final class MetricsAddress: Sendable {
    private let value = Mutex<String?>(nil)

    var url: String? {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
