/// What each connection of the HTTP server may hold and for how long, so that no client,
/// slow, stalled or hostile, can take the server down for the others
/// (Documentation/Deploying.md, "Limits of connections").
public struct ConnectionLimits: Hashable, Sendable {
    /// How long a connection may take to send a whole request: from when it opened, or
    /// from the end of its previous answer, to the end of the request's headers; and again
    /// from there to the end of its body. An idle connection, a slow header and a slow body
    /// are all closed after it.
    public var requestTimeout: Duration
    /// How long an answer (an event stream above all) may stay unable to write before its
    /// connection is closed: a watcher that stopped reading is dropped, and reconnects with
    /// `Last-Event-ID` to the newest state when it reads again.
    public var stallTimeout: Duration
    /// The kernel's send buffer of each connection, in bytes (Linux doubles it), so a
    /// stalled reader holds a bounded amount of memory, not the megabytes a socket grows to.
    public var sendBufferBytes: Int
    /// The most connections open at once; past it, new connections wait in the listen
    /// queue until one closes. `nil` for no limit. Kept below the descriptor limit, so the
    /// server always has descriptors left for its own files and never spins on `EMFILE`.
    public var maximumConnections: Int?

    /// How many descriptors ``forDescriptors(_:)`` keeps for the server's own files, its
    /// database and its logs.
    public static let reservedDescriptors = 64

    /// Limits a terminal, a browser or a proxy in front of the server never meets.
    public init(
        requestTimeout: Duration = .seconds(30), stallTimeout: Duration = .seconds(30), sendBufferBytes: Int = 32_768,
        maximumConnections: Int? = nil
    ) {
        self.requestTimeout = requestTimeout
        self.stallTimeout = stallTimeout
        self.sendBufferBytes = sendBufferBytes
        self.maximumConnections = maximumConnections.map { max(1, $0) }
    }

    /// These limits with as many connections as `descriptors` (the process's soft limit)
    /// allows once ``reservedDescriptors`` are kept aside.
    public func forDescriptors(_ descriptors: Int) -> ConnectionLimits {
        var limits = self
        limits.maximumConnections = max(1, descriptors - Self.reservedDescriptors)
        return limits
    }
}
