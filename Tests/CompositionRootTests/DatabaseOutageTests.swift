import Domain
import Fixtures
import Foundation
import SyncClient
import SyncProtocol
import TestSupport
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// Real `moments serve --database-url` processes while their real PostgreSQL stops and
/// restarts (issue #26, items 1 and 2; ADR 0027): an outage is answered with 503 and
/// `Retry-After`, `/readyz` says so while `/healthz` stays 200, writes resume once the
/// database is back, and no server is ever left unable to write, nor deaf to SIGTERM.
///
/// How soon (the issue's two seconds) is a figure, `Benchmarks shared`'s outage lines:
/// here a wait only fails a server that is stuck (``ceiling``), since a whole test run
/// beside a busy core once took 3.9 s to write again. CI restarts the database a few times; `MOMENTS_LONG_FAULTS=1 swift test --filter
/// DatabaseOutageTests` restarts it dozens of times and prints the figures.
@Suite("Servers through PostgreSQL outages", .serialized, .takingTurns, .postgres, .enabled(if: postgresAvailable))
struct DatabaseOutageTests {
    /// How many fast restarts: a few in CI, dozens on request.
    static let restarts = ProcessInfo.processInfo.environment["MOMENTS_LONG_FAULTS"] == "1" ? 40 : 4

    /// How long an answer during an outage, or the first write after it, may take before
    /// the server is taken for stuck: a pool that backs off for a minute, or one that lost
    /// its requests for good (what issue #26 met), fails it; a loaded machine does not.
    static let ceiling: Duration = .seconds(10)

