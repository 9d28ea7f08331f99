import Domain

/// A way to talk to a sync server: in-process for the embedded default, or over HTTP.
/// Both have the same semantics, and one parameterised test suite runs against both.
public protocol SyncConnection: Sendable {
    /// Starts a new activity; answers its id, token and first state.
    ///
    /// A client that may send the creation again (after a lost answer) passes one
    /// `idempotencyKey`, made once per creation it means and reused in every try: a try
    /// the server has already seen answers the same activity (`isReplay`), never a second
    /// one. `nil` makes a new activity every time, so such a creation must not be retried.
    func createActivity(
        _ attributes: SessionAttributes, showSeconds: Bool, clientID: String, idempotencyKey: IdempotencyKey?
    ) async throws(SyncError) -> CreatedActivity
    /// Every activity, active ones first, without tokens.
    func activities() async throws(SyncError) -> [ActivitySummary]
    /// One activity's current state.
    func activity(id: String) async throws(SyncError) -> ActivitySnapshot
    /// One activity's current state, read with its token: a shared server
    /// (`--require-keys`) shows an activity only to the holder of its token.
    func activity(id: String, token: String?) async throws(SyncError) -> ActivitySnapshot
    /// Sends an intent; answers the state after it, or the error the server gave.
    func send(_ request: IntentRequest, to id: String, token: String) async throws(SyncError) -> ActivitySnapshot
    /// The activity's pushes: the current state first (unless `lastEventID` has it), then
    /// each change. The stream ends after the dismissal, and throws when the connection fails.
    func events(of id: String, token: String, after lastEventID: UInt64?) async throws(SyncError)
        -> AsyncThrowingStream<ActivitySnapshot, any Error>
    /// A group sit's pushes as its followers get them, through its channel with `code`
    /// (ADR 0072): the same states as ``events(of:token:after:)``, read-only, until the sit
    /// is dismissed or the leader revokes the code (the stream ends after the state that
    /// says so). A wrong code is refused (`SyncError.wrongToken`), a closed channel too
    /// (`SyncError.channelClosed(revoked:)`). The follower counts among the people sitting
    /// it as `sitter` (ADR 0073); `nil`: the stream counts as a person of its own.
    func follow(_ code: JoinCode, as sitter: Sitter?, after lastEventID: UInt64?) async throws(SyncError)
        -> AsyncThrowingStream<ActivitySnapshot, any Error>
    /// The person's sessions (on a server that requires keys, those of the connection's
    /// access key; else every activity): the current state of each not yet dismissed, then
    /// every push of each, new sessions from their start, each session's in version order.
    /// It throws when the connection fails; it ends when the server shuts down.
    func sessions() async throws(SyncError) -> AsyncThrowingStream<ActivitySnapshot, any Error>
}

extension SyncConnection {
    /// ``follow(_:as:after:)`` as a person of its own: a stream nobody else's counts with.
    public func follow(_ code: JoinCode, after lastEventID: UInt64?) async throws(SyncError)
        -> AsyncThrowingStream<ActivitySnapshot, any Error>
    {
        try await follow(code, as: nil, after: lastEventID)
    }

    /// Reads without the token: for a transport whose server shows every activity to
    /// whoever can reach it (the embedded one in this process, a preview double).
    public func activity(id: String, token: String?) async throws(SyncError) -> ActivitySnapshot {
        try await activity(id: id)
    }
}
