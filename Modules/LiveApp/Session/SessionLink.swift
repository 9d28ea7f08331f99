import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering
import SyncProtocol
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// How this process reaches the session it shows: the connection, and the embedded
/// server when this process hosts it. Made by the commands from the command line, the
/// runtime files and the state; released by ``close()``.
///
/// A link that follows the embedded server another process hosts may take hosting over
/// when that process goes away (``takeOver()``): exactly one follower gets the state's
/// lock and hosts it; the others find it through its runtime file.
final class SessionLink: Sendable {
    private struct State {
        var host: (any EmbeddedHost)?
        var serverURL: String?
        /// The session shown, once known: what a runtime file announces.
        var session: SessionHandle?
        var announced = false
    }

    private let state: Mutex<State>
    /// The runtime folder this process announces itself in.
    let runtime: any RuntimeFolder
    /// The state folder whose embedded server this link follows and may host, with the
    /// data folder to open it by; `nil` for a server at a URL of the person's choosing.
    private let embedded: (folder: String, dataDirectory: String?)?
    /// The state folder of the data folder the command was given, which the runtime file
    /// names so that commands given another data folder do not find this session.
    private let dataFolder: String
    private let dependencies: LiveDependencies

    /// How long a command keeps trying to reach the server through this link.
    var serverPatience: Duration { dependencies.serverPatience }

    init(
        connection: any SyncConnection, host: (any EmbeddedHost)?, runtime: any RuntimeFolder, serverURL: String?,
        embedded: (folder: String, dataDirectory: String?)?, dataFolder: String, dependencies: LiveDependencies
    ) {
        state = Mutex(State(host: host, serverURL: serverURL))
        current = CurrentConnection(connection)
        self.runtime = runtime
        self.embedded = embedded
        self.dataFolder = dataFolder
        self.dependencies = dependencies
    }

    /// The connection to the server, the one holder of it: a hand-over replaces it here,
    /// and the intents still being tried on the old one go on through the new one.
    let current: CurrentConnection

    /// The connection to the server, as it stands now.
    var connection: any SyncConnection { current.value }

    /// The embedded server this process hosts, if it does.
    var host: (any EmbeddedHost)? { state.withLock { $0.host } }

    /// How this link finds whoever hosts the state after its host went away
    /// (``takeOver(patience:)``), or `nil` when it follows a server at a URL, which
    /// another process cannot take over.
    var handOver: (@Sendable () async -> (any SyncConnection)?)? {
        embedded == nil ? nil : { @Sendable [self] in await self.takeOver() }
    }

    /// Tells other terminals where this process's session is (a runtime file), now or,
    /// for a host whose loopback port is not bound yet, as soon as it is.
    func announce(_ session: SessionHandle) {
        let (serverURL, host) = state.withLock { state in
            state.session = session
            state.announced = true
            return (state.serverURL, state.host)
        }
        let runtime = self.runtime
        let console = dependencies.console
        let hosted = host?.stateFolder
        let dataFolder = self.dataFolder
        let write: @Sendable (String) -> Void = { server in
            do throws(RuntimeFileError) {
                try runtime.write(RuntimeEntry(
                    processID: getpid(), server: server, hostsStateDirectory: hosted, activityID: session.id, token: session.token,
                    dataFolder: dataFolder))
            } catch {
                console.warn("other terminals cannot find this session: \(error.description)")
            }
        }
        if let serverURL {
            write(serverURL)
        } else if let host {
            // Announcing the port must not hold up the first frame; it ends as soon as the host
            // knows its port.
            Task {
                guard let port = await host.port() else { return }
                write("http://127.0.0.1:\(port)")
            }
        }
    }

    /// Tells the person's other terminals that this process follows the group sit of
    /// `code` on this link's server (a runtime file with the code and no token), so that
    /// their bar follows it too; removed by ``close()``.
    func announceFollowing(_ code: JoinCode) {
        let serverURL = state.withLock { state in
            state.announced = true
            return state.serverURL
        }
        guard let serverURL else { return }
        do throws(RuntimeFileError) {
            try runtime.write(RuntimeEntry(
                processID: getpid(), server: serverURL, activityID: code.id, dataFolder: dataFolder, joinCode: code.description))
        } catch {
            dependencies.console.warn("your bar cannot find this sit: \(error.description)")
        }
    }

    /// Remembers the session this link shows, to announce it if this process ever hosts
    /// it (``takeOver(patience:)``), without announcing anything now.
    func shows(_ session: SessionHandle) {
        state.withLock { $0.session = session }
    }

    /// Removes the runtime file and stops the embedded server, if this process hosts one.
    func close() async {
        let (announced, host) = state.withLock { ($0.announced, $0.host) }
        if announced { runtime.remove(processID: getpid()) }
        await host?.shutdown()
    }

