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

/// Three real `moments serve --database-url` processes on one real PostgreSQL (started by
/// the test, on 127.0.0.1): the single server's guarantees hold whichever server answers.
@Suite("Servers sharing one PostgreSQL database", .serialized, .takingTurns, .postgres, .enabled(if: postgresAvailable))
struct SharedDatabaseServersTests {
    /// A fresh database in the suite's PostgreSQL and three servers on it, stopped at the end.
    /// Starting and stopping processes blocks, so it happens on a thread of its own, never
    /// on the two threads of the cooperative pool that every other suite shares.
    final class Deployment: @unchecked Sendable {
        /// Runs `body` on a deployment of `count` servers, and stops them whatever happens;
        /// `prepare` is given each server's data folder before it starts.
        static func with(
            servers count: Int = 3, prepare: @escaping @Sendable (URL) throws -> Void = { _ in },
            _ body: (Deployment) async throws -> Void
        ) async throws {
            let scope = try PostgresScope.current()
            let deployment = try await offThePool { try Deployment(postgres: scope, servers: count, prepare: prepare) }
            do {
                try await body(deployment)
            } catch {
                await offThePool { deployment.stop() }
                throw error
            }
            await offThePool { deployment.stop() }
        }

        let postgres: PostgresServer
        let url: String
        var servers: [ServerProcess] = []
        let folder: URL

        var database: String { PostgresScope.databaseName(of: url) }

        private init(postgres: PostgresServer, servers count: Int, prepare: (URL) throws -> Void) throws {
            self.postgres = postgres
            let name = "shared_\(UUID().uuidString.prefix(8).lowercased())"
            try postgres.createDatabase(name)
            url = postgres.url(database: name)
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("shared-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for index in 0..<count {
                try prepare(folder.appendingPathComponent("server-\(index)"))
                servers.append(try start(index))
            }
        }

        func start(_ index: Int) throws -> ServerProcess {
            try ServerProcess(
                dataDirectory: folder.appendingPathComponent("server-\(index)"), arguments: ["--database-url", url])
        }

        func connection(_ indexes: Int..., attempts: Int = 4) -> HTTPSyncConnection {
            HTTPSyncConnection(
                baseURL: ServerAddresses.join(indexes.map { servers[$0].baseURL })!, readTimeout: .seconds(5),
                attempts: attempts)
        }

        func stop() {
            for server in servers where server.process.isRunning {
                server.signal(SIGTERM)
                _ = server.waitForExit()
            }
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// Every version a subscriber on one server receives, in order.
    final class Subscriber: Sendable {
        let versions = Locked<[UInt64]>([])
        let task: Task<Void, Never>

        init(_ connection: HTTPSyncConnection, _ created: CreatedActivity) {
            let versions = self.versions
            task = Task {
                let observer = ActivityObserver()
                let updates = await observer.contentUpdates()
                let recording = Task { for await snapshot in updates { versions.withLock { $0.append(snapshot.version) } } }
                _ = await ActivityFollower(connection: connection, retryDelay: .milliseconds(50))
                    .follow(id: created.id, token: created.token, into: observer)
                recording.cancel()
            }
        }
    }

    @Test("versions are gap-free whichever server answers; 412 from any server; one intent id sent to two servers moves the state once; every subscriber sees every version in order")
    func guarantees() async throws {
        try await Deployment.with { deployment in
            let created = try await deployment.connection(0).createActivity(
                SessionAttributesMother.makeOpenEnded(), showSeconds: true, clientID: "a", idempotencyKey: .random())
            let subscribers = (0..<3).map { Subscriber(deployment.connection($0), created) }
            defer { subscribers.forEach { $0.task.cancel() } }
            try await eventually { subscribers.allSatisfy { $0.versions.value == [1] } }

            // Moved through the second server; the third, asked on the old version, says 412.
            let paused = try await deployment.connection(1).send(
                try IntentRequest(clientID: "a", intentID: "pause", intent: .pause, expectedVersion: 1), to: created.id,
                token: created.token)
            #expect(paused.version == 2)
            await #expect(throws: SyncError.staleVersion(expected: 1, current: paused)) {
                try await deployment.connection(2).send(
                    try IntentRequest(clientID: "b", intentID: "late", intent: .resume, expectedVersion: 1), to: created.id,
                    token: created.token)
            }

            // The same intent to two servers at once: one answer, one move.
            let resume = try IntentRequest(clientID: "a", intentID: "resume", intent: .resume)
            let (toFirst, toThird) = (deployment.connection(0), deployment.connection(2))
            async let viaFirst = toFirst.send(resume, to: created.id, token: created.token)
            async let viaThird = toThird.send(resume, to: created.id, token: created.token)
            let (first, third) = try await (viaFirst, viaThird)
            #expect(first == third)
            #expect(first.version == 3)
            #expect(try await deployment.connection(1).activity(id: created.id, token: created.token) == first)

            // Each server's subscriber saw 1, 2, 3: complete, in order, never an older after a newer.
            try await eventually { subscribers.allSatisfy { $0.versions.value == [1, 2, 3] } }

            // Last-Event-ID resumes on any server: only what is newer comes.
            let resumed = try await deployment.connection(2).events(of: created.id, token: created.token, after: 2)
            var iterator = resumed.makeAsyncIterator()
            #expect(try await iterator.next()?.version == 3)
        }
    }

