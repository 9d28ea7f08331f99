/// The largest duration `timerDisplayFromSeconds` spells out: 99,999 hours, 59 minutes and
/// 59 seconds (about 11 years). Anything longer, `+infinity` included, shows this value,
/// so a view's cell budget never meets an unbounded string.
public let timerDisplayMaximumSeconds = 99_999 * 3_600 + 59 * 60 + 59

/// Formats a duration for every view and command of the app: the one formatter of time.
///
/// This is the function of the original Live Activity (seeds/000), kept exactly:
/// the value is truncated to whole seconds, then
/// - with seconds: `M:SS` under an hour (`2:05`), `H:MM:SS` from one hour (`1:00:00`);
/// - without seconds: `N min` under an hour (`2 min`), `H:MM` from one hour (`1:00`).
///
/// Inputs the original left undefined are answered so that it never crashes:
/// - negative values and NaN display as zero (a duration on screen is never negative; the
///   remaining time past a target is `0:00`);
/// - values past ``timerDisplayMaximumSeconds``, `+infinity` included, display that maximum.
public func timerDisplayFromSeconds(seconds: Double, showSeconds: Bool) -> String {
    let totalSeconds: Int
    if seconds.isNaN || seconds <= 0 {
        totalSeconds = 0
    } else if seconds >= Double(timerDisplayMaximumSeconds) {
        totalSeconds = timerDisplayMaximumSeconds
    } else {
        totalSeconds = Int(seconds)  // truncation toward zero, as the original does
    }
    let hours = totalSeconds / 3_600
    let minutes = (totalSeconds % 3_600) / 60
    let secs = totalSeconds % 60

    if showSeconds {
        if hours > 0 {
            return "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))"
        }
        return "\(minutes):\(twoDigits(secs))"
    }
    if hours > 0 {
        return "\(hours):\(twoDigits(minutes))"
    }
    return "\(minutes) min"
}

/// `%02d` for a value in 0...59, without Foundation's `String(format:)`, which is slow on
/// Linux and would make this hot function allocate a formatter per call.
@inline(__always)
private func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : String(value)
}

/// How long a past session was sat, for the history and the widgets: as
/// ``timerDisplayFromSeconds(seconds:showSeconds:)`` without seconds (`10 min`, `1:05`),
/// but a sit shorter than a minute shows its whole seconds (`5 s`), so it does not read
/// as nothing sat.
public func satDurationText(seconds: Double) -> String {
    guard seconds.isFinite, seconds < 60 else { return timerDisplayFromSeconds(seconds: seconds, showSeconds: false) }
    return "\(seconds > 0 ? Int(seconds) : 0) s"
}
