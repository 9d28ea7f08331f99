/// A client's handle on one session: the activity's id on its server and the bearer token
/// for it. The one name of that pair: what a creation answers (``CreatedActivity/handle``),
/// what a client remembers for a server, announces in its runtime file and reconnects with.
public struct SessionHandle: Hashable, Sendable {
    /// The activity's id on its server.
    public let id: String
    /// The secret that authorises intents and event streams for it.
    public let token: String

    /// The session `id`, reached with `token`.
    public init(id: String, token: String) {
        self.id = id
        self.token = token
    }
}

extension CreatedActivity {
    /// The handle on the activity made.
    public var handle: SessionHandle { SessionHandle(id: id, token: token) }
}