    @Test("the completion at the target happens once among the servers, also when the server that created it is killed; the session enters the history once")
    func timedChangeOnce() async throws {
        try await Deployment.with { deployment in
            let created = try await deployment.connection(0).createActivity(
                SessionAttributesMother.makeAttributes(plannedSeconds: 2), showSeconds: true, clientID: "a",
                idempotencyKey: .random())
            let subscribers = [Subscriber(deployment.connection(1), created), Subscriber(deployment.connection(2), created)]
            defer { subscribers.forEach { $0.task.cancel() } }
            try await eventually { subscribers.allSatisfy { $0.versions.value == [1] } }
            await offThePool {
                deployment.servers[0].signal(SIGKILL)
                _ = deployment.servers[0].waitForExit()
            }

            try await eventually { subscribers.allSatisfy { $0.versions.value == [1, 2] } }
            let ended = try await deployment.connection(1).activity(id: created.id, token: created.token)
            #expect(ended.event == .end)
            #expect(ended.activity.content.outcome == .completed)
            // Both survivors woke for the deadline; the conditional write let one of them act.
            // No event marks the loser giving up, so this sleep is the point: a window in
            // which a second completion would show. A slow machine can only make the window
            // see less, never fail a correct server.
            try await Task.sleep(for: .milliseconds(500))
            #expect(try await deployment.connection(2).activity(id: created.id, token: created.token).version == 2)
            let recorded = try deployment.postgres.psql(
                "SELECT count(*) FROM history WHERE activity_id = '\(created.id)'", database: deployment.database)
            #expect(recorded.trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        }
    }

    @Test("SIGKILL of one server under load loses no answered intent; clients and subscribers go on through the others")
    func sigkillUnderLoad() async throws {
        try await Deployment.with { deployment in
            let connection = deployment.connection(0, 1, 2)
            let created = try await connection.createActivity(
                SessionAttributesMother.makeOpenEnded(), showSeconds: true, clientID: "load", idempotencyKey: .random())
            let subscriber = Subscriber(deployment.connection(0, 2), created)
            defer { subscriber.task.cancel() }

            let answered = Locked<[UInt64]>([])
            let first = deployment.servers[0].process.processIdentifier
            try await withThrowingTaskGroup(of: Void.self) { group in
                for client in 0..<4 {
                    group.addTask {
                        for step in 0..<30 {
                            let intent: Intent = step.isMultiple(of: 2) ? .pause : .resume
                            let request = try IntentRequest(clientID: "c\(client)", intentID: "\(step)", intent: intent)
                            if let snapshot = try? await connection.send(request, to: created.id, token: created.token) {
                                answered.withLock { $0.append(snapshot.version) }
                            }
                        }
                    }
                }
                group.addTask {
                    // Killed once the load is on: some intents answered, most still to send.
                    try await eventually { answered.value.count >= 8 }
                    kill(first, SIGKILL)
                }
                try await group.waitForAll()
            }
            // The kill is sure; Foundation learns of the exit a moment later, and the clients
            // may have been answered through the others before then.
            try await eventually { !deployment.servers[0].process.isRunning }
            // Every answer was durable: the state the others serve is at least as new.
            let final = try await deployment.connection(1).activity(id: created.id, token: created.token)
            #expect(answered.value.count == 120)
            #expect(final.version >= answered.value.max() ?? 0)
            try await eventually { subscriber.versions.value.last == final.version }
            let seen = subscriber.versions.value
            #expect(seen == seen.sorted() && Set(seen).count == seen.count)
        }
    }

    @Test("every database connection cut: the servers reconnect, and a change made while one was not listening still reaches its subscribers")
    func connectionsCut() async throws {
        try await Deployment.with(servers: 2) { deployment in
            let created = try await deployment.connection(0).createActivity(
                SessionAttributesMother.makeOpenEnded(), showSeconds: true, clientID: "a", idempotencyKey: .random())
            let subscriber = Subscriber(deployment.connection(1), created)
            defer { subscriber.task.cancel() }
            try await eventually { subscriber.versions.value == [1] }

            // Cut every server's connections, its listening one included, then change the
            // session at once, before the second server can have listened again.
            _ = try deployment.postgres.psql(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = '\(deployment.database)' AND pid <> pg_backend_pid()",
                database: deployment.database)
            let paused = try await deployment.connection(0).send(
                try IntentRequest(clientID: "a", intentID: "after-cut", intent: .pause), to: created.id, token: created.token)
            #expect(paused.version == 2)
            try await eventually { subscriber.versions.value == [1, 2] }
        }
    }

    @Test("keys kept in the database: sessions kept apart on every server, in listings and in the sessions streams; a revocation holds on all three at once")
    func keysInTheDatabase() async throws {
        let postgres = try PostgresScope.current()
        let url = try PostgresScope.freshDatabase()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        func moments(_ arguments: [String]) throws -> BuiltProduct.Run {
            try BuiltProduct.run("moments", arguments + ["--database-url", url, "--data-dir", folder.path])
        }
        let addAlice = try moments(["keys", "add", "alice"])
        let addBob = try moments(["keys", "add", "bob"])
        #expect(addAlice.status == 0 && addBob.status == 0, "\(addAlice.errors)")
        let alice = addAlice.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let bob = addBob.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(alice.hasPrefix("lmk_") && alice != bob)
        // Only digests are kept.
        let stored = try postgres.psql("SELECT * FROM person_keys", database: PostgresScope.databaseName(of: url))
        #expect(stored.contains("alice") && !stored.contains(alice) && !stored.contains(bob))

        let servers = try (0..<3).map { index in
            try ServerProcess(
                dataDirectory: folder.appendingPathComponent("server-\(index)"), arguments: ["--database-url", url, "--require-keys"])
        }
        defer {
            for server in servers {
                server.signal(SIGTERM)
                _ = server.waitForExit()
            }
        }
        // Each person's sessions stream, opened on other servers before anything starts.
        var alicesSessions = try await HTTPSyncConnection(baseURL: servers[1].baseURL, accessKey: alice).sessions()
            .makeAsyncIterator()
        var bobsSessions = try await HTTPSyncConnection(baseURL: servers[2].baseURL, accessKey: bob).sessions()
            .makeAsyncIterator()
        let mine = try await HTTPSyncConnection(baseURL: servers[0].baseURL, accessKey: alice).createActivity(
            SessionAttributesMother.makeAttributes(), showSeconds: true, clientID: "a", idempotencyKey: .random())
        // Made on server 0, heard on server 1 through the database's change feed; Bob's
        // stream on server 2 skips it and carries his own session first.
        #expect(try await alicesSessions.next()?.id == mine.id)
        let bobs = try await HTTPSyncConnection(baseURL: servers[0].baseURL, accessKey: bob).createActivity(
            SessionAttributesMother.makeAttributes(), showSeconds: true, clientID: "b", idempotencyKey: .random())
        #expect(try await bobsSessions.next()?.id == bobs.id)
        for server in servers {
            #expect(try await HTTPSyncConnection(baseURL: server.baseURL, accessKey: alice).activities().map(\.id) == [mine.id])
            #expect(try await HTTPSyncConnection(baseURL: server.baseURL, accessKey: bob).activities().map(\.id) == [bobs.id])
        }

        #expect(try moments(["keys", "revoke", "alice"]).status == 0)
        for server in servers {
            await #expect(throws: SyncError.keyRefused) {
                try await HTTPSyncConnection(baseURL: server.baseURL, accessKey: alice).activities()
            }
            #expect(try await HTTPSyncConnection(baseURL: server.baseURL, accessKey: bob).activities().map(\.id) == [bobs.id])
        }
        for server in servers {
            let said = server.everythingItSaid()
            #expect(!said.contains(alice) && !said.contains(bob) && !said.contains(mine.token))
        }
    }

