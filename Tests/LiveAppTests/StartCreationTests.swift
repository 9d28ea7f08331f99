import Domain
import Fixtures
@testable import LiveApp
import SyncAuthority
import SyncProtocol
import Testing

/// `moments start` may send its creation more than once; one idempotency key for all its
/// tries makes that safe.
@Suite("moments start's creation")
struct StartCreationTests {
    /// Far more than the 3 seconds a person gets: the whole suite can starve this machine's
    /// two cores for most of a minute, and what is tested is the key, not the patience.
    static let patience: Duration = .seconds(120)

    /// A connection to a real server whose first creation is made but whose answer is lost.
    actor LosingFirstAnswer: SyncConnection {
        let inner: InProcessConnection
        private(set) var keys: [IdempotencyKey?] = []

        init(server: SyncServer) { inner = InProcessConnection(server: server) }

        func createActivity(
            _ attributes: SessionAttributes, showSeconds: Bool, clientID: String, idempotencyKey: IdempotencyKey?
        ) async throws(SyncError) -> CreatedActivity {
            keys.append(idempotencyKey)
            let created = try await inner.createActivity(
                attributes, showSeconds: showSeconds, clientID: clientID, idempotencyKey: idempotencyKey)
            if keys.count == 1 { throw .unreachable("the answer was lost on the way back (test)") }
            return created
        }

        func activities() async throws(SyncError) -> [ActivitySummary] { try await inner.activities() }

        func activity(id: String) async throws(SyncError) -> ActivitySnapshot { try await inner.activity(id: id) }

        func send(_ request: IntentRequest, to id: String, token: String) async throws(SyncError) -> ActivitySnapshot {
            try await inner.send(request, to: id, token: token)
        }

        func events(of id: String, token: String, after lastEventID: UInt64?) async throws(SyncError)
            -> AsyncThrowingStream<ActivitySnapshot, any Error>
        {
            try await inner.events(of: id, token: token, after: lastEventID)
        }

        func sessions() async throws(SyncError) -> AsyncThrowingStream<ActivitySnapshot, any Error> {
            try await inner.sessions()
        }

        func follow(_ code: JoinCode, as sitter: Sitter?, after lastEventID: UInt64?) async throws(SyncError)
            -> AsyncThrowingStream<ActivitySnapshot, any Error>
        {
            try await inner.follow(code, as: sitter, after: lastEventID)
        }
    }

    @Test("a start whose first answer is lost retries with the same key and gets the session it made, not a second")
    func lostAnswer() async throws {
        let server = SyncServer(storage: PreviewSyncStorage(), clock: PreviewClock())
        let connection = LosingFirstAnswer(server: server)
        let created = try await StartCommand.createSession(
            on: connection, attributes: SessionAttributesMother.makeAttributes(), showSeconds: true,
            patience: Self.patience)
        let keys = await connection.keys
        #expect(keys.count == 2)
        #expect(keys.first != nil)
        #expect(keys.first == keys.last)
        #expect(created.isReplay)
        #expect(try await server.list().map(\.id) == [created.id])
    }

    @Test("each start makes a key of its own: two starts are two sessions")
    func twoStarts() async throws {
        let server = SyncServer(storage: PreviewSyncStorage(), clock: PreviewClock())
        let connection = InProcessConnection(server: server)
        let attributes = SessionAttributesMother.makeAttributes()
        let first = try await StartCommand.createSession(
            on: connection, attributes: attributes, showSeconds: true, patience: Self.patience)
        let second = try await StartCommand.createSession(
            on: connection, attributes: attributes, showSeconds: true, patience: Self.patience)
        #expect(first.id != second.id)
        #expect(try await server.list().count == 2)
    }
}
