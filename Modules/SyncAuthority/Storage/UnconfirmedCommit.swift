/// What a storage throws from ``SyncStorage/commit(_:)`` when the batch may have been
/// written all the same: the database stopped answering after the transaction began, so
/// its commit was neither confirmed nor refused. The server answers the batch's requests
/// with `SyncError.outcomeUnknown(_:)`, never "nothing was applied"; a retry with the
/// same intent id or creation key learns the truth from the storage (issue #26, item 3).
public struct UnconfirmedCommit: Error, Sendable, CustomStringConvertible {
    /// Why the commit went unconfirmed, for the answer and the log.
    public let reason: String

    /// A commit left unconfirmed for `reason`.
    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { "the commit was not confirmed: \(reason)" }
}
