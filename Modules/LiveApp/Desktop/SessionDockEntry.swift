import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering
import Synchronization

/// One session's progress on `moments`' icon in the dock, kept by the session loop beside
/// its notification: sent when what the icon shows changes (a whole percent more, a bell
/// beginning or ending its flash), cleared at the end, at the dismissal, and when this
/// process leaves the session. The calls to the bus go out one at a time, in order, from a
/// task of its own, so the loop never waits on the bus.
public final class SessionDockEntry: Sendable {
    private let outlet: any DockOutlet
    /// What was last sent, so an unchanged entry is not sent again.
    private let sent = Mutex<DockEntryContent?>(nil)
    private let calls: SerialCalls<DockEntryContent>

    /// An entry kept on `outlet`.
    init(outlet: any DockOutlet) {
        self.outlet = outlet
        calls = SerialCalls { content in await outlet.show(content) }
    }

    /// The dock entry of a session on `dock`, or `nil` when there is none: said once on
    /// standard error, and the session goes on without.
    static func open(_ dock: any DesktopDock, console: Console) async -> SessionDockEntry? {
        do {
            return SessionDockEntry(outlet: try await dock.connect())
        } catch {
            console.warn("no progress on the dock: \(error.description)")
            return nil
        }
    }

    /// Shows what `model` holds at `now`, when it differs from what was sent last.
    func update(_ model: LiveScreenModel, at now: Date) {
        guard let display = model.session(at: now) else { return }
        send(Self.content(of: display, at: now))
    }

    /// Takes the progress and the urgency off the icon.
    func clear() {
        send(.cleared)
    }

    private func send(_ content: DockEntryContent) {
        let changed = sent.withLock { sent in
            defer { sent = content }
            // Nothing was shown yet: a cleared entry has nothing to take away.
            return sent.map { $0 != content } ?? !content.isCleared
        }
        if changed { calls.ask(content) }
    }

    /// Waits until every update asked for has been sent, then lets the connection go.
    func finish() async {
        await calls.finish()
        outlet.disconnect()
    }

    /// What the icon shows of `display` at `now`: the one function the live app and the
    /// showcase both use.
    public static func content(of display: SessionDisplay, at now: Date) -> DockEntryContent {
        DockEntryContent(session: display, at: now)
    }
}
