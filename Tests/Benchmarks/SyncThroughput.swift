import Domain
import Foundation
import Sync

/// Durable intents per second over HTTP, from ``HTTPLoad``'s 64 kept-alive connections,
/// each figure beside its floor measured on the same connections in the same run: as many
/// `GET /healthz` as the server answers, which is all it can do without deciding or
/// writing anything.
enum SyncThroughput {
    /// How long each load runs.
    static let seconds = 3.0
    /// How many connections each load keeps open.
    static let connections = 64

    /// The floor, then intents on one activity and over 100, on the server at `port`,
    /// whose activities are made through `connection`. Each figure's name ends with `suffix`.
    static func measure(port: Int, connection: any SyncConnection, suffix: String) async throws {
        let load = HTTPLoad(port: port, connections: connections)
        let floor = try await load.measure(for: seconds) { _, _ in healthz }
        let floorNote = "GET /healthz \(Int(floor.rate))/s"
        Bench.report(
            "sync.floor GET /healthz/s, \(connections) connections\(suffix)", value: floor.rate, unit: "/s", label: "rate  ")
        let floorTail = "GET /healthz p50 \(Bench.duration(Bench.percentile(floor.latencies, 0.5)))"
            + ", p99 \(Bench.duration(Bench.percentile(floor.latencies, 0.99)))"
        for count in [1, 100] {
            let targets = try await IntentLoad.timedActivities(count, through: [connection])
            let run = UUID().uuidString.prefix(8)
            let outcome = try await load.measure(for: seconds) { client, sequence in
                intent(on: targets, client: client, run: run, sequence: sequence)
            }
            let name = "sync.durable intents/s, \(count) activit\(count == 1 ? "y" : "ies"), HTTP\(suffix)"
            Bench.report(
                name, value: outcome.rate, unit: "/s", label: "rate  ",
                beside: "\(floorNote), ratio \(String(format: "%.2f", outcome.rate / floor.rate)); answers \(outcome.statusNote)")
            Bench.reportTail(
                "sync.intent answer, \(count) activit\(count == 1 ? "y" : "ies"), HTTP", outcome.latencies, suffix: suffix,
                beside: floorTail)
        }
    }

    private static let healthz = HTTPLoad.get("/healthz")

    /// Request `sequence` of connection `client` in the run `run`: a target moved by a
    /// second, one way then the other, on each of `targets` in turn, so every intent is
    /// applied; each connection is a client of its own, and each intent has an id of its own.
    private static func intent(on targets: [CreatedActivity], client: Int, run: Substring, sequence: Int) -> [UInt8] {
        let target = targets[(client + sequence) % targets.count]
        let move = (sequence / targets.count).isMultiple(of: 2) ? 1 : -1
        return HTTPLoad.post(
            "/v1/activities/\(target.id)/intents", token: target.token,
            body: #"{"action":"adjust","adjust_seconds":\#(move),"client_id":"h\#(run)-\#(client)","intent_id":"\#(sequence)"}"#)
    }
}

extension HTTPLoad {
    /// ``run(for:request:)`` on threads of its own, so that a server in this process keeps
    /// every thread of the cooperative pool while the load runs.
    func measure(for seconds: Double, request: @escaping RequestMaker) async throws -> Outcome {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try run(for: seconds, request: request) }) }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }
}
