import Domain
import Fixtures
import Foundation
import SyncAuthority
import SyncProtocol

/// A storage over a ``Fixtures/PreviewSyncStorage`` that hands it every call it does not
/// make its own: the tests' storages that hold back one part (the change feed, a commit)
/// implement only that part.
protocol ForwardingSyncStorage: SyncStorage {
    /// The storage every other call goes to.
    var base: PreviewSyncStorage { get }
}

extension ForwardingSyncStorage {
    func activity(_ id: String) async throws -> StoredActivity? { try await base.activity(id) }
    func activity(createdWith key: IdempotencyKey) async throws -> StoredActivity? { try await base.activity(createdWith: key) }
    func activities(ownedBy owner: String?) async throws -> [StoredActivity] { try await base.activities(ownedBy: owner) }
    func liveCount(ownedBy owner: String) async throws -> Int { try await base.liveCount(ownedBy: owner) }
    func due(at instant: Date, limit: Int) async throws -> [String] { try await base.due(at: instant, limit: limit) }
    func nextDeadline() async throws -> Date? { try await base.nextDeadline() }
    func commit(_ batch: [SyncWrite]) async throws -> [SyncWriteResult] { try await base.commit(batch) }
    func changes() -> AsyncStream<ActivitySnapshot> { base.changes() }
}
