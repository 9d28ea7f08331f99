import Domain
import Fixtures
import Foundation
import SyncClient
import SyncProtocol
import TestSupport

/// A group sit on a real `moments serve` (issue 56): from the leader's intent to its push
/// arriving at every one of 1,000 and 10,000 followers on the sit's channel, and the
/// server's resident memory per idle follower, beside the loopback round trip and the
/// same fan-out to as many streams of the leader's own token in the same run.
///
/// Run `swift build -c release --product moments` first, as for `fanout`.
enum GroupSitBenchmarks {
    static func run() {
        ServerProcess.benchmark("group", measure(on:))
    }

    private static func measure(on server: ServerProcess) async throws {
        let connection = HTTPSyncConnection(baseURL: server.baseURL)
        let sit = try await connection.createActivity(
            SessionAttributesMother.makeGroupSit(plannedSeconds: 3_600), showSeconds: true, clientID: "leader",
            idempotencyKey: nil)
        guard let code = sit.joinCode else { throw HTTPLoad.Failure(description: "the group sit was answered without a join code") }
        let roundTrip = try await HTTPLoad(port: server.port, connections: 1, threads: 1)
            .measure(for: 1) { _, _ in HTTPLoad.get("/healthz") }.latencies
        let floor = "loopback round trip p50 \(Bench.duration(Bench.percentile(roundTrip, 0.5)))"
            + ", p99 \(Bench.duration(Bench.percentile(roundTrip, 0.99)))"
        let baseline = await FanOutBenchmarks.settled(server)
        for followers in [1_000, 10_000] {
            // A hundred rounds at 10,000, so that the p99 is the 99th of 100 and not the slowest
            // of 30; each takes about a tenth of a second more than the fan-out.
            let rounds = followers >= 10_000 ? 100 : 200
            // The same fan-out to the leader's own streams, the figure a sit alone has; each
            // measurement from the version the count of who sits (ADR 0073) settled at.
            var version = try await IntentLoad.counted(sit, sitting: 1, through: connection).version
            let own = try EventReaders(count: followers, port: server.port, activity: sit.id, token: sit.token, lastEventID: version)
            let alone = try await IntentLoad.pushLatencies(rounds: rounds + 1, on: sit, through: connection, readers: [own], after: version)
            own.stop()
            _ = await FanOutBenchmarks.settled(server)
            let readers = try EventReaders(count: followers, port: server.port, following: code, lastEventID: version)
            version = try await IntentLoad.counted(sit, sitting: followers + 1, through: connection).version
            let latencies = try await IntentLoad.pushLatencies(
                rounds: rounds + 1, on: sit, through: connection, readers: [readers], after: version)
            let ownTail = Array(alone.dropFirst())
            Bench.reportTail(
                "group.intent to push, \(followers) followers", Array(latencies.dropFirst()),
                beside: "the leader's own \(followers) streams p50 \(Bench.duration(Bench.percentile(ownTail, 0.5)))"
                    + ", p99 \(Bench.duration(Bench.percentile(ownTail, 0.99))); " + floor)
            let idle = await FanOutBenchmarks.settled(server)
            Bench.report(
                "group.serve memory per idle follower, \(followers)", value: (idle - baseline) * 1_024 / Double(followers),
                unit: "KB", label: "value", beside: "VmRSS \(String(format: "%.1f", baseline)) MB without, "
                    + "\(String(format: "%.1f", idle)) MB with them")
            readers.stop()
            _ = await FanOutBenchmarks.settled(server)
        }
    }
}
