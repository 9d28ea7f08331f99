import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Sync

/// Presents the bells a session's pushes carry (``BellAlert``, decided by the server,
/// ADR 0032), in any process that shows the session: `start`, `watch`, `notify`, `bar`.
///
/// Each alert is presented once by this process (a push read again after a reconnection
/// carries the same alert), and not at all when it is seen more than a minute after it was
/// due. Of all the processes on this machine that present it, the first to claim it in the
/// runtime folder sounds it; the others only show it. A process started with `--silent`
/// shows bells and never sounds them.
struct BellPresenter {
    /// Where this machine's processes claim the bells they sound.
    let runtime: any RuntimeFolder
    /// Sounds a bell; `nil` when this process only shows them.
    let sound: (@Sendable (BellAlert) -> Void)?
    private var presented: Set<String> = []

    /// A presenter claiming in `runtime` and sounding with `sound` (`nil`: silent).
    init(runtime: any RuntimeFolder, sound: (@Sendable (BellAlert) -> Void)?) {
        self.runtime = runtime
        self.sound = sound
    }

    /// The alert `snapshot` carries, when this process presents it at `now`: not yet
    /// presented here and at most ``BellAlert/presentableFor`` late. Sounds it when this
    /// process is the first on the machine to claim it.
    mutating func present(_ snapshot: ActivitySnapshot, at now: Date) -> BellAlert? {
        guard let alert = snapshot.alert, alert.isPresentable(at: now) else { return nil }
        let name = "\(snapshot.id).\(alert.kind.rawValue)-\(alert.number)"
        guard presented.insert(name).inserted else { return nil }
        if let sound, runtime.claimBell(name) { sound(alert) }
        return alert
    }
}
