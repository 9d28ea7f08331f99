import Dispatch

/// Runs blocking work (opening a store may wait up to two seconds for its lock, then read
/// the whole file) on a Dispatch thread, so no thread of the cooperative pool is held: on
/// two cores the pool has two, and the embedded server answers other terminals on them.
/// Public for the adapters' blocking calls too (writing the bowl's sound file).
public enum OffThePool {
    /// The result of `work`, computed on a Dispatch thread.
    public static func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
        }
    }
}
