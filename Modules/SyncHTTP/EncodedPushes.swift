import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NIOCore
import SyncProtocol
import Synchronization

/// The push payload of each activity's newest state, encoded once for everything that
/// carries it: the answer to the intent that made it (and `GET` of the activity) and the
/// event every one of its subscribers is sent. A state is known by its activity, version
/// and event: versions only grow, and a version is only ever answered or pushed once durable.
///
/// One per HTTP server (``SyncHTTPServer``), shared by its routes and its event streams.
final class EncodedPushes: Sendable {
    private struct Entry {
        let version: UInt64
        let event: ActivityEvent
        let payload: ByteBuffer
        var frame: EventFrame?

        func holds(_ snapshot: ActivitySnapshot) -> Bool {
            version == snapshot.version && event == snapshot.event
        }
    }

    /// The newest entry of each activity; emptied whole past ``limit`` activities.
    private let recent = Mutex<[String: Entry]>([:])
    private let limit: Int

    /// Encodings of the newest state of up to `limit` activities at once.
    init(limit: Int = 1_024) {
        self.limit = limit
    }

    /// The JSON of `PushPayload(snapshot)`, keys sorted: the body of an answer.
    func payload(_ snapshot: ActivitySnapshot) -> ByteBuffer {
        if let entry = recent.withLock({ $0[snapshot.id] }), entry.holds(snapshot) { return entry.payload }
        let payload = encode(snapshot)
        store(Entry(version: snapshot.version, event: snapshot.event, payload: payload), for: snapshot.id)
        return payload
    }

    /// The bytes of the server-sent event of `snapshot` (``ServerSentEvents``): `id:` the
    /// version, `event:` start, update, end or dismiss, `data:` the ``PushPayload``.
    func frame(_ snapshot: ActivitySnapshot) -> EventFrame {
        let cached = recent.withLock { $0[snapshot.id] }.flatMap { $0.holds(snapshot) ? $0 : nil }
        if let frame = cached?.frame { return frame }
        var made = cached ?? Entry(version: snapshot.version, event: snapshot.event, payload: encode(snapshot))
        var event = ByteBuffer(string: "id: \(snapshot.version)\nevent: \(snapshot.event.rawValue)\ndata: ")
        var payload = made.payload
        event.writeBuffer(&payload)
        event.writeString("\n\n")
        let frame = EventFrame(event)
        made.frame = frame
        store(made, for: snapshot.id)
        return frame
    }

    private func store(_ entry: Entry, for id: String) {
        recent.withLock { cache in
            // A newer state may have been stored meanwhile; it stays.
            if let kept = cache[id], kept.version > entry.version { return }
            if cache.count >= limit, cache[id] == nil { cache.removeAll() }
            cache[id] = entry
        }
    }

    /// Written by hand (``Domain/JSONWriter``): the same bytes as `SyncRoutes.encoder`, in
    /// a twentieth of the time.
    private func encode(_ snapshot: ActivitySnapshot) -> ByteBuffer {
        ByteBuffer(bytes: PushPayload(snapshot).jsonData)
    }
}
