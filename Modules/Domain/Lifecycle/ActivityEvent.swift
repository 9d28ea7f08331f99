/// What a push says happened, as the `event` of an APNs Live Activity payload, plus the
/// dismissal that ActivityKit performs on the device.
public enum ActivityEvent: String, Hashable, Sendable, Codable, CaseIterable {
    /// The activity began.
    case start
    /// Its content changed.
    case update
    /// It ended; its final content stays visible until dismissal.
    case end
    /// It left the screen; nothing follows.
    case dismiss
}
