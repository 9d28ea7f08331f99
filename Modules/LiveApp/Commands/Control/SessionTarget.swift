import ArgumentParser
import SyncProtocol

/// Which session a command acts on and how it is found: what `moments watch`, `status`
/// and the control verbs (`pause`, `resume`, `toggle`, `finish`, `cancel`, `extend`) share,
/// so a key binding reaches exactly the session a `watch` would show.
///
/// Found in this order: the runtime file of a `moments start` or `watch` of this person
/// showing it (by id and server when given); with `--server`, the session a `start` of
/// theirs left running there; else the embedded server's state, whose live session the
/// process then hosts, unless told not to (``find(runtime:dependencies:hosting:)``).
struct SessionTarget: ParsableArguments {
    @Argument(help: "The session's id; by default the one a `moments start` of yours shows, or one left running.")
    var id: String?

    @OptionGroup var servers: ServerOption

    @OptionGroup var key: AccessKeyOption

    @OptionGroup var data: DataDirectoryOption

    /// Every `--server`, as one text; `nil` for the embedded server.
    var server: String? { servers.server }

    /// What the search found.
    enum Found {
        /// The session, and the link to the server that has it.
        case linked(SessionLink, SessionHandle)
        /// Nobody hosts the embedded server and the caller asked not to host it: its state
        /// is to be read by the caller (`moments status`), not served.
        case unhosted
    }

    /// No session to act on: none is running, or none has the id given. Not yet said to
    /// the person: each command says it in its own way (`status` prints its empty form).
    struct NotFound: Error {
        /// What to tell the person, with what to do.
        let message: String
        /// Whether an id was given that no running session has (an input error), rather
        /// than no session running at all.
        let isUnknownID: Bool
    }

    /// The session and how to reach it. `hosting: false` answers ``Found/unhosted`` rather
    /// than host the embedded server when no process does, and on a `--server` finds the
    /// session remembered there even once it has ended, until its dismissal. Throws
    /// ``NotFound`` when there is no such session; any other failure has been said, and
    /// carries its exit status.
    /// `command` names the command for the question asked when two sessions are shown and
    /// no id says which (`nil`: take the newest, as `status` does for a bar).
    func find(
        runtime: any RuntimeFolder, dependencies: LiveDependencies, hosting: Bool = true, command: String? = nil
    ) async throws -> Found {
        let console = dependencies.console
        let folder = dependencies.files(data.path).stateFolder
        // Only this data folder's sessions: another folder is another person's world.
        let entries = runtime.entries().filter { entry in
            entry.activityID != nil && entry.token != nil && entry.belongs(to: folder)
                && (server.map { ServerAddresses.overlap($0, entry.server) } ?? true)
                && (id.map { $0 == entry.activityID } ?? true)
        }
        // Two sessions shown at once (one on the embedded server, one on a `--server`, say):
        // a command without an id would act on one of them in silence, so it asks which.
        let shown = entries.reduce(into: [RuntimeEntry]()) { distinct, entry in
            if !distinct.contains(where: { $0.activityID == entry.activityID }) { distinct.append(entry) }
        }
        if id == nil, shown.count > 1, let command {
            let listed = shown.map { "\($0.activityID ?? "") (on \($0.hostsStateDirectory == nil ? $0.server : "the embedded server"))" }
            throw console.failure(
                "\(shown.count) sessions are running: \(listed.joined(separator: ", ")); name the one you mean, "
                    + "as in `moments \(command) \(shown[0].activityID ?? "ID")`.")
        }
        if let entry = entries.first, let activityID = entry.activityID, let token = entry.token {
            // Following the embedded server of this state, it may take hosting over.
            let link = entry.hostsStateDirectory == folder
                ? SessionLink.following(entry.server, folder: folder, dataDirectory: data.path, runtime: runtime, dependencies: dependencies)
                : SessionLink.remote(server ?? entry.server, dataDirectory: data.path, runtime: runtime, dependencies: dependencies)
            let connection = link.connection
            do {
                _ = try await RetryPolicy.command.with(patience: dependencies.serverPatience).run { () async throws(SyncError) -> ActivitySnapshot in
                    try await connection.activity(id: activityID, token: token)
                }
            } catch {
                throw console.failure(
                    "cannot reach the server at \(entry.server) (\(error.description))", status: StartCommand.status(for: error))
            }
            return .linked(link, SessionHandle(id: activityID, token: token))
        }
        if let server {
            let files = data.files(dependencies)
            let link = SessionLink.remote(
                server, accessKey: try key.resolve(files), dataDirectory: data.path, runtime: runtime, dependencies: dependencies)
            let connection = link.connection
            do {
                _ = try await RetryPolicy.command.with(patience: dependencies.serverPatience).run { () async throws(SyncError) -> [ActivitySummary] in
                    try await connection.activities()
                }
            } catch {
                throw console.failure(
                    AccessKeyOption.advice(for: error, keyPath: files.accessKeyPath)
                        ?? "cannot reach the server at \(server): \(error.description)",
                    status: StartCommand.status(for: error))
            }
            // A session a `start` of this person's left running there, remembered.
            // A reader (`hosting: false`, status) finds an ended one too, until its dismissal.
            if let known = await files.rememberedSession(on: server, through: connection, includingEnded: !hosting),
                id.map({ $0 == known.id }) ?? true
            {
                return .linked(link, known)
            }
            throw NotFound(
                message: "no session of yours is running on \(server); start one there with `moments start --server \(server)`.",
                isUnknownID: id != nil)
        }
        if !hosting, !runtime.entries().contains(where: { $0.hostsStateDirectory == folder }) { return .unhosted }
        let (link, _) = try await StartCommand.link(
            server: nil, dataDirectory: data.path, runtime: runtime, dependencies: dependencies)
        guard let live = await link.liveSession(announcedIn: nil), id.map({ $0 == live.id }) ?? true else {
            await link.close()
            throw Self.notFound(id: id)
        }
        return .linked(link, live)
    }

    /// No running session on the embedded server, or none with `id`.
    static func notFound(id: String?) -> NotFound {
        NotFound(
            message: id.map { "no running session has the id \($0); `moments status` shows the one running." }
                ?? "no session is running; start one with `moments start`.",
            isUnknownID: id != nil)
    }
}
