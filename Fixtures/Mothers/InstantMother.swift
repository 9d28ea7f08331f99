import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Fixed instants, so that every fixture, snapshot and test sees the same morning.
public enum InstantMother {
    /// A quiet Saturday morning: 2026-11-21T07:30:00Z.
    public static let morning = Date(timeIntervalSince1970: 1_795_246_200)

    /// `seconds` after ``morning``.
    public static func makeInstant(secondsAfterMorning seconds: Double = 0) -> Date {
        Instant.canonical(morning.addingTimeInterval(seconds))
    }
}
