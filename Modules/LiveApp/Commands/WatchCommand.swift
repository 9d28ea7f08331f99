import ArgumentParser
import Domain
import Rendering
import Sync

/// `moments watch`: a session's Live Activity in another terminal. It finds the session by
/// itself (the runtime file of the `moments start` showing it), only observes, and sends
/// intents for its keys; it follows the session through its end and dismissal.
struct WatchCommand: LiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Show a running session's Live Activity, following the sync server.",
        discussion: """
            Without ID it watches the session a `moments start` of yours is showing, or one \
            kept running on the embedded server (which it then hosts). Keys: space pauses and \
            resumes, f finishes, c cancels (after asking), + and - move the target, q stops \
            watching (the session goes on).

            Exit status: 0 completed (or stopped watching), 1 no such session, 2 finished \
            early, cancelled or interrupted, 3 server unreachable, 4 environment failure (a full disk).
            """)

    /// The presentations `--presentation` can name.
    enum Presentation: String, ExpressibleByArgument, CaseIterable {
        case lock, compact, minimal, expanded, all

        /// The surfaces shown, in order: each case but `all` names one by its raw value.
        var surfaces: [ActivitySurface] {
            ActivitySurface(rawValue: rawValue).map { [$0] } ?? ActivitySurface.allCases
        }
    }

    @Argument(help: "The session's id; by default the one a `moments start` of yours shows.")
    var id: String?

    @OptionGroup var servers: ServerOption

    /// Every `--server`, as one text; `nil` for the embedded server.
    var server: String? { servers.server }

    @Option(help: "Which presentation to show: lock, compact, minimal, expanded or all.")
    var presentation = Presentation.lock

    @Flag(name: .customLong("no-tty"), help: "Print one line per change of state instead of the full screen.")
    var noTTY = false

    @OptionGroup var key: AccessKeyOption

    @OptionGroup var data: DataDirectoryOption

    func run(with dependencies: LiveDependencies) async throws {
        let console = dependencies.console
        let settings = data.files(dependencies).settingsOrStandard()
        let runtime = dependencies.runtime()
        let (link, session) = try await find(runtime: runtime, dependencies: dependencies)
        if link.host != nil {
            link.announce(session)
        } else {
            link.shows(session)
        }

        let ending = await SessionShow.run(
            connection: link.current, id: session.id, token: session.token, on: dependencies.terminal(),
            settings: settings, surfaces: presentation.surfaces, noTTY: noTTY, clock: dependencies.clock,
            timeZone: dependencies.timeZone(), handOver: link.handOver, bells: { _ in nil })
        await link.close()
        if case .ended = ending, let server { data.files(dependencies).forgetQuietly(session.id, on: server) }
        if case .refused(let error) = ending { console.error(error.description) }
        let status = ExitStatus(ending)
        if status != .completed { throw status.exitCode }
    }

    /// The session to watch and how to reach it: a runtime file naming it (by id and
    /// server when given), else a session kept running on the embedded server, which this
    /// process then hosts.
    private func find(
        runtime: any RuntimeFolder, dependencies: LiveDependencies
    ) async throws -> (SessionLink, SessionHandle) {
        let console = dependencies.console
        let entries = runtime.entries().filter { entry in
            entry.activityID != nil && entry.token != nil && (server.map { ServerAddresses.overlap($0, entry.server) } ?? true)
                && (id.map { $0 == entry.activityID } ?? true)
        }
        if let entry = entries.first, let activityID = entry.activityID, let token = entry.token {
            // Following the embedded server of this state, it may take hosting over.
            let folder = dependencies.files(data.path).stateFolder
            let link = entry.hostsStateDirectory == folder
                ? SessionLink.following(entry.server, folder: folder, dataDirectory: data.path, runtime: runtime, dependencies: dependencies)
                : SessionLink.remote(server ?? entry.server, runtime: runtime, dependencies: dependencies)
            let connection = link.connection
            do {
                _ = try await RetryPolicy.command.run { () async throws(SyncError) -> ActivitySnapshot in
                    try await connection.activity(id: activityID, token: token)
                }
            } catch {
                throw console.failure(
                    "cannot reach the server at \(entry.server) (\(error.description))", status: StartCommand.status(for: error))
            }
            return (link, SessionHandle(id: activityID, token: token))
        }
        if let server {
            let files = data.files(dependencies)
            let link = SessionLink.remote(
                server, accessKey: try key.resolve(files), runtime: runtime, dependencies: dependencies)
            let connection = link.connection
            do {
                _ = try await RetryPolicy.command.run { () async throws(SyncError) -> [ActivitySummary] in
                    try await connection.activities()
                }
            } catch {
                throw console.failure(
                    AccessKeyOption.advice(for: error, keyPath: files.accessKeyPath)
                        ?? "cannot reach the server at \(server): \(error.description)",
                    status: StartCommand.status(for: error))
            }
            // A session a `start` of this person's left running there, remembered.
            if let known = await files.liveRememberedSession(on: server, through: connection),
                id.map({ $0 == known.id }) ?? true
            {
                return (link, known)
            }
            throw console.failure(
                "no session of yours is running on \(server); start one there with `moments start --server \(server)`.")
        }
        let (link, _) = try await StartCommand.link(
            server: nil, dataDirectory: data.path, runtime: runtime, dependencies: dependencies)
        guard let live = await link.liveSession(announcedIn: nil), id.map({ $0 == live.id }) ?? true else {
            await link.close()
            throw console.failure(
                id.map { "no running session has the id \($0)." } ?? "no session is running; start one with `moments start`.")
        }
        return (link, live)
    }
}
