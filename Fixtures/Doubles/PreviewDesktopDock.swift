import LiveApp
import Rendering
import Synchronization

/// The desktop's dock in memory, for previews and tests: every entry shown is kept, in
/// order, and nothing reaches a bus. ``unavailable`` stands for a desktop with no session
/// bus.
public final class PreviewDesktopDock: DesktopDock, DockOutlet {
    private let recorded = Mutex<[DockEntryContent]>([])
    private let unavailableReason: String?

    /// A dock that shows `moments`' entry.
    public convenience init() {
        self.init(unavailable: nil)
    }

    private init(unavailable: String?) {
        unavailableReason = unavailable
    }

    /// A desktop with no session bus: connecting fails with this reason.
    public static var unavailable: PreviewDesktopDock {
        PreviewDesktopDock(unavailable: "no session bus (a preview without one)")
    }

    /// The entries shown, in order.
    public var shown: [DockEntryContent] { recorded.withLock { $0 } }

    public func connect() async throws(DockUnavailable) -> any DockOutlet {
        if let unavailableReason { throw DockUnavailable(unavailableReason) }
        return self
    }

    public func show(_ content: DockEntryContent) async {
        recorded.withLock { $0.append(content) }
    }

    public func disconnect() {}
}
