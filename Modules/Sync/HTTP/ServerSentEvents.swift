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
    /// than they come; past it the stream ends (the reader reconnects to the newest state).
    static let backlog = 256

    /// The heartbeat comment.
    static let heartbeatFrame = ByteBuffer(string: ": heartbeat\n\n")
}

/// The heartbeat of every open event stream, from one timer: a comment line each interval,
/// so a client can tell a quiet stream from a dead server, without a sleeping task per
/// subscriber. A stream that has ended is forgotten at the next beat (its subscription
/// and its count against a key are given back when it ends, not here).
final class Heartbeats: Sendable {
    private let streams = Mutex<[UUID: AsyncStream<ByteBuffer>.Continuation]>([:])

    /// Starts beating into `stream`.
    func add(_ stream: AsyncStream<ByteBuffer>.Continuation) {
        streams.withLock { $0[UUID()] = stream }
    }

    /// Sends one heartbeat comment to every open stream.
    func beat() {
        let open = streams.withLock { $0 }
        var ended: [UUID] = []
        for (key, stream) in open {
            switch stream.yield(ServerSentEvents.heartbeatFrame) {
            case .terminated: ended.append(key)
            // Its reader is that far behind: the stream ends, and the reader reconnects.
            case .dropped: stream.finish()
            default: break
            }
        }
        if !ended.isEmpty {
            streams.withLock { streams in for key in ended { streams[key] = nil } }
        }
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
