import LiveApp
import Synchronization

/// tmux's status line in memory: keeps every value `moments bar --format tmux` set, in order.
public final class PreviewTmuxStatus: TmuxStatus {
    private let values = Mutex<[String: [String]]>([:])

    /// No value set yet.
    public init() {}

    /// Every value set to `option`, oldest first.
    public func values(of option: String) -> [String] { values.withLock { $0[option] ?? [] } }

    public func show(_ value: String, in option: String) async -> Bool {
        values.withLock { $0[option, default: []].append(value) }
        return true
    }
}
