import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering
import SyncProtocol
import Synchronization

/// One session's media player on the desktop's lock screen, kept by the session loop
/// (`LiveSession`) beside its notification: shown on the first frame, kept current on
/// every push and at the display's boundaries, showing the outcome (stopped) at the end,
/// and taken away at the activity's dismissal. Its buttons become intents to the server,
/// never local changes. The calls to the bus go out one at a time, in order, from a task
/// of its own, so the loop never waits on the bus.
public final class SessionMediaPlayer: Sendable {
    private enum Request: Sendable {
        case show(MediaPlayerContent, Date)
        case withdraw
    }

    /// The content last shown, which the buttons are read against; shared by the loop that
    /// sets it and the reader of the controls.
    private final class Shown: Sendable {
        let content = Mutex<MediaPlayerContent?>(nil)
    }

    private let outlet: any MediaPlayerOutlet
    private let shown = Shown()
    private let calls: SerialCalls<Request>

    /// A player kept on `outlet`.
    init(outlet: any MediaPlayerOutlet) {
        self.outlet = outlet
        calls = SerialCalls { request in
            switch request {
            case .show(let content, let instant): try? await outlet.show(content, madeAt: instant)
            case .withdraw: await outlet.withdraw()
            }
        }
    }

    /// The player of a session on `desktop`, or `nil` when there is none: said once on
    /// standard error, and the session goes on without.
    static func open(_ desktop: any DesktopMediaPlayer, clock: any SyncClock, console: Console) async -> SessionMediaPlayer? {
        do {
            return SessionMediaPlayer(outlet: try await desktop.connect { clock.now() })
        } catch {
            console.warn("no media player on the lock screen: \(error.description)")
            return nil
        }
    }

    /// The intents of the controls pressed, as they come: each read against what the
    /// player shows then, so a button that does not work there sends nothing (MPRIS asks
    /// that such a call have no effect). The end of the outlet's commands ends it.
    func intents() -> AsyncStream<Intent> {
        let (commands, shown) = (outlet.commands, self.shown)
        return AsyncStream { continuation in
            // The stream's producer: it lives as long as the stream (cancelled on its termination).
            let task = Task {
                for await command in commands {
                    guard let content = shown.content.withLock({ $0 }), let intent = Self.intent(of: command, on: content) else { continue }
                    continuation.yield(intent)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Shows what `model` holds at `now`; takes the player away once the activity is
    /// dismissed.
    func update(_ model: LiveScreenModel, at now: Date) {
        guard let snapshot = model.snapshot, let display = model.session(at: now) else { return }
        if snapshot.event == .dismiss || snapshot.activity.status(at: now) == .dismissed {
            withdraw()
            return
        }
        let content = Self.content(of: display, at: now, pending: model.pending, controls: !model.isFollower)
        shown.content.withLock { $0 = content }
        calls.ask(.show(content, now))
    }

    /// Takes the player away (the session was dismissed, or this process leaves it).
    func withdraw() {
        shown.content.withLock { $0 = nil }
        calls.ask(.withdraw)
    }

    /// Waits until every call asked for has been made, then lets the connection go.
    func finish() async {
        await calls.finish()
        outlet.disconnect()
    }

    /// What the player shows of `display` at `now`, with `pending` awaiting its answer
    /// and the controls working unless this person follows a group sit: the one function
    /// the live app and the showcase both use.
    public static func content(of display: SessionDisplay, at now: Date, pending: Intent?, controls: Bool) -> MediaPlayerContent {
        MediaPlayerContent(session: display, at: now, pending: pending.map(LiveScreenModel.pendingLabel), controls: controls)
    }

    /// The intent `command` sends to a player showing `content`, or `nil` when that
    /// button does not work there.
    public static func intent(of command: MediaPlayerContent.Command, on content: MediaPlayerContent) -> Intent? {
        switch command {
        case .play: return content.playStarts ? .resume : nil
        case .pause: return content.canPause && content.status == .playing ? .pause : nil
        case .playPause: return content.playStarts ? .resume : content.canPause && content.status == .playing ? .pause : nil
        case .stop: return content.canStop ? .finish : nil
        }
    }
}
