#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveApp
import Rendering
import Synchronization

/// The desktop's media controls in memory, for previews and tests: every content shown
/// and every withdrawal is kept, in order, and nothing reaches a bus. ``unavailable``
/// stands for a desktop with no session bus; ``press(_:)`` for a person pressing a
/// button on the lock screen.
public final class PreviewDesktopMediaPlayer: DesktopMediaPlayer, MediaPlayerOutlet {
    /// One call the live app made.
    public enum Call: Hashable, Sendable {
        /// `show`: the content and the instant it was made at.
        case show(MediaPlayerContent, Date)
        /// `withdraw`.
        case withdraw
    }

    private let recorded = Mutex<[Call]>([])
    private let unavailableReason: String?
    public let commands: AsyncStream<MediaPlayerContent.Command>
    private let sink: AsyncStream<MediaPlayerContent.Command>.Continuation

    /// Controls that show a player.
    public convenience init() {
        self.init(unavailable: nil)
    }

    private init(unavailable: String?) {
        unavailableReason = unavailable
        (commands, sink) = AsyncStream.makeStream(of: MediaPlayerContent.Command.self)
    }

    /// A desktop with no session bus: connecting fails with this reason.
    public static var unavailable: PreviewDesktopMediaPlayer {
        PreviewDesktopMediaPlayer(unavailable: "no session bus (a preview without one)")
    }

    /// Every call, in order.
    public var calls: [Call] { recorded.withLock { $0 } }

    /// The contents shown, in order.
    public var shown: [MediaPlayerContent] {
        calls.compactMap { if case .show(let content, _) = $0 { return content } else { return nil } }
    }

    /// A person pressing `command`'s button.
    public func press(_ command: MediaPlayerContent.Command) {
        sink.yield(command)
    }

    public func connect(now: @escaping @Sendable () -> Date) async throws(MediaPlayerUnavailable) -> any MediaPlayerOutlet {
        if let unavailableReason { throw MediaPlayerUnavailable(unavailableReason) }
        return self
    }

    public func show(_ content: MediaPlayerContent, madeAt instant: Date) async throws(MediaPlayerUnavailable) {
        recorded.withLock { $0.append(.show(content, instant)) }
    }

    public func withdraw() async {
        recorded.withLock { $0.append(.withdraw) }
    }

    public func disconnect() {}
}
