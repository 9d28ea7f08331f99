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

/// `moments serve`'s figures as an operator's Prometheus gets them: a real process, real
/// intents over HTTP, `/metrics` fetched by curl and checked by promtool (ADR 0034).
@Suite("moments serve's /metrics, as a process", .serialized, .takingTurns)
struct MetricsServeTests {
    static let intents = "moments_intents_total"

    /// A new open-ended session on the server `connection` reaches.
    static func openEnded(on connection: HTTPSyncConnection) async throws -> CreatedActivity {
        try await connection.createActivity(
            SessionAttributesMother.makeOpenEnded(), showSeconds: true, clientID: "test", idempotencyKey: nil)
    }

    @Test("intents by outcome move, the latency and batch histograms fill, streams and activities are counted, promtool agrees")
    func figures() async throws {
        try await ServerProcess.onScratchFolder { server in
            #expect(server.firstLine.contains("; metrics at /metrics"), "\(server.firstLine)")
            let url = server.baseURL + "/metrics"
            let before = try await MetricsScrape.fetch(url)
            #expect(before.value(Self.intents, ["outcome": "applied"]) == 0)
            #expect(before.value("moments_event_streams_open") == 0)

            let connection = HTTPSyncConnection(baseURL: server.baseURL)
            let open = try await Self.openEnded(on: connection)
            let stream = try await connection.events(of: open.id, token: open.token, after: nil)
            var events = stream.makeAsyncIterator()
            #expect(try await events.next()?.version == 1)
            var last: IntentRequest?
            for step in 0..<20 {
                let request = try IntentRequest(clientID: "test", intentID: "\(step)", intent: step.isMultiple(of: 2) ? .pause : .resume)
                _ = try await connection.send(request, to: open.id, token: open.token)
                last = request
            }
            // A retry of the last intent: its first answer, again.
            _ = try await connection.send(try #require(last), to: open.id, token: open.token)
            // Based on version 1, long gone: 412.
            await #expect(throws: SyncError.self) {
                try await connection.send(
                    try IntentRequest(clientID: "test", intentID: "stale", intent: .pause, expectedVersion: 1), to: open.id,
                    token: open.token)
            }
            // A finished session refuses a pause: 409, session_ended.
            let ended = try await Self.openEnded(on: connection)
            _ = try await connection.send(
                try IntentRequest(clientID: "test", intentID: "finish", intent: .finish), to: ended.id, token: ended.token)
            await #expect(throws: SyncError.self) {
                try await connection.send(
                    try IntentRequest(clientID: "test", intentID: "late", intent: .pause), to: ended.id, token: ended.token)
            }
            // No such activity: 404, a failure by its code.
            await #expect(throws: SyncError.notFound(id: "nobody")) {
                try await connection.send(try IntentRequest(clientID: "test", intentID: "x", intent: .pause), to: "nobody", token: "t")
            }
            let after = try await MetricsScrape.fetch(url)
            #expect(after.value(Self.intents, ["outcome": "applied"]) == 21)
            #expect(after.value(Self.intents, ["outcome": "replayed"]) == 1)
            #expect(after.value(Self.intents, ["outcome": "stale_version"]) == 1)
            #expect(after.value(Self.intents, ["outcome": "refused", "reason": "session_ended"]) == 1)
            #expect(after.value(Self.intents, ["outcome": "failed", "reason": "not_found"]) == 1)
            // Every decided intent was timed; the commits were batched, timed and pushed.
            #expect(after.value("moments_intent_commit_seconds_count") == 23)
            #expect((after.value("moments_intent_commit_seconds_sum") ?? 0) > 0)
            #expect((after.value("moments_intent_commit_seconds_bucket", ["le": "+Inf"]) ?? 0) == 23)
            #expect((after.value("moments_commit_push_seconds_count") ?? 0) >= 20)
            #expect((after.value("moments_storage_commit_seconds_count") ?? 0) >= 1)
            // Two creations and 23 decided intents, in however many batches.
            #expect(after.value("moments_commit_batch_size_sum") == 25)
            #expect((after.value("moments_commit_batch_size_count") ?? 0) >= 1)
            #expect(after.value("moments_event_streams_open") == 1)
            #expect(after.value("moments_activities_active") == 1)
            #expect(after.value("moments_storage_errors_total", ["operation": "commit"]) == 0)
            #expect(try await after.lint() == "")
            // The stream stayed open through the scrape, its pushes in order.
            #expect(try await events.next()?.version == 2)
        }
    }

    @Test("--no-metrics keeps no figures and answers no /metrics; --log-level debug says one line per request")
    func offAndLogged() async throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let folder = scratch.url
        let server = try ServerProcess(dataDirectory: folder, arguments: ["--no-metrics", "--log-level", "debug"])
        #expect(!server.firstLine.contains("metrics"), "\(server.firstLine)")
        #expect(try await MetricsScrape.status(of: server.baseURL + "/metrics") == 404)
        let connection = HTTPSyncConnection(baseURL: server.baseURL)
        let created = try await Self.openEnded(on: connection)
        _ = try await connection.send(
            try IntentRequest(clientID: "test", intentID: "1", intent: .pause), to: created.id, token: created.token)
        server.signal(SIGTERM)
        #expect(server.waitForExit() == 0)
        let said = server.everythingItSaid()
        // "POST /v1/activities/ID/intents 200 0.512 ms": method, path, status, duration.
        let lines = said.split(separator: "\n")
        #expect(lines.contains { $0.contains("POST /v1/activities 201 ") && $0.hasSuffix(" ms") }, "\(said)")
        #expect(lines.contains { $0.contains("POST /v1/activities/\(created.id)/intents 200 ") && $0.hasSuffix(" ms") }, "\(said)")
        #expect(!said.contains(created.token), "a token was logged")

        // Off is validated: a metrics port without figures is refused, saying why.
        let refused = try BuiltProduct.run(
            "moments", ["serve", "--no-metrics", "--metrics-port", "0", "--port", "0", "--data-dir", folder.path])
        #expect(refused.status != 0)
        #expect(refused.errors.contains("--metrics-port needs the figures kept"), "\(refused.errors)")
    }

    @Test("with --require-keys, /metrics is only on a loopback port of its own, and the door's refusals are counted by status")
    func keysRule() async throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let folder = scratch.url
        let added = try BuiltProduct.run("moments", ["keys", "add", "alice", "--data-dir", folder.path])
        #expect(added.status == 0)
        let alice = added.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let server = try ServerProcess(
            dataDirectory: folder, arguments: ["--require-keys", "--max-requests-per-second", "1"])
        defer {
            server.signal(SIGTERM)
            _ = server.waitForExit()
        }
        // "…; keys required; …; metrics at http://127.0.0.1:PORT/metrics"
        let metricsURL = try #require(
            server.firstLine.components(separatedBy: "metrics at ").last.flatMap { $0.hasPrefix("http://127.0.0.1:") ? $0 : nil },
            "\(server.firstLine)")
        #expect(metricsURL.hasSuffix("/metrics") && !metricsURL.hasPrefix(server.baseURL + "/"))
        // Not on the port everyone reaches, whoever asks.
        #expect(try await MetricsScrape.status(of: server.baseURL + "/metrics") == 404)

        let stranger = HTTPSyncConnection(baseURL: server.baseURL, attempts: 1)
        await #expect(throws: SyncError.keyMissing) { try await stranger.activities() }
        let asAlice = HTTPSyncConnection(baseURL: server.baseURL, accessKey: alice, attempts: 1)
        let mine = try await Self.openEnded(on: asAlice)
        await #expect(throws: SyncError.notFound(id: mine.id)) { try await stranger.activity(id: mine.id, token: "not-its-token") }
        // One request a second: alice's next ones soon meet 429.
        var limited = false
        for _ in 0..<20 where !limited {
            do {
                _ = try await asAlice.activities()
            } catch {
                if case .tooManyRequests = error { limited = true }
            }
        }
        #expect(limited)

        let scrape = try await MetricsScrape.fetch(metricsURL)
        #expect(scrape.value("moments_key_refusals_total", ["status": "401"]) == 1)
        #expect(scrape.value("moments_key_refusals_total", ["status": "404"]) == 1)
        #expect((scrape.value("moments_key_refusals_total", ["status": "429"]) ?? 0) >= 1)
        #expect(scrape.value("moments_activities_active") == 1)
        #expect(try await scrape.lint() == "")
    }
}
