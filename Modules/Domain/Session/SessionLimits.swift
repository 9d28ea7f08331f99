/// The bounds every session keeps, as the Live Activity platform imposes them.
public enum SessionLimits {
    /// The shortest and longest target a session may have: 1 second to 8 hours, the
    /// longest an activity may stay active.
    public static let targetRange: ClosedRange<Double> = 1...maximumActivityDuration

    /// An activity ends by itself this long after it started (ActivityKit's 8 hours).
    public static let maximumActivityDuration: Double = 8 * 3_600

    /// How long an ended activity stays visible by default, and the longest a dismissal
    /// date may be put off (ActivityKit's 4 hours).
    public static let maximumDismissalDelay: Double = 4 * 3_600

    /// How long after an expected update an observer may wait before it calls what it
    /// shows stale: the server pushes at the target, so an observer that has heard
    /// nothing for this long past it knows its state is out of date.
    public static let staleGrace: Double = 60

    /// How far ahead a sit may be scheduled (``SessionAttributes/startsAt``): a week.
    public static let scheduleHorizon: Double = 7 * 24 * 3_600

    /// How long a session may stay paused before what it shows counts as stale.
    public static let pausedStaleAfter: Double = 30 * 60

    /// Checks a target, answering it to the millisecond (``Seconds/canonical(_:)``) or an
    /// error that says what range to use. Every target (a plan, a live target, the default
    /// duration) passes here, so none carries more than three decimals.
    public static func validatedTarget(_ seconds: Double) throws(ValidationError) -> Double {
        let target = Seconds.canonical(seconds)
        guard target.isFinite, targetRange.contains(target) else {
            throw .targetOutOfRange(seconds: seconds)
        }
        return target
    }
}
