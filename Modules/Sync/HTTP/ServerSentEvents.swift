import Domain
import Foundation
import NIOCore
import Synchronization

/// Server-sent events: each snapshot as one event (`id:` the version, `event:` start,
/// update, end or dismiss, `data:` the ``PushPayload``), and a comment line as a heartbeat
/// at a steady interval, so a client can tell a quiet stream from a dead server.
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

    /// The heartbeat comment.
    static let heartbeatFrame = ByteBuffer(string: ": heartbeat\n\n")

    /// The frames of a stream of snapshots, with a heartbeat every `interval`.
    /// Ends when the snapshots end.
    static func frames(of snapshots: AsyncStream<ActivitySnapshot>, heartbeat interval: Duration) -> AsyncStream<ByteBuffer> {
        AsyncStream { continuation in
            let forward = Task {
                for await snapshot in snapshots { continuation.yield(frame(snapshot)) }
                continuation.finish()
            }
            let beat = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: interval)
                    guard !Task.isCancelled else { return }
                    continuation.yield(heartbeatFrame)
                }
            }
            continuation.onTermination = { _ in
                forward.cancel()
                beat.cancel()
            }
        }
    }
}
