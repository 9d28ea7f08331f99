import Domain
import Rendering
import Sync

/// The session a follower of another terminal's session shows (`moments watch`,
/// `moments notify`), found the one way both find it, and followed by the one session
/// loop (``SessionShow``) through its end and dismissal.
struct FollowedSession {
    /// The session's id, when the command line gave one.
    let id: String?
    /// Every `--server`, as one text; `nil` for the embedded server.
    let server: String?
    /// The access key options.
    let key: AccessKeyOption
    /// The data folder option.
    let data: DataDirectoryOption

    /// Finds the session and follows it, showing `surfaces` (as lines with `noTTY`) and
    /// keeping `notification` when given, until it is dismissed or the person leaves;
    /// throws the exit status of how it ended when it is not a completion.
    func show(
        surfaces: [ActivitySurface], noTTY: Bool, notification: (@Sendable () async throws -> SessionNotification)?,
        dependencies: LiveDependencies
    ) async throws {
        let console = dependencies.console
        let settings = data.files(dependencies).settingsOrStandard()
        let runtime = dependencies.runtime()
        let (link, session) = try await find(runtime: runtime, dependencies: dependencies)
        let kept: SessionNotification?
        do {
            kept = try await notification?()
        } catch {
            await link.close()
            throw error
        }
        if link.host != nil {
            link.announce(session)
        } else {
            link.shows(session)
        }

        let ending = await SessionShow.run(
            connection: link.current, id: session.id, token: session.token, on: dependencies.terminal(),
            settings: settings, surfaces: surfaces, noTTY: noTTY, clock: dependencies.clock,
            timeZone: dependencies.timeZone(), handOver: link.handOver, notification: kept, bells: { _ in nil })
        await link.close()
        if case .ended = ending, let server { data.files(dependencies).forgetQuietly(session.id, on: server) }
        if case .refused(let error) = ending { console.error(error.description) }
        let status = ExitStatus(ending)
        if status != .completed { throw status.exitCode }
    }

    /// The session to follow and how to reach it: a runtime file naming it (by id and
    /// server when given), else a session kept running on the embedded server, which this
    /// process then hosts.
    func find(
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
