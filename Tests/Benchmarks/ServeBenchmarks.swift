import Foundation
import Sync
import TestSupport

/// Durable intents/s of a real `moments serve` (release), measured twice on the same server
/// in the same run: by ``HTTPLoad`` (``SyncThroughput``) and by wrk through
/// `Scripts/wrk-intents`, so a reader sees that the project's load generator is not its own
/// limit. Each in rounds alternated with its `GET /healthz` floor, the ratio the median of
/// the rounds' (``PairedRounds``).
///
/// Run `swift build -c release --product moments` first; wrk is Debian's `wrk` package.
enum ServeBenchmarks {
    static func run() {
        ServerProcess.benchmark("serve", measure(on:))
    }

    private static func measure(on server: ServerProcess) async throws {
        let connection = HTTPSyncConnection(baseURL: server.baseURL)
        try await SyncThroughput.measure(port: server.port, connection: connection, suffix: ", moments serve")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts/wrk-intents")
        for activities in [1, 100] {
            let output: String
            do {
                let arguments = [String(activities), String(Int(SyncThroughput.seconds)), String(SyncThroughput.rounds)]
                output = try ProcessRunner.run(script.path, [String(server.port)] + arguments)
            } catch {
                print("serve: wrk did not run (apt-get install -y wrk): \(error)")
                return
            }
            // Two "Requests/sec:" lines a round: /healthz, then the intents.
            let rates = output.split(separator: "\n").filter { $0.hasPrefix("Requests/sec:") }
                .compactMap { Double($0.split(separator: " ").last ?? "") }
            guard rates.count == 2 * SyncThroughput.rounds else {
                throw HTTPLoad.Failure(description: "wrk printed: \(output)")
            }
            let figure = PairedRounds(
                floors: stride(from: 0, to: rates.count, by: 2).map { rates[$0] },
                loads: stride(from: 1, to: rates.count, by: 2).map { rates[$0] })
            // The Lua script's count of intents not answered 2xx, one line a round.
            let failed = output.split(separator: "\n").filter { $0.hasPrefix("non-2xx or failed:") }
                .compactMap { Int($0.split(separator: " ").last ?? "") }.reduce(0, +)
            Bench.report(
                "sync.durable intents/s, \(activities) activit\(activities == 1 ? "y" : "ies"), wrk, moments serve",
                value: figure.load, unit: "/s", label: "rate  ",
                beside: "wrk GET /healthz \(Int(figure.floor))/s, \(figure.ratioNote); intents not 2xx: \(failed)")
        }
    }
}
