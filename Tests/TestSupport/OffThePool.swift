import Foundation

/// Runs blocking work (starting, signalling and waiting for processes, `initdb`) on a
/// thread of its own, so it never holds one of the cooperative pool's threads: there are
/// two on this machine, and every suite's timing needs them. Not on `DispatchQueue.global()`:
/// on Linux that is the same pool, and its queue.
public func offThePool<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Swift.Result { try work() }) }
    }
}

/// As ``offThePool(_:)``, for work that cannot fail.
public func offThePool<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: work()) }
    }
}
