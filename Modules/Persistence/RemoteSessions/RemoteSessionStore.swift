#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A session started on a sync server of the person's choosing (`moments start --server`),
/// remembered so a later `start` or `watch` with the same `--server` finds it again after
/// the `start` that created it has exited: its id and its token, which is the capability
/// to send it intents.
public struct RemoteSession: Codable, Hashable, Sendable {
    /// The server's address, as the person typed it.
    public var server: String
    /// The activity's id there.
    public var activityID: String
    /// Its token.
    public var token: String
    /// The join code others follow it with, for a group sit (ADR 0072): shown again when a
    /// later `moments start` picks the sit up. Absent in files of earlier versions.
    public var joinCode: String?

    /// A session `activityID` with `token` on `server`, a group sit's with its `joinCode`.
    public init(server: String, activityID: String, token: String, joinCode: String? = nil) {
        self.server = server
        self.activityID = activityID
        self.token = token
        self.joinCode = joinCode
    }

    enum CodingKeys: String, CodingKey {
        case server, token
        case activityID = "activity_id"
        case joinCode = "join_code"
    }
}

extension DocumentSchema where Document == [RemoteSession] {
    /// `remote-sessions.json`: the sessions remembered on servers elsewhere, one per server.
    public static let remoteSessions = DocumentSchema(name: "little-moments/remote-sessions", version: 1)
}

/// The remembered remote sessions, in `remote-sessions.json` in the state folder, mode
/// 0600 like every file of the person's (a token is a capability), saved durably whole.
public final class RemoteSessionStore: Sendable {
    /// The file name in the state folder.
    public static let fileName = "remote-sessions.json"

    private let file: DocumentFile<[RemoteSession]>

    private init(file: DocumentFile<[RemoteSession]>) {
        self.file = file
    }

    /// Opens the remembered sessions where `locations` keep state, holding their lock
    /// until ``close()``.
    public static func open(
        locations: StoreLocations, lockWait: Duration = StoreDefaults.lockWait
    ) throws(PersistenceError) -> RemoteSessionStore {
        RemoteSessionStore(
            file: try DocumentFile.open(
                at: locations.stateDirectory.appendingPathComponent(fileName), schema: .remoteSessions,
                prettyPrinted: true, lockWait: lockWait))
    }

    /// What was found wrong with the file when it opened, and dealt with.
    public var issues: [StoreIssue] { file.issues }

    /// The session remembered on `server`, if any.
    public func session(on server: String) -> RemoteSession? {
        (file.document ?? []).first { $0.server == server }
    }

    /// Remembers `session`, in place of any other on its server.
    public func remember(_ session: RemoteSession) throws(PersistenceError) {
        try file.save((file.document ?? []).filter { $0.server != session.server } + [session])
    }

    /// Forgets session `activityID` on `server`; does nothing if it is not remembered.
    public func forget(_ activityID: String, on server: String) throws(PersistenceError) {
        let sessions = file.document ?? []
        let kept = sessions.filter { !($0.server == server && $0.activityID == activityID) }
        guard kept.count != sessions.count else { return }
        try file.save(kept)
    }

    /// Releases the lock.
    public func close() {
        file.close()
    }
}
