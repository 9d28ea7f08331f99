#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol

/// A clock that starts at a fixture's instant and then runs at the speed of time: what
/// `moments-showcase play` shows a scripted session on, so its seconds tick from the
/// scenario's moment without reading the date of the machine it runs on.
public struct PreviewRunningClock: SyncClock {
    private let start: Date
    private let started = ContinuousClock.now

    /// A clock reading `start` now, and later as much later as has passed.
    public init(start: Date) {
        self.start = start
    }

    public func now() -> Date {
        start.addingTimeInterval(Self.seconds(started.duration(to: ContinuousClock.now)))
    }

    public func sleep(until deadline: Date) async throws {
        let remaining = deadline.timeIntervalSince(now())
        guard remaining > 0 else { return }
        try await Task.sleep(for: .milliseconds(Int((remaining * 1_000).rounded(.up))))
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
