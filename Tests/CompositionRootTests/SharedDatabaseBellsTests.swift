import Domain
import Fixtures
import Foundation
import SyncClient
import SyncProtocol
import TestSupport
import Testing

extension SharedDatabaseServersTests {
    @Test("bells on three servers: each rung once, within a second of its instant, a pause moving them; each bell's hook runs once among the servers")
    func bellsOnceAmongServers() async throws {
        let shared = FileManager.default.temporaryDirectory.appendingPathComponent("bells-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: shared) }
        let hook = #"echo "$MOMENTS_BELL $MOMENTS_BELL_NUMBER" >> "# + shared.path
        try await Deployment.with(prepare: { folder in
            let set = try BuiltProduct.run("moments", ["settings", "set", "hook-bell", hook, "--data-dir", folder.path])
            #expect(set.status == 0, "\(set.errors)")
        }) { deployment in
            let program = BellProgramMother.makeProgram(interval: .every(10))
            let created = try await deployment.connection(0).createActivity(
                BellProgramMother.makeAttributes(program, plannedSeconds: 22), showSeconds: true, clientID: "a",
                idempotencyKey: .random())
            let following = Locked(false)
            let follower = Task {
                var seen: [ActivitySnapshot] = []
                // Minutes of silence between bells are normal: the read timeout is the client's own.
                let follower = HTTPSyncConnection(baseURL: deployment.servers[2].baseURL)
                for try await push in try await follower.events(of: created.id, token: created.token, after: nil) {
                    seen.append(push)
                    following.withLock { $0 = true }
                    if push.event == .end { break }
                }
                return seen
            }
            // The start bell is on the first state, which a stream only begins with while it
            // is still the current one: the follower must be in before the pause changes it
            // (on a loaded machine its task and connection can take seconds). Then paused at
            // once, well before the first interval bell (10 s sat), for 2 seconds, through the
            // other servers, so the bells after it move.
            try await eventually { following.value }
            _ = try await deployment.connection(1).send(
                try IntentRequest(clientID: "a", intentID: "pause", intent: .pause), to: created.id, token: created.token)
            try await Task.sleep(for: .seconds(2))
            let resumed = try await deployment.connection(2).send(
                try IntentRequest(clientID: "a", intentID: "resume", intent: .resume), to: created.id, token: created.token)
            let pushes = try await follower.value
            let rung = pushes.filter { $0.alert != nil }
            #expect(rung.compactMap(\.alert).map(\.summary) == ["start bell", "bell 1 of 2", "bell 2 of 2", "end bell"])
            let versions = pushes.map(\.version)
            #expect(versions == versions.sorted() && Set(versions).count == versions.count, "each change once, in order")
            for push in rung {
                let alert = try #require(push.alert)
                #expect(push.timestamp.timeIntervalSince(alert.due) < 1, "\(alert.summary) rang \(push.timestamp.timeIntervalSince(alert.due)) s late")
            }
            let first = try #require(rung.first { $0.alert?.kind == .interval }?.alert)
            let moved = try #require(resumed.activity.content.date(whenSatReaches: 10))
            #expect(abs(first.due.timeIntervalSince(moved)) < 0.002, "the pause moved the bell (instants kept to the millisecond)")
            #expect(first.due.timeIntervalSince(created.state.timestamp) > 11.5)
        }
        // Every server has stopped (SIGTERM, waited for): each lets its queued hooks finish
        // first, so the file is whole now, and a hook run twice would be in it. Hooks that
        // different servers run are separate processes, so only the set of lines is sure,
        // not their order.
        let logged = try String(contentsOf: shared, encoding: .utf8)
        #expect(
            logged.split(separator: "\n").sorted() == ["end 1", "interval 1", "interval 2", "start 1"],
            "the hooks ran: \(logged.debugDescription)")
    }
}