    @Test("database stopped for seconds: intents and creations answered 503 with Retry-After, /readyz 503, /healthz 200, SIGTERM exits; back: writes resume, /readyz 200")
    func stoppedDatabase() async throws {
        try await SharedDatabaseServersTests.Deployment.with(servers: 2) { deployment in
            let port = deployment.servers[0].port
            let probe = try await WriteProbe(deployment.connection(0, attempts: 1))
            #expect(try await Exchange.send(port, "GET", "/readyz").status == 200)

            try await offThePool { try deployment.postgres.pause(mode: .fast) }
            let stopped = ContinuousClock.now
            var answers: [Duration] = []
            // The outage lasts as long as these take (four seconds at least): its length is
            // the point, and nothing here waits for an event.
            while ContinuousClock.now - stopped < .seconds(4) {
                let intent = try await Exchange.send(
                    port, "POST", "/v1/activities/\(probe.created.id)/intents", token: probe.created.token,
                    body: #"{"client_id":"outage","intent_id":"\#(UUID().uuidString)","action":"pause"}"#)
                let creation = try await Exchange.send(
                    port, "POST", "/v1/activities", body: #"{"name":"Outage","target_seconds":600,"client_id":"outage"}"#)
                for exchange in [intent, creation] {
                    #expect(exchange.status == 503, "\(exchange.head)")
                    #expect(exchange.head.lowercased().contains("retry-after: 1"), "\(exchange.head)")
                    answers.append(exchange.took)
                }
                let ready = try await Exchange.send(port, "GET", "/readyz")
                #expect(ready.status == 503 && ready.body.contains("not answering"), "\(ready.head)\(ready.body)")
                #expect(try await Exchange.send(port, "GET", "/healthz").status == 200)
            }
            let slowest = answers.max() ?? .zero
            #expect(slowest <= Self.ceiling, "an answer during the outage took \(slowest)")
            print("database down: \(answers.count) intents and creations answered 503 in at most \(slowest) (first \(answers[0]))")

            // SIGTERM while the database is down: the server exits at once all the same.
            let exit = await deployment.stopTimed(1)
            #expect(exit.status == 0)
            #expect(exit.took <= .seconds(5), "SIGTERM took \(exit.took) while the database was down")
            print("database down: SIGTERM to exit \(exit.took)")

            try await offThePool { try deployment.postgres.resume() }
            let resumed = try await probe.writeSucceeds()
            #expect(resumed <= Self.ceiling, "the first write after the database returned took \(resumed)")
            #expect(try await Exchange.send(port, "GET", "/readyz").status == 200)
            print("database back after \(ContinuousClock.now - stopped): a write resumed within \(resumed)")
        }
    }

    @Test("fast restarts under load from several clients on two servers: after each, every server writes again; SIGTERM just after one exits promptly")
    func restartsUnderLoad() async throws {
        try await SharedDatabaseServersTests.Deployment.with(servers: 2) { deployment in
            let probes = [
                try await WriteProbe(deployment.connection(0, attempts: 1)),
                try await WriteProbe(deployment.connection(1, attempts: 1)),
            ]
            let load = try await Load(clients: 4, connections: [deployment.connection(0, attempts: 1), deployment.connection(1, attempts: 1)])
            defer { load.stop() }

            var resumed: [Duration] = []
            for restart in 0..<Self.restarts {
                // Under load, as the issue's report: some intents answered since the last restart.
                let before = load.answered.value
                try await eventually { load.answered.value > before + 4 }
                try await offThePool { try deployment.postgres.restart(mode: .fast) }
                let times = try await withThrowingTaskGroup(of: Duration.self) { group in
                    for probe in probes { group.addTask { try await probe.writeSucceeds() } }
                    return try await group.reduce(into: [Duration]()) { $0.append($1) }
                }
                for (server, took) in times.enumerated() {
                    #expect(took <= Self.ceiling, "restart \(restart): server \(server) wrote again only after \(took)")
                }
                resumed += times
            }
            // Every client still gets answers: no server stuck.
            let before = load.answered.value
            try await eventually { load.answered.value > before + 8 }

            let sorted = resumed.sorted()
            print(
                "\(Self.restarts) fast restarts under load: first write after each, p50 \(sorted[sorted.count / 2]), max \(sorted.last!); "
                    + "\(load.answered.value) intents answered meanwhile")

            // SIGTERM just after a restart, as the database comes back.
            try await offThePool { try deployment.postgres.restart(mode: .fast) }
            let exit = await deployment.stopTimed(0)
            #expect(exit.status == 0)
            #expect(exit.took <= .seconds(5), "SIGTERM just after a restart took \(exit.took)")
            print("SIGTERM just after a restart: exit after \(exit.took)")
        }
    }
}

/// An activity of its own on one server, moved only by ``writeSucceeds()``: how long a
/// server takes to complete a write.
private struct WriteProbe: Sendable {
    let connection: HTTPSyncConnection
    let created: CreatedActivity
    private let paused = Locked(false)

    init(_ connection: HTTPSyncConnection) async throws {
        self.connection = connection
        created = try await connection.createActivity(
            SessionAttributesMother.makeOpenEnded(), showSeconds: true, clientID: "probe", idempotencyKey: .random())
    }

    /// Sends pause or resume (whichever applies) until one is answered 200; answers how long
    /// that took from the call.
    func writeSucceeds() async throws -> Duration {
        let start = ContinuousClock.now
        try await eventually(within: .seconds(30)) {
            let intent: Intent = paused.value ? .resume : .pause
            guard let request = try? IntentRequest(clientID: "probe", intentID: UUID().uuidString, intent: intent),
                (try? await connection.send(request, to: created.id, token: created.token)) != nil
            else { return false }
            paused.withLock { $0.toggle() }
            return true
        }
        return ContinuousClock.now - start
    }
}

/// Clients sending intents without pause, each on an activity of its own, through one
/// server or the other; failures (503 while the database is down) are only counted out.
private final class Load: Sendable {
    let answered = Locked(0)
    private let tasks: Locked<[Task<Void, Never>]> = Locked([])

    init(clients: Int, connections: [HTTPSyncConnection]) async throws {
        for client in 0..<clients {
            let connection = connections[client % connections.count]
            let created = try await connection.createActivity(
                SessionAttributesMother.makeOpenEnded(), showSeconds: true, clientID: "load\(client)", idempotencyKey: .random())
            let answered = self.answered
            let task = Task {
                var paused = false
                var step = 0
                while !Task.isCancelled {
                    step += 1
                    guard let request = try? IntentRequest(clientID: "load\(client)", intentID: "\(step)", intent: paused ? .resume : .pause)
                    else { return }
                    if (try? await connection.send(request, to: created.id, token: created.token)) != nil {
                        paused.toggle()
                        answered.withLock { $0 += 1 }
                    } else {
                        // A server answering 503 answers at once; not a tight loop on it.
                        try? await Task.sleep(for: .milliseconds(50))
                    }
                }
            }
            tasks.withLock { $0.append(task) }
        }
    }

    func stop() {
        for task in tasks.value { task.cancel() }
    }
}

/// One HTTP exchange on a connection of its own, as `curl` makes it: status, head, body,
/// and how long the answer took.
private struct Exchange: Sendable {
    let status: Int
    let head: String
    let body: String
    let took: Duration

    static func send(_ port: Int, _ method: String, _ path: String, token: String? = nil, body: String? = nil) async throws -> Exchange {
        try await offThePool {
            let start = ContinuousClock.now
            let connection = try RawConnection(port: port)
            defer { connection.close() }
            var request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            if let token { request += "Authorization: Bearer \(token)\r\n" }
            if let body { request += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
            try connection.send(request + "\r\n" + (body ?? ""))
            _ = connection.closedByServer(within: .seconds(30))
            let took = ContinuousClock.now - start
            let parts = connection.text.components(separatedBy: "\r\n\r\n")
            let head = parts.first ?? ""
            let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            return Exchange(status: status, head: head, body: parts.dropFirst().joined(separator: "\r\n\r\n"), took: took)
        }
    }
}

extension SharedDatabaseServersTests.Deployment {
    /// Sends SIGTERM to server `index` and waits for its exit: its status, and how long it took.
    fileprivate func stopTimed(_ index: Int) async -> (status: Int32, took: Duration) {
        await offThePool {
            let start = ContinuousClock.now
            self.servers[index].signal(SIGTERM)
            let status = self.servers[index].waitForExit()
            return (status, ContinuousClock.now - start)
        }
    }
}
