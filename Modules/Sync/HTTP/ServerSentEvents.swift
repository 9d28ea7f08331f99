import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NIOCore
import ServiceLifecycle
import Synchronization

/// Server-sent events: each snapshot as one event (`id:` the version, `event:` start,
/// update, end or dismiss, `data:` the ``PushPayload``), and a comment line as a heartbeat
/// (``Heartbeats``).
enum ServerSentEvents {
    /// The bytes of one event, encoded once per activity and version however many
    /// subscribers receive it, and with the payload the intent's answer was given
    /// (``EncodedPushes``): with a thousand subscribers, encoding would be the server's main cost.
    static func frame(_ snapshot: ActivitySnapshot) -> ByteBuffer {
        EncodedPushes.frame(snapshot)
    }

    /// How many frames an event stream holds for a reader that takes them more slowly
    /// than they come (``EventStream``); past it the stream ends (the reader reconnects to
    /// the newest state).
    static let backlog = 256

    /// The heartbeat comment.
    static let heartbeatFrame = ByteBuffer(string: ": heartbeat\n\n")
}

/// The heartbeat of every open event stream, from one timer: a comment line each interval,
/// so a client can tell a quiet stream from a dead server, without a sleeping task per
/// subscriber. A stream is forgotten as soon as it ends: it holds its connection, whose
/// memory a burst of closing streams gives back at once (``MemoryGiveBack``).
final class Heartbeats: Sendable {
    private let streams = Mutex<[ObjectIdentifier: EventStream]>([:])

    /// Beats into `stream` until it ends.
    func add(_ stream: EventStream) {
        let key = ObjectIdentifier(stream)
        streams.withLock { $0[key] = stream }
        stream.onEnd { [weak self] in self?.streams.withLock { _ = $0.removeValue(forKey: key) } }
    }

    /// Sends one heartbeat comment to every open stream.
    func beat() {
        for stream in streams.withLock({ Array($0.values) }) { stream.send(ServerSentEvents.heartbeatFrame) }
    }
}

/// Runs ``Heartbeats`` every `interval` until a graceful shutdown or cancellation.
struct HeartbeatService: Service {
    let heartbeats: Heartbeats
    let interval: Duration

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled else { return }
                heartbeats.beat()
            }
        }
    }
}
