#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How durations are kept in every value and JSON document of the project: seconds, as a
/// `Double` that is always a whole number of milliseconds, so `600`, `9.427`, never
/// `9.427000045776367`.
///
/// Instants are kept to the millisecond (``Instant``), but the difference of two of them
/// as `Date`s is not: each is the nearest binary fraction to its millisecond, and
/// subtracting them leaves that error in the result, which JSON then prints to seventeen
/// digits. So every duration a value stores goes through ``canonical(_:)`` when the value
/// is made (and again when it is read, which also cleans what older versions wrote), and
/// time between instants is counted in whole milliseconds by ``between(_:_:)``. A script
/// reading the history, the stats or the wire then meets exact decimals with at most
/// three fractional digits.
public enum Seconds {
    /// `seconds` rounded to the nearest millisecond: the `Double` nearest to that decimal,
    /// which Swift and JSON print with at most three fractional digits. A value that is
    /// not finite is answered unchanged, for the caller's check to refuse.
    public static func canonical(_ seconds: Double) -> Double {
        guard seconds.isFinite else { return seconds }
        // Division by 1,000 is correctly rounded, so the quotient is the Double nearest to
        // the three-decimal number, exactly what parsing that number's text gives.
        return (seconds * 1_000).rounded() / 1_000
    }

    /// The seconds from `start` to `end` (negative when `end` is earlier), counted in the
    /// whole milliseconds of each instant, so the answer is canonical.
    public static func between(_ start: Date, _ end: Date) -> Double {
        Double(Instant.milliseconds(end) - Instant.milliseconds(start)) / 1_000
    }

    /// Whole milliseconds in `seconds`, rounded to nearest: what sums of durations add, so
    /// a total of many sessions is as exact as each one.
    public static func milliseconds(_ seconds: Double) -> Int64 {
        let value = (seconds * 1_000).rounded()
        guard value.isFinite else { return value > 0 ? .max : value < 0 ? .min : 0 }
        if value >= 9.2e18 { return 9_200_000_000_000_000_000 }
        if value <= -9.2e18 { return -9_200_000_000_000_000_000 }
        return Int64(value)
    }
}
