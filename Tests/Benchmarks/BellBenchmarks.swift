import Domain
import Fixtures
import Foundation
import Sync
import TestSupport

/// How late the server rings a bell: from a bell's instant (its alert's `due`) to the push
/// carrying it read by a client, on a real `moments serve` (the release build beside this
/// executable) with sessions ringing every 10 seconds, beside the floor measured in the
/// same run: an intent's push to the same kind of client.
enum BellBenchmarks {
    static let sessions = 20
    static let window: Duration = .seconds(35)

    static func run() {
        let semaphore = DispatchSemaphore(value: 0)
        Task {
            do { try await ServerProcess.onScratchFolder(measure(on:)) } catch { print("bell benchmarks failed: \(error)") }
            semaphore.signal()
        }
        semaphore.wait()
    }

    private static func measure(on server: ServerProcess) async throws {
        let connection = HTTPSyncConnection(baseURL: server.baseURL)
        let program = try BellProgram(startStrikes: 1, interval: .every(10), endStrikes: 3)
        let lateness = Locked<[Double]>([])
        var followers: [Task<Void, Never>] = []
        for index in 0..<sessions {
            let created = try await connection.createActivity(
                BellProgramMother.makeAttributes(program, name: "Sit \(index)", plannedSeconds: 300), showSeconds: true,
                clientID: "bench", idempotencyKey: nil)
            let stream = try await connection.events(of: created.id, token: created.token, after: created.state.version)
            followers.append(Task {
                do {
                    for try await push in stream {
                        guard let alert = push.alert else { continue }
                        let late = Date().timeIntervalSince(alert.due)
                        lateness.withLock { $0.append(late) }
                    }
                } catch {}
            })
            // Staggered, so the bells of the sessions do not all fall on one instant.
            try await Task.sleep(for: .milliseconds(450))
        }
        try await Task.sleep(for: window)
        followers.forEach { $0.cancel() }
        let samples = lateness.withLock { $0 }
        guard !samples.isEmpty else {
            print("bells: no bell was pushed")
            return
        }
        Bench.report("bells: instant to alert read by a client, one server (\(samples.count) bells)", seconds: Bench.percentile(samples, 0.5), label: "p50   ")
        Bench.report("bells: instant to alert read by a client, one server (\(samples.count) bells)", seconds: Bench.percentile(samples, 0.99), label: "p99   ")
        try await floor(connection)
    }

    /// An intent sent to the push read back by the same kind of client, on the same server.
    private static func floor(_ connection: HTTPSyncConnection) async throws {
        let created = try await connection.createActivity(
            SessionAttributesMother.makeOpenEnded(), showSeconds: true, clientID: "bench", idempotencyKey: nil)
        let stream = try await connection.events(of: created.id, token: created.token, after: created.state.version)
        var pushes = stream.makeAsyncIterator()
        var samples: [Double] = []
        for round in 0..<100 {
            let sent = DispatchTime.now().uptimeNanoseconds
            _ = try await connection.send(
                try IntentRequest(clientID: "bench", intentID: "\(round)", intent: round.isMultiple(of: 2) ? .pause : .resume),
                to: created.id, token: created.token)
            _ = try await pushes.next()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - sent) / 1e9)
        }
        Bench.report("bells: floor, intent to push read by the same client", seconds: Bench.percentile(samples, 0.5), label: "p50   ")
        Bench.report("bells: floor, intent to push read by the same client", seconds: Bench.percentile(samples, 0.99), label: "p99   ")
    }
}
