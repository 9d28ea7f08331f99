import Domain
import Fixtures
import Foundation
import SyncAuthority
import SyncClient
import SyncProtocol
import TestSupport
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// `moments serve` as a process: SIGTERM ends it cleanly, closing its streams; SIGKILL under
/// load loses no answered intent, and clients reconnect and converge after a restart. How
/// fast it stops is a benchmark's figure; here only a hang fails, at ``Patience/hang``.
@Suite("moments serve, as a process", .serialized, .takingTurns)
struct ServeProcessTests {
    func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("SIGTERM closes open event streams and exits 0")
    func sigterm() async throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServerProcess(dataDirectory: folder)
        let connection = HTTPSyncConnection(baseURL: server.baseURL)
        let created = try await connection.createActivity(
            SessionAttributesMother.makeAttributes(), showSeconds: true, clientID: "test", idempotencyKey: nil)
        let stream = try await connection.events(of: created.id, token: created.token, after: nil)
        var iterator = stream.makeAsyncIterator()
        #expect(try await iterator.next()?.version == 1)

        server.signal(SIGTERM)
        try await eventually { !server.process.isRunning }
        let status = server.waitForExit()
        #expect(status == 0)
        #expect(server.process.terminationReason == .exit)
        #expect(try await iterator.next() == nil)
    }

    @Test("killed with SIGKILL under load and restarted on the same data: no answered intent lost; observers converge")
    func sigkillUnderLoad() async throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try ServerProcess(dataDirectory: folder)
        let connection = HTTPSyncConnection(baseURL: first.baseURL, readTimeout: .seconds(2), attempts: 1)
        let created = try await connection.createActivity(
            SessionAttributesMother.makeOpenEnded(), showSeconds: true, clientID: "test", idempotencyKey: nil)

        // An observer follows across the crash, reconnecting by itself.
        let observer = ActivityObserver()
        let following = Task {
            await ActivityFollower(connection: connection, retryDelay: .milliseconds(50), maximumDelay: .milliseconds(200))
                .follow(id: created.id, token: created.token, into: observer)
        }

        // Clients send intents until the server dies under them.
        let answered = AnsweredLog()
        let clients = (0..<4).map { client in
            Task {
                for step in 0..<10_000 {
                    let request = try IntentRequest(
                        clientID: "client-\(client)", intentID: "\(step)", intent: step.isMultiple(of: 2) ? .pause : .resume)
                    do {
                        let snapshot = try await connection.send(request, to: created.id, token: created.token)
                        await answered.add(request, snapshot)
                    } catch {
                        return
                    }
                }
            }
        }
        // Killed once the load is on: some intents answered, the clients still sending.
        try await eventually { await answered.all.count > 10 }
        first.signal(SIGKILL)
        _ = await Task.detached { first.waitForExit() }.value
        for client in clients { _ = try await client.value }
        let answers = await answered.all
        #expect(answers.count > 10, "the load was too light to test anything")

        // Restart on the same data and port.
        let second = try ServerProcess(dataDirectory: folder, port: first.port)
        defer { second.signal(SIGTERM); _ = second.waitForExit() }
        let after = HTTPSyncConnection(baseURL: second.baseURL)
        let current = try await after.activity(id: created.id)
        let highest = answers.map(\.snapshot.version).max() ?? 0
        #expect(current.version >= highest)
        // The most recent answers of each client are remembered: a retry gets the same answer.
        // A client may have had one more intent committed whose answer the kill cut off, so
        // of the answers it received, all but the oldest of the last 16 are still remembered.
        for client in 0..<4 {
            let received = answers.filter { $0.request.key.clientID == "client-\(client)" }
            for entry in received.suffix(StoredActivity.answersPerClient - 1) {
                #expect(try await after.send(entry.request, to: created.id, token: created.token) == entry.snapshot)
            }
        }
        // The observer reconnected to the restarted server and holds its state.
        let final = try await after.activity(id: created.id)
        try await eventually { await observer.current == final }
        following.cancel()
    }

    @Test("killed with SIGKILL after a keyed creation and restarted: its retry gets the same activity, not a second")
    func keyedCreationAfterSigkill() async throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = IdempotencyKey.random()
        let attributes = SessionAttributesMother.makeAttributes()
        let first = try ServerProcess(dataDirectory: folder)
        let created = try await HTTPSyncConnection(baseURL: first.baseURL, attempts: 1).createActivity(
            attributes, showSeconds: true, clientID: "test", idempotencyKey: key)
        first.signal(SIGKILL)
        _ = await Task.detached { first.waitForExit() }.value

        let second = try ServerProcess(dataDirectory: folder, port: first.port)
        defer { second.signal(SIGTERM); _ = second.waitForExit() }
        let connection = HTTPSyncConnection(baseURL: second.baseURL)
        let retried = try await connection.createActivity(attributes, showSeconds: true, clientID: "test", idempotencyKey: key)
        #expect(retried.isReplay)
        #expect(retried.id == created.id)
        #expect(retried.token == created.token)
        #expect(try await connection.activities().map(\.id) == [created.id])
    }
}

/// What the server answered, in the order it answered.
actor AnsweredLog {
    struct Entry {
        let request: IntentRequest
        let snapshot: ActivitySnapshot
    }

    private(set) var all: [Entry] = []

    func add(_ request: IntentRequest, _ snapshot: ActivitySnapshot) {
        all.append(Entry(request: request, snapshot: snapshot))
    }
}
