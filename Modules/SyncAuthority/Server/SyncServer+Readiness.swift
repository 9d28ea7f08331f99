import SyncProtocol
/// Readiness (`/readyz`): whether this server can take writes now, as distinct from being
/// alive (`/healthz`).
extension SyncServer {
    /// `nil` when the server takes requests and its storage answers; else why not: it is
    /// shutting down, or the storage is down (ADR 0027). A load balancer stops sending it
    /// traffic meanwhile.
    public func unavailability() async -> String? {
        guard !isShutDown else { return SyncError.unavailable.description }
        return await storage.unavailability()
    }
}
