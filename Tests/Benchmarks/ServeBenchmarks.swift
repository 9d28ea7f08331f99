import Foundation
import SyncClient
import TestSupport

/// Durable intents/s of a real `moments serve` (release), measured twice on the same server
/// in the same run: by ``HTTPLoad`` (``SyncThroughput``) and by wrk through
/// `Scripts/wrk-intents`, so a reader sees that the project's load generator is not its own
/// limit. Each in rounds alternated with its `GET /healthz` floor, the ratio the median of
/// the rounds' (``PairedRounds``).
///
/// Both configurations people run (issue 54, item 2): a personal server, and a shared one
/// that requires keys and logs a line per request (`--require-keys --log-level debug`),
/// its per-key limits raised past the load. Every intent goes through the router and the
/// server's middleware in both.
///
/// Run `swift build -c release --product moments` first; wrk is Debian's `wrk` package.
enum ServeBenchmarks {
    /// The shared server's flags: keys, a line per request, and limits the load stays under.
    static let shared = [
        "--require-keys", "--log-level", "debug", "--max-live-activities", "1000", "--max-requests-per-second", "10000000",
    ]

    static func run() {
        ServerProcess.benchmark("serve") { try await measure(on: $0, key: nil, suffix: ", moments serve") }
        ServerProcess.benchmark("serve, shared", arguments: shared, prepare: { folder in
            try BuiltProduct.run("moments", ["keys", "add", "bench", "--data-dir", folder.path])
                .output.trimmingCharacters(in: .whitespacesAndNewlines)
        }) { server, key in
            try await measure(on: server, key: key, suffix: ", moments serve --require-keys --log-level debug")
        }
    }

    private static func measure(on server: ServerProcess, key: String?, suffix: String) async throws {
        let connection = HTTPSyncConnection(baseURL: server.baseURL, accessKey: key)
        try await SyncThroughput.measure(port: server.port, connection: connection, suffix: suffix)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts/wrk-intents")
        for activities in [1, 100] {
            let output: String
            do {
                let arguments = [String(activities), String(Int(SyncThroughput.seconds)), String(SyncThroughput.rounds)]
                output = try ProcessRunner.run(
                    script.path, [String(server.port)] + arguments, environment: key.map { ["MOMENTS_KEY": $0] } ?? [:])
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
                "sync.durable intents/s, \(activities) activit\(activities == 1 ? "y" : "ies"), wrk\(suffix)",
                value: figure.load, unit: "/s", label: "rate  ",
                beside: "wrk GET /healthz \(Int(figure.floor))/s, \(figure.ratioNote); intents not 2xx: \(failed)")
        }
    }
}
