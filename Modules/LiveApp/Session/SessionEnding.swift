import Domain
import SyncProtocol

/// How a session shown in this terminal ended (``SessionShow``).
public enum SessionEnding: Hashable, Sendable {
    /// The session ended (the last push says how).
    case ended(ActivitySnapshot)
    /// The person left; the session keeps running on the server.
    case left
    /// Ctrl-C or a signal: left at once; the session keeps running.
    case interrupted
    /// The server refused to show the session (unknown, wrong token).
    case refused(SyncError)
    /// The owner finished the session shown to start the one `moments start` was asked
    /// for; the last push says how it ended.
    case replaced(ActivitySnapshot)

    /// The activity as its last push left it, when the session ended.
    public var endedActivity: Activity? {
        if case .ended(let push) = self { return push.activity }
        return nil
    }
}
