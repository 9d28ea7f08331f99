#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The server's clock: what time it is, and a way to wait for an instant. Injected, so
/// tests and the showcase can drive time by hand while the live app uses the system's.
public protocol SyncClock: Sendable {
    /// The current instant.
    func now() -> Date
    /// Returns at `deadline` (or at once if it has passed); throws if cancelled.
    func sleep(until deadline: Date) async throws
}

/// The system's wall clock.
public struct SystemClock: SyncClock {
    /// The wall clock.
    public init() {}

    public func now() -> Date { Date() }

    public func sleep(until deadline: Date) async throws {
        // Wall-clock time can jump; wake at least once a minute to look again.
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return }
            try await Task.sleep(for: .seconds(min(remaining, 60)))
        }
    }
}
