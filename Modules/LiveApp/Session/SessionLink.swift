import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering
import Sync

#if canImport(Glibc)
    import Glibc
#endif

/// How this process reaches the session it shows: the connection, the session's id and
/// token, and the embedded server when this process hosts it. Made by the commands from
/// the command line, the runtime files and the state; released by ``close()``.
final class SessionLink {
    /// The connection to the server.
    let connection: any SyncConnection
    /// The embedded server this process hosts, if it does.
    let host: (any EmbeddedHost)?
    /// The runtime folder this process announces itself in.
    let runtime: RuntimeDirectory
    /// The server's address as other terminals reach it.
    private(set) var serverURL: String?
    private var announced = false

    init(connection: any SyncConnection, host: (any EmbeddedHost)?, runtime: RuntimeDirectory, serverURL: String?) {
        self.connection = connection
        self.host = host
        self.runtime = runtime
        self.serverURL = serverURL
    }

    /// How long a command keeps trying a server it has never reached before it gives up
    /// with exit status 3.
    static let patience: Duration = .seconds(3)

    /// Runs `operation`, trying again while the server cannot be reached, for up to
    /// `patience` in all (an attempt still waiting then is cancelled); other errors are
    /// thrown at once. Tests on a loaded machine give more patience than a person needs.
    static func retrying<T: Sendable>(
        patience: Duration = SessionLink.patience, _ operation: @escaping @Sendable () async throws(SyncError) -> T
    ) async throws(SyncError) -> T {
        let outcome = await withTaskGroup(of: Result<T, SyncError>?.self) { group in
            group.addTask {
                while true {
                    do throws(SyncError) {
                        return .success(try await operation())
                    } catch {
                        switch error {
                        case .unreachable, .unavailable:
                            guard (try? await Task.sleep(for: .milliseconds(100))) != nil else { return nil }
                        default:
                            return .failure(error)
                        }
                    }
                }
            }
            group.addTask {
                try? await Task.sleep(for: patience)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        switch outcome {
        case .success(let value): return value
        case .failure(let error): throw error
        case nil: throw .unreachable("no answer within \(patience.components.seconds) seconds")
        }
    }

    /// Tells other terminals where this process's session is (a runtime file), now or,
    /// for a host whose loopback port is not bound yet, as soon as it is.
    func announce(activityID: String, token: String) {
        let runtime = self.runtime
        let hosted = host?.stateFolder
        let write: @Sendable (String) -> Void = { server in
            do throws(RuntimeFileError) {
                try runtime.write(RuntimeEntry(
                    processID: getpid(), server: server, hostsStateDirectory: hosted, activityID: activityID, token: token))
            } catch {
                Console.warn("other terminals cannot find this session: \(error.description)")
            }
        }
        announced = true
        if let serverURL {
            write(serverURL)
        } else if let host {
            Task {
                guard let port = await host.port() else { return }
                write("http://127.0.0.1:\(port)")
            }
        }
    }

    /// Removes the runtime file and stops the embedded server, if this process hosts one.
    func close() async {
        if announced { runtime.remove(processID: getpid()) }
        await host?.shutdown()
    }

    /// A link to the server of `url` (`moments start --server`, `moments watch --server`).
    static func remote(_ url: String, runtime: RuntimeDirectory, dependencies: LiveDependencies) -> SessionLink {
        SessionLink(connection: dependencies.connect(url), host: nil, runtime: runtime, serverURL: url)
    }

    /// A link to the embedded server of the state in the data folder `dataDirectory`: the
    /// one another process hosts (found through its runtime file), or one this process
    /// starts.
    static func embedded(
        dataDirectory: String?, runtime: RuntimeDirectory, dependencies: LiveDependencies
    ) async throws(ServerSetupError) -> (SessionLink, RuntimeEntry?) {
        let folder = dependencies.files(dataDirectory).stateFolder
        if let entry = runtime.entries().first(where: { $0.hostsStateDirectory == folder }) {
            return (remote(entry.server, runtime: runtime, dependencies: dependencies), entry)
        }
        let host = try await dependencies.hostEmbedded(dataDirectory)
        return (SessionLink(connection: host.connection, host: host, runtime: runtime, serverURL: nil), nil)
    }

    /// The session another process shows or keeps running on this link's server, still
    /// live, with its token: what the next `start` or `watch` picks up.
    func liveSession(announcedIn entry: RuntimeEntry?) async -> (id: String, token: String)? {
        if let host { return await host.liveSession() }
        guard let entry, let id = entry.activityID, let token = entry.token,
            let snapshot = try? await connection.activity(id: id), !snapshot.activity.content.isEnded
        else { return nil }
        return (id, token)
    }
}
