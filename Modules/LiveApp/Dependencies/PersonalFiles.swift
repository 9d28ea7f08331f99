import Domain
import SyncProtocol

/// The person's files as the `moments` commands use them: the history and the settings,
/// each opened for as short a time as a command needs (a store is locked while open, and a
/// running session must be able to record), and the folder of the server's state.
///
/// Declared here, so the live app knows no file format; the live composition keeps them
/// in Persistence's durable JSON files, and reports what it repaired on opening.
public protocol PersonalFiles: Sendable {
    /// The folder the sync server's state lives in: how a process tells that another one
    /// already hosts the same state (its runtime file names this folder).
    var stateFolder: String { get }

    /// Opens the history, hands it to `read`, and closes it.
    func readHistory<Result>(_ read: (any SessionHistory) -> Result) throws(StoreProblem) -> Result

    /// Adds a group sit this person followed to their history (ADR 0072): nobody hosts a
    /// server for them that would. Answers `false`, adding nothing, when a record with the
    /// same id is there already (the sit was recorded once).
    func recordFollowedSit(_ record: SessionRecord) throws(StoreProblem) -> Bool

    /// Who this person is to the group sits they follow (ADR 0073): an opaque id made the
    /// first time it is asked for and kept in the data folder, so that all of their surfaces
    /// count as one person sitting.
    func sitter() throws(StoreProblem) -> Sitter

    /// The saved settings (the standard ones when none were saved).
    func readSettings() throws(StoreProblem) -> Settings

    /// Opens the settings, lets `change` edit them, saves the result durably and answers it.
    /// An error `change` throws is passed on, and nothing is saved.
    func changeSettings(_ change: (inout Settings) throws -> Void) throws -> Settings

    /// The session remembered on the sync server at `server` (`--server`), if any.
    func rememberedSession(on server: String) throws(StoreProblem) -> SessionHandle?

    /// The join code of the group sit remembered on `server`, when the session remembered
    /// there is one.
    func rememberedJoinCode(on server: String) throws(StoreProblem) -> JoinCode?

    /// Remembers `session` on `server` (mode 0600: its token is a capability), in place of
    /// any other there; a group sit's with its `joinCode`, so that a later start shows it.
    func remember(_ session: SessionHandle, joinCode: JoinCode?, on server: String) throws(StoreProblem)

    /// Forgets session `activityID` on `server`, once it has ended or is gone.
    func forget(_ activityID: String, on server: String) throws(StoreProblem)

    /// The person's access key for shared servers, from the file `key` in the config folder
    /// (mode 0600), if there is one; refused, with how to fix it, when others may read it.
    func savedAccessKey() throws(StoreProblem) -> String?

    /// Where ``savedAccessKey()`` looks, for messages.
    var accessKeyPath: String { get }
}

/// A store of the person's files could not be opened, read or written: the message names
/// the file and what to do.
public struct StoreProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, in words a person can act on.
    public let description: String
    /// Whether the machine refused (a full disk, a folder that cannot be written, a file
    /// where a folder must be), rather than the files' contents being wrong.
    public let isEnvironmentFailure: Bool

    /// A problem described by `description`; `isEnvironmentFailure` when the machine refused.
    public init(_ description: String, isEnvironmentFailure: Bool = false) {
        self.description = description
        self.isEnvironmentFailure = isEnvironmentFailure
    }

    /// How a command that needed the store ends on it: the environment's status when the
    /// machine refused, as every command answers it (``ExitStatus/environmentFailure``),
    /// else an input error.
    public var exitStatus: ExitStatus { ExitStatus(storeFailure: self) }
}
