import Domain
import Fixtures
import Foundation
import Synchronization
@testable import Sync
import TestSupport
import Testing

/// Intents decided on the thread that read them, under the server's commit lock (ADR 0052):
/// `sendNow` as a connection's event loop calls it, beside `send` from tasks.
@Suite("Intents decided on any thread, under the commit lock", .timeLimit(.minutes(1)))
struct DecisionsOnAnyThreadTests {
    /// What `sendNow` did with one intent: `nil` when it left it to the task path.
    private static func decidedNow(
        _ server: SyncServer, _ request: Result<IntentRequest, any Error>, to id: String, token: String?
    ) async -> Result<ActivitySnapshot, any Error>? {
        await withCheckedContinuation { continuation in
            let decided = server.sendNow(request, to: id, token: token) { continuation.resume(returning: $0) }
            if !decided { continuation.resume(returning: nil) }
        }
    }

    private static func adjust(_ intentID: String, client: String = "any-thread") throws -> IntentRequest {
        try IntentRequest(clientID: client, intentID: intentID, intent: .adjustTarget(bySeconds: 1))
    }

    @Test("decided at once and answered once durable; a retry, a stranger, an unknown id and an unread body as before")
    func decidedAtOnce() async throws {
        let storage = PreviewSyncStorage()
        let server = SyncServer(storage: storage, clock: PreviewClock())
        let created = try await server.create(SessionAttributesMother.makeAttributes(plannedSeconds: 3_600))
        let first = try #require(await Self.decidedNow(server, .success(try Self.adjust("1")), to: created.id, token: created.token))
        let answered = try first.get()
        #expect(answered.version == created.state.version + 1)
        #expect(try await storage.activity(created.id)?.snapshot == answered, "answered before it was durable")

        // A retry waits for what is pending to be durable: the task path answers it, the same.
        #expect(await Self.decidedNow(server, .success(try Self.adjust("1")), to: created.id, token: created.token) == nil)
        #expect(try await server.send(try Self.adjust("1"), to: created.id, token: created.token) == answered)

        let stranger = try #require(await Self.decidedNow(server, .success(try Self.adjust("2")), to: created.id, token: "wrong"))
        #expect(throws: SyncError.wrongToken) { try stranger.get() }
        let unknown = try #require(await Self.decidedNow(server, .success(try Self.adjust("3")), to: "nowhere", token: created.token))
        #expect(throws: SyncError.notFound(id: "nowhere")) { try unknown.get() }
        struct Unreadable: Error {}
        #expect(await Self.decidedNow(server, .failure(Unreadable()), to: created.id, token: created.token) == nil)

        #expect(try await server.snapshot(of: created.id) == answered, "a refused or undecided intent changed the activity")
        await server.shutdown()
        let closed = try #require(await Self.decidedNow(server, .success(try Self.adjust("4")), to: created.id, token: created.token))
        #expect(throws: SyncError.unavailable) { try closed.get() }
    }

    @Test("two threads deciding at once and tasks sending beside them never interleave: one version each, none skipped")
    func threadsAndTasksTogether() async throws {
        let storage = PreviewSyncStorage()
        let server = SyncServer(storage: storage, clock: PreviewClock())
        let created = try await server.create(SessionAttributesMother.makeAttributes(plannedSeconds: 3_600))
        let (perThread, tasks) = (150, 100)
        let answers = Mutex<[Result<ActivitySnapshot, any Error>]>([])
        let requests = try (0..<2).map { thread in
            try (0..<perThread).map { try Self.adjust("\(thread)-\($0)", client: "thread-\(thread)") }
        }
        // Two threads as two event loops, each deciding its intents one after another.
        for thread in 0..<2 {
            let mine = requests[thread]
            Thread.detachNewThread {
                for request in mine {
                    let decided = server.sendNow(.success(request), to: created.id, token: created.token) { outcome in
                        answers.withLock { $0.append(outcome) }
                    }
                    if !decided { answers.withLock { $0.append(.failure(CancellationError())) } }
                }
            }
        }
        let sent = try await withThrowingTaskGroup(of: ActivitySnapshot.self) { group in
            for index in 0..<tasks {
                group.addTask { try await server.send(try Self.adjust("\(index)", client: "task"), to: created.id, token: created.token) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        try await eventually { answers.withLock { $0.count } == 2 * perThread }
        let decided = try answers.withLock { try $0.map { try $0.get() } }
        let versions = (decided + sent).map(\.version).sorted()
        let total = 2 * perThread + tasks
        #expect(versions == Array(created.state.version + 1...created.state.version + UInt64(total)))
        let stored = try #require(try await storage.activity(created.id)?.snapshot)
        #expect(stored.version == created.state.version + UInt64(total))
        let target = try #require(created.state.activity.content.targetTimeInSeconds)
        #expect(stored.activity.content.targetTimeInSeconds == target + Double(total), "an intent was applied twice or not at all")
        await server.shutdown()
    }
}
