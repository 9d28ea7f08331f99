import Domain
import Fixtures
import Foundation
import SyncAuthority
import SyncProtocol
import Synchronization
import TestSupport
import Testing

/// Pushes when a subscription opens on a state newer than its server has pushed so far:
/// another server's change whose copy is still on its way through the change feed. The
/// subscribers already there must still get every change, in version order.
@Suite("Sync server: pushes around a subscription that opens ahead")
struct PushOrderTests {
    @Test("subscribers already open get every change, also those a newer subscriber opened on")
    func everyChangeForEveryone() async throws {
        let shared = PreviewSyncStorage()
        let clock = PreviewClock()
        let feed = HeldFeedStorage(shared)
        let first = SyncServer(storage: shared, clock: clock)
        let second = SyncServer(storage: feed, clock: clock)
        // The second server hears the feed while it runs.
        try await second.running {
            let created = try await first.create(SessionAttributesMother.makeOpenEnded())
            let early = try await second.subscribe(to: created.id, token: created.token, after: 1)

            // Two changes through the first server; the second has not heard of them yet.
            let paused = try await first.send(try request(.pause), to: created.id, token: created.token)
            let resumed = try await first.send(try request(.resume), to: created.id, token: created.token)
            let late = try await second.subscribe(to: created.id, token: created.token, after: 1)

            // The feed brings them, then a third change.
            feed.deliver(paused)
            feed.deliver(resumed)
            let again = try await first.send(try request(.pause), to: created.id, token: created.token)
            feed.deliver(again)

            #expect(try await collect(3, within: Patience.hang, from: early).map(\.version) == [2, 3, 4])
            // The newer subscriber opened on the third version, and goes on from it.
            #expect(try await collect(2, within: Patience.hang, from: late).map(\.version) == [3, 4])
        }
    }

    @Test("a copy of a change arriving after a newer one is not pushed")
    func neverOlderAfterNewer() async throws {
        let shared = PreviewSyncStorage()
        let feed = HeldFeedStorage(shared)
        let first = SyncServer(storage: shared, clock: PreviewClock())
        let second = SyncServer(storage: feed, clock: PreviewClock())
        // The second server hears the feed while it runs.
        try await second.running {
            let created = try await first.create(SessionAttributesMother.makeOpenEnded())
            let stream = try await second.subscribe(to: created.id, token: created.token, after: 1)
            let paused = try await first.send(try request(.pause), to: created.id, token: created.token)
            let resumed = try await first.send(try request(.resume), to: created.id, token: created.token)
            feed.deliver(resumed)
            feed.deliver(paused)
            feed.deliver(resumed)
            let finished = try await first.send(try request(.finish), to: created.id, token: created.token)
            feed.deliver(finished)
            #expect(try await collect(2, within: Patience.hang, from: stream).map(\.version) == [3, 4])
        }
    }
}

/// Storage shared with another server, whose change feed the test feeds by hand: what a
/// server sharing a database hears, and when.
final class HeldFeedStorage: ForwardingSyncStorage, Sendable {
    let base: PreviewSyncStorage
    private let continuations = Mutex<[AsyncStream<ActivitySnapshot>.Continuation]>([])

    init(_ base: PreviewSyncStorage) { self.base = base }

    /// Hands `snapshot` to every stream of ``changes()``, as the feed would.
    func deliver(_ snapshot: ActivitySnapshot) {
        for continuation in continuations.withLock({ $0 }) { continuation.yield(snapshot) }
    }

    func changes() -> AsyncStream<ActivitySnapshot> {
        let (stream, continuation) = AsyncStream.makeStream(of: ActivitySnapshot.self)
        continuations.withLock { $0.append(continuation) }
        return stream
    }

}

/// The first `count` elements of `stream` (which then ends: read each stream once), or a failure when they do not all come within
/// `limit`: a push that never comes fails the test instead of hanging it.
func collect(
    _ count: Int, within limit: Duration, from stream: AsyncStream<ActivitySnapshot>
) async throws -> [ActivitySnapshot] {
    try await withThrowingTaskGroup(of: [ActivitySnapshot]?.self) { group in
        group.addTask { try await collect(count, from: stream) }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let found = try await group.next() ?? nil else {
            Issue.record("fewer than \(count) pushes came within \(limit)")
            return []
        }
        return found
    }
}
