#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol

/// What a running `moments start` or `moments watch` tells the other terminals of the same
/// person: where its server listens, and which session it shows with the token to reach it;
/// or, for a `moments join` (or `watch`, `notify` of a join code), which group sit it
/// follows with what code, so that the person's bar follows it too.
///
/// One file per process, `PID.json`, readable by the user alone: the token is the key to
/// the session. A file whose process is gone (killed with SIGKILL, a crash) is ignored and
/// removed by the next reader. See ADR 0012.
public struct RuntimeEntry: Codable, Hashable, Sendable {
    /// The process that wrote it.
    public var processID: Int32
    /// The server's address, `http://127.0.0.1:PORT`.
    public var server: String
    /// Whether that process hosts the embedded server (and for which state folder).
    public var hostsStateDirectory: String?
    /// The session it shows, if any.
    public var activityID: String?
    /// The session's bearer token.
    public var token: String?
    /// The state folder of the person's data folder the session was started or followed
    /// with (`--data-dir`, `MOMENTS_HOME`): a command given another data folder does not
    /// see the session, as it would not see its history. `nil` in entries of earlier
    /// versions, which only a host's ``hostsStateDirectory`` scopes.
    public var dataFolder: String?
    /// The join code of the group sit it follows (``activityID`` is the sit's), for a
    /// follower's process, which has no token (ADR 0072); `nil` otherwise.
    public var joinCode: String?

    /// The entry of process `processID`, whose server is at `server`.
    public init(
        processID: Int32, server: String, hostsStateDirectory: String? = nil, activityID: String? = nil, token: String? = nil,
        dataFolder: String? = nil, joinCode: String? = nil
    ) {
        self.joinCode = joinCode
        self.processID = processID
        self.server = server
        self.hostsStateDirectory = hostsStateDirectory
        self.activityID = activityID
        self.token = token
        self.dataFolder = dataFolder ?? hostsStateDirectory
    }

    /// Whether the entry belongs to the data folder whose state folder is `stateFolder`.
    public func belongs(to stateFolder: String) -> Bool {
        (dataFolder ?? hostsStateDirectory) == stateFolder
    }

    /// The session it shows, when it names one with its token.
    public var session: SessionHandle? {
        guard let activityID, let token else { return nil }
        return SessionHandle(id: activityID, token: token)
    }

    enum CodingKeys: String, CodingKey {
        case processID = "pid"
        case server
        case hostsStateDirectory = "hosts_state_directory"
        case activityID = "activity_id"
        case token
        case dataFolder = "data_folder"
        case joinCode = "join_code"
    }

    /// The entry a runtime file holds, or nil when it is not one: not JSON of this shape,
    /// or a process id that names no single process (0 and negative ids make `kill` reach
    /// a whole group, so such an entry would look alive forever). The one reader of runtime
    /// files: the folder's adapter and the documents' fuzz target (Tests/Fuzz) read them through it.
    public static func read(_ data: Data) -> RuntimeEntry? {
        guard let entry = try? JSONDecoder().decode(RuntimeEntry.self, from: data), entry.processID > 0 else { return nil }
        return entry
    }
}

/// The runtime folder cannot be used.
public enum RuntimeFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The folder or a file in it cannot be made, read or trusted.
    case unusable(path: String, reason: String)

    public var description: String {
        switch self {
        case .unusable(let path, let reason):
            return "the runtime folder \(path) cannot be used (\(reason)); set XDG_RUNTIME_DIR to a folder of yours."
        }
    }
}

/// Where the runtime files of a person's processes are: each running `moments start` or
/// `moments watch` announces its server and session there, and finds the others' (ADR
/// 0012). The live folder is `RuntimeDirectory` (the `RuntimeFiles` adapter, files of mode
/// 0600 in a folder of 0700); `PreviewRuntimeFolder` in Fixtures keeps entries in memory.
public protocol RuntimeFolder: Sendable {
    /// Writes `entry` as its process's file, replacing the one before at once.
    func write(_ entry: RuntimeEntry) throws(RuntimeFileError)
    /// Removes the file of process `processID`.
    func remove(processID: Int32)
    /// Every entry of a running process, newest first; those of processes that are gone
    /// are left out (and removed).
    func entries() -> [RuntimeEntry]
    /// Wakes its reader whenever a host of the state in `stateFolder` may have come or
    /// gone: a runtime file written or removed, or a file of the state folder closed by a
    /// writer (a dying host's lock is released that way). A wake says only "look again";
    /// the stream ends when its reader stops reading. Watching starts before this returns,
    /// so nothing that happens after the call is missed.
    func hostChanges(of stateFolder: String) -> AsyncStream<Void>
    /// Claims the sounding of bell `name` (a session's id with the bell's kind and
    /// number) on this machine: true for the first process that asks, false for every
    /// other, so a bell shown in several terminals sounds once (ADR 0032).
    func claimBell(_ name: String) -> Bool
}
