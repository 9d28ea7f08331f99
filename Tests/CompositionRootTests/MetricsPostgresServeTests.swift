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

/// `moments serve --database-url`'s figures: the same `/metrics`, with the change feed's
/// lag, on a real PostgreSQL the suite starts on 127.0.0.1 (ADR 0034).
@Suite("moments serve --database-url's /metrics", .serialized, .takingTurns, .postgres, .enabled(if: postgresAvailable))
struct MetricsPostgresServeTests {
    @Test("the change feed's lag is a histogram that fills as changes are read back from the log; promtool agrees")
    func changeFeedLag() async throws {
        let url = try PostgresScope.freshDatabase()
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let server = try ServerProcess(dataDirectory: scratch.url, arguments: ["--database-url", url])
        defer {
            server.signal(SIGTERM)
            _ = server.waitForExit()
        }
        let metrics = server.baseURL + "/metrics"
        let connection = HTTPSyncConnection(baseURL: server.baseURL)
        let created = try await MetricsServeTests.openEnded(on: connection)
        for step in 0..<10 {
            _ = try await connection.send(
                try IntentRequest(clientID: "test", intentID: "\(step)", intent: step.isMultiple(of: 2) ? .pause : .resume),
                to: created.id, token: created.token)
        }
        // Eleven changes in the log (the creation and ten intents), each read back once.
        try await eventually {
            ((try? await MetricsScrape.fetch(metrics))?.value("moments_change_feed_lag_seconds_count") ?? 0) >= 11
        }
        let scrape = try await MetricsScrape.fetch(metrics)
        #expect(scrape.value("moments_change_feed_lag_seconds_count") == 11)
        // Each read within the largest bound, ten seconds: the feed is notified, not polled.
        let withinTenSeconds = scrape.samples.first {
            $0.name == "moments_change_feed_lag_seconds_bucket" && Double($0.labels["le"] ?? "") == 10
        }
        #expect(withinTenSeconds?.value == 11)
        #expect(scrape.value(MetricsServeTests.intents, ["outcome": "applied"]) == 10)
        #expect((scrape.value("moments_storage_commit_seconds_count") ?? 0) >= 1)
        #expect(scrape.value("moments_activities_active") == 1)
        #expect(try await scrape.lint() == "")
    }
}
