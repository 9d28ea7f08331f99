import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol

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
    let sound: (@Sendable (BellAlert) async -> Void)?
    private var presented: Set<String> = []
    /// The bells still being sounded, which the process waits for before it exits.
    private var sounding: [Task<Void, Never>] = []

    /// How long a process that has shown its session's end waits for its bells to sound.
    static let patience: Duration = .seconds(2)

    /// A presenter claiming in `runtime` and sounding with `sound` (`nil`: silent).
    init(runtime: any RuntimeFolder, sound: (@Sendable (BellAlert) async -> Void)?) {
        self.runtime = runtime
        self.sound = sound
    }

    /// Waits, at most ``patience``, for the bells this process is sounding: the end bell
    /// is presented just before `start` exits, and must not be cut off by the exit.
    func finish() async {
        let sounding = self.sounding
        guard !sounding.isEmpty else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for task in sounding { await task.value } }
            group.addTask { try? await Task.sleep(for: Self.patience) }
            await group.next()
            group.cancelAll()
        }
    }

    /// The alert `snapshot` carries, when this process presents it at `now`: not yet
    /// presented here and at most ``BellAlert/presentableFor`` late. Sounds it when this
    /// process is the first on the machine to claim it (``finish()`` waits for that).
    mutating func present(_ snapshot: ActivitySnapshot, at now: Date) -> BellAlert? {
        guard let alert = snapshot.alert, alert.isPresentable(at: now) else { return nil }
        let name = "\(snapshot.id).\(alert.kind.rawValue)-\(alert.number)"
        guard presented.insert(name).inserted else { return nil }
        // Claimed in the sounding task, not here: the claim is a file made in the runtime
        // folder (and old claims swept), which the frame showing the bell need not wait for.
        if let sound {
            let runtime = self.runtime
            sounding.append(Task { if runtime.claimBell(name) { await sound(alert) } })
        }
        return alert
    }
}