    /// After the process hosting the followed embedded server went away: the connection
    /// to whoever hosts it now, this process if it wins the state's lock (then it announces
    /// itself, so the other followers find it), or `nil` when this link cannot take over
    /// (a server at a URL) or nobody hosts it within `patience`.
    ///
    /// It looks again each time the runtime folder or the state's lock changes
    /// (``RuntimeFolder/hostChanges(of:)``), never on a timer.
    func takeOver(patience: Duration = .seconds(3)) async -> (any SyncConnection)? {
        guard let embedded else { return nil }
        // Watching starts before the first look, so a host that comes between the two wakes it.
        let changes = runtime.hostChanges(of: embedded.folder)
        return await withTaskGroup(of: (any SyncConnection)?.self) { group in
            group.addTask { [self] in
                if let found = await lookForHost(of: embedded) { return found }
                for await _ in changes {
                    if let found = await lookForHost(of: embedded) { return found }
                }
                return nil
            }
            group.addTask { try? await Task.sleep(for: patience); return nil }
            let first = await group.next() ?? nil
            group.cancelAll()
            // A look that hosted the state as the patience ran out still counts: its
            // server is running and announced.
            var found = first
            for await late in group where found == nil { found = late }
            return found
        }
    }

    /// One look for the state's host: another process's runtime file naming a server
    /// other than the one that failed, or the state's lock, which makes this process the
    /// host. `nil` when neither is there yet.
    private func lookForHost(of embedded: (folder: String, dataDirectory: String?)) async -> (any SyncConnection)? {
        let failed = state.withLock { $0.serverURL }
        if let entry = runtime.entries().first(where: {
            $0.hostsStateDirectory == embedded.folder && $0.processID != getpid() && $0.server != failed
        }) {
            let connection = dependencies.connect(entry.server, nil)
            current.value = connection
            let reannounce = state.withLock { state in
                state.serverURL = entry.server
                return state.announced ? state.session : nil
            }
            // A runtime file of this process must name the server as it is now.
            if let reannounce { announce(reannounce) }
            return connection
        }
        guard !Task.isCancelled, let host = try? await dependencies.hostEmbedded(embedded.dataDirectory, .zero) else {
            return nil
        }
        current.value = host.connection
        let session = state.withLock { state in
            state.host = host
            state.serverURL = nil
            return state.session
        }
        // The new host says where it is, so the other followers find it.
        if let session { announce(session) }
        return host.connection
    }

    /// A link to the server of `url` (`moments start --server`, `moments watch --server`),
    /// with the person's access key when that server is shared.
    /// `dataDirectory` is the data folder the command was given (its runtime file says so).
    static func remote(
        _ url: String, accessKey: String? = nil, dataDirectory: String?, runtime: any RuntimeFolder, dependencies: LiveDependencies
    ) -> SessionLink {
        SessionLink(
            connection: dependencies.connect(url, accessKey), host: nil, runtime: runtime, serverURL: url, embedded: nil,
            dataFolder: dependencies.files(dataDirectory).stateFolder, dependencies: dependencies)
    }

    /// A link to the embedded server another process hosts at `url` for the state folder
    /// `folder`, which this process may take over when that one goes away.
    static func following(
        _ url: String, folder: String, dataDirectory: String?, runtime: any RuntimeFolder, dependencies: LiveDependencies
    ) -> SessionLink {
        SessionLink(
            connection: dependencies.connect(url, nil), host: nil, runtime: runtime, serverURL: url,
            embedded: (folder, dataDirectory), dataFolder: folder, dependencies: dependencies)
    }

    /// A link to the embedded server of the state in the data folder `dataDirectory`: the
    /// one another process hosts (found through its runtime file), or one this process
    /// starts.
    static func embedded(
        dataDirectory: String?, runtime: any RuntimeFolder, dependencies: LiveDependencies
    ) async throws(ServerSetupError) -> (SessionLink, RuntimeEntry?) {
        let folder = dependencies.files(dataDirectory).stateFolder
        if let entry = runtime.entries().first(where: { $0.hostsStateDirectory == folder }) {
            let link = following(entry.server, folder: folder, dataDirectory: dataDirectory, runtime: runtime, dependencies: dependencies)
            return (link, entry)
        }
        let host = try await dependencies.hostEmbedded(dataDirectory, LiveDependencies.lockPatience)
        let link = SessionLink(
            connection: host.connection, host: host, runtime: runtime, serverURL: nil, embedded: (folder, dataDirectory),
            dataFolder: folder, dependencies: dependencies)
        return (link, nil)
    }

    /// The session another process shows or keeps running on this link's server, still
    /// live, with its token: what the next `start` or `watch` picks up.
    func liveSession(announcedIn entry: RuntimeEntry?) async -> SessionHandle? {
        if let host { return await host.liveSession() }
        let connection = self.connection
        guard let session = entry?.session,
            let snapshot = try? await connection.activity(id: session.id, token: session.token),
            !snapshot.activity.content.isEnded
        else { return nil }
        return session
    }
}
