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
    /// subscribers receive it: with a thousand subscribers, encoding is the server's main cost.
    static func frame(_ snapshot: ActivitySnapshot) -> ByteBuffer {
        if let cached = recent.withLock({ $0[snapshot.id] }), cached.version == snapshot.version, cached.event == snapshot.event {
            return cached.bytes
        }
        let bytes = encode(snapshot)
        recent.withLock { cache in
            if cache.count > 1_024 { cache.removeAll() }
            cache[snapshot.id] = (snapshot.version, snapshot.event, bytes)
        }
        return bytes
    }

    /// The newest frame of each activity.
    private static let recent = Mutex<[String: (version: UInt64, event: ActivityEvent, bytes: ByteBuffer)]>([:])

    private static func encode(_ snapshot: ActivitySnapshot) -> ByteBuffer {
        let data = (try? SyncRoutes.encoder.encode(PushPayload(snapshot))) ?? Data("{}".utf8)
        var text = "id: \(snapshot.version)\nevent: \(snapshot.event.rawValue)\ndata: "
        text += String(decoding: data, as: UTF8.self)
        text += "\n\n"
        return ByteBuffer(string: text)
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
