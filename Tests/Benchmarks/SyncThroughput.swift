import Domain
import Foundation
import SyncProtocol

/// Durable intents per second over HTTP, from ``HTTPLoad``'s 64 kept-alive connections,
/// each figure beside its floor measured on the same connections in the same run: as many
/// `GET /healthz` as the server answers, which is all it can do without deciding or
/// writing anything.
///
/// The floor and the intents are measured in alternated rounds, and the ratio is the
/// median of each round's: this machine's speed drifts by a quarter from minute to minute,
/// and a floor measured once, before everything, leaves that drift in the ratio.
enum SyncThroughput {
    /// How long each load of a round runs.
    static let seconds = 2.0
    /// How many rounds of the floor and the intents each figure takes.
    static let rounds = 5
    /// How many connections each load keeps open.
    static let connections = 64

    /// The floor and intents on one activity, then over 100, in alternated rounds, on the
    /// server at `port`, whose activities are made through `connection`. Each figure's
    /// name ends with `suffix`.
    static func measure(port: Int, connection: any SyncConnection, suffix: String) async throws {
        let load = HTTPLoad(port: port, connections: connections)
        var floorRates: [Double] = []
        for count in [1, 100] {
            let targets = try await IntentLoad.timedActivities(count, through: [connection])
            let run = UUID().uuidString.prefix(8)
            var pairs: [(floor: HTTPLoad.Outcome, intents: HTTPLoad.Outcome)] = []
            for round in 0..<rounds {
                let floor = try await load.measure(for: seconds) { _, _ in healthz }
                // Each round's intents have ids of their own.
                let intents = try await load.measure(for: seconds) { client, sequence in
                    intent(on: targets, client: client, run: run + "r\(round)", sequence: sequence)
                }
                pairs.append((floor, intents))
            }
            floorRates += pairs.map(\.floor.rate)
            let figure = PairedRounds(floors: pairs.map(\.floor.rate), loads: pairs.map(\.intents.rate))
            let answers = pairs.dropFirst().reduce(into: pairs[0].intents) { $0.absorb($1.intents) }
            let floorLatencies = pairs.flatMap(\.floor.latencies)
            let name = "sync.durable intents/s, \(count) activit\(count == 1 ? "y" : "ies"), HTTP\(suffix)"
            Bench.report(
                name, value: figure.load, unit: "/s", label: "rate  ",
                beside: "GET /healthz \(Int(figure.floor))/s, \(figure.ratioNote); answers \(answers.statusNote)")
            Bench.reportTail(
                "sync.intent answer, \(count) activit\(count == 1 ? "y" : "ies"), HTTP", answers.latencies, suffix: suffix,
                beside: "GET /healthz p50 \(Bench.duration(Bench.percentile(floorLatencies, 0.5)))"
                    + ", p99 \(Bench.duration(Bench.percentile(floorLatencies, 0.99)))")
        }
        Bench.report(
            "sync.floor GET /healthz/s, \(connections) connections\(suffix)",
            value: Bench.percentile(floorRates, 0.5), unit: "/s", label: "median",
            beside: "\(floorRates.count) rounds of \(Int(seconds)) s, "
                + "\(Int(floorRates.min() ?? 0))-\(Int(floorRates.max() ?? 0))/s")
    }

    private static let healthz = HTTPLoad.get("/healthz")

    /// Request `sequence` of connection `client` in the run `run`: a target moved by a
    /// second, one way then the other, on each of `targets` in turn, so every intent is
    /// applied; each connection is a client of its own, and each intent has an id of its own.
    private static func intent(on targets: [CreatedActivity], client: Int, run: String, sequence: Int) -> [UInt8] {
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

/// A load measured in rounds alternated with its floor: the medians of each, and the
/// median of each round's ratio, with every round's ratio for the spread.
struct PairedRounds {
    /// The floor's median rate.
    let floor: Double
    /// The load's median rate.
    let load: Double
    /// Each round's load over its floor.
    let ratios: [Double]

    init(floors: [Double], loads: [Double]) {
        floor = Bench.percentile(floors, 0.5)
        load = Bench.percentile(loads, 0.5)
        ratios = zip(loads, floors).map { $0 / $1 }
    }

    /// The median of the rounds' ratios.
    var ratio: Double { Bench.percentile(ratios, 0.5) }

    /// `ratio 0.47 (median of 5 rounds: 0.44 0.47 0.49 0.45 0.51)`.
    var ratioNote: String {
        "ratio \(String(format: "%.2f", ratio)) (median of \(ratios.count) rounds: "
            + ratios.map { String(format: "%.2f", $0) }.joined(separator: " ") + ")"
    }
}
