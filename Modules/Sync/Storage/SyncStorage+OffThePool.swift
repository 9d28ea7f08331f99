import Dispatch

extension SyncStorage {
    /// Commits a batch on a thread of its own, so a slow disk never blocks the cooperative
    /// pool; how ``SyncServer``'s group commit writes. An empty batch writes nothing.
    func commitOffThePool(_ batch: [SyncRecord]) async -> Result<Void, SyncError> {
        guard !batch.isEmpty else { return .success(()) }
        return await withCheckedContinuation { continuation in
            storageQueue.async {
                do {
                    try self.commit(batch)
                    continuation.resume(returning: .success(()))
                } catch {
                    continuation.resume(returning: .failure(.storageFailed(String(describing: error))))
                }
            }
        }
    }
}

/// The one thread storage writes run on: the server commits one batch at a time.
private let storageQueue = DispatchQueue(label: "little-moments.sync.storage")