    @Test("an unreachable database: a clear message and exit 3, with no password in it")
    func unreachable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unreachable-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try failedServe(["--data-dir", folder.path, "--database-url", "postgres://moments:s3cret@127.0.0.1:1/moments"])
        #expect(run.status == 3)
        #expect(run.errors.contains("127.0.0.1:1"))
        #expect(!run.errors.contains("s3cret"))
        #expect(!run.output.contains("s3cret"))
    }

    @Test("a database whose schema is newer than the program is refused, and left as it was")
    func newerSchema() throws {
        let postgres = try PostgresScope.current()
        let url = try PostgresScope.freshDatabase()
        let newer = PostgresScope.databaseName(of: url)
        _ = try postgres.psql(
            "CREATE TABLE moments_schema (version integer NOT NULL); INSERT INTO moments_schema VALUES (999);",
            database: newer)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("newer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try failedServe(["--data-dir", folder.path, "--database-url", url])
        #expect(run.status != 0)
        #expect(run.errors.contains("newer"))
        let tables = try postgres.psql(
            "SELECT string_agg(table_name, ',' ORDER BY table_name) FROM information_schema.tables WHERE table_schema = 'public'",
            database: newer)
        #expect(tables.trimmingCharacters(in: .whitespacesAndNewlines) == "moments_schema")
        #expect(try postgres.psql("SELECT version FROM moments_schema", database: newer).contains("999"))
    }

    /// `moments serve --port 0` with `arguments`, which must fail: how it failed.
    private func failedServe(_ arguments: [String]) throws -> ProcessRunner.Failure {
        struct Started: Error {}
        do {
            _ = try ProcessRunner.run(try BuiltProduct.url(of: "moments").path, ["serve", "--port", "0"] + arguments)
        } catch let failure as ProcessRunner.Failure {
            return failure
        }
        throw Started()
    }
}
