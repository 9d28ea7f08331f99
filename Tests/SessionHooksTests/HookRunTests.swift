import Domain
import EmbeddedHosting
import Fixtures
import Foundation
import Persistence
import SessionHooks
import SyncAuthority
import SyncProtocol
import Synchronization
import TestSupport
import Testing

/// Hooks as a host runs them: a real server on JSON files and a preview clock, real
/// `/bin/sh` processes writing what they were given to a file of the test's own.
@Suite("Session hooks", .timeLimit(.minutes(1)))
struct HookRunTests {
    /// What the hooks said went wrong.
    final class Problems: Sendable {
        private let said = Mutex<[String]>([])
        var all: [String] { said.withLock { $0 } }
        func say(_ problem: String) { said.withLock { $0.append(problem) } }
    }

    /// A server on `folder` with `hooks`, on `clock`.
    func server(
        in folder: TemporaryFolder, hooks: SessionHooks, clock: PreviewClock, problems: Problems,
        timeLimit: Duration = .seconds(10)
    ) async throws -> DataFolderAssembly {
        var configuration = ServerConfiguration(
            locations: StoreLocations(singleDirectory: folder.path("data")), clock: clock, onProblem: problems.say)
        configuration.hooks = hooks
        configuration.environment = ["PATH": "/usr/bin:/bin", "LOG": folder.path("hooks.log").path]
        configuration.hookTimeLimit = timeLimit
        return try await DataFolderAssembly.build(configuration)
    }

    func advance(_ clock: PreviewClock, to seconds: Double, after start: Date) async throws {
        try await eventually { clock.sleeperCount > 0 }
        clock.advance(by: seconds - clock.now().timeIntervalSince(start))
    }

    @Test("start, each bell and the end run their hooks once, in order, given the session in variables and never to the shell")
    func everyEventOnce() async throws {
        try await TemporaryFolder.with { folder in
            let hooks = try SessionHooks([
                .start: #"printf 'start|%s|%s|%s\n' "$MOMENTS_NAME" "$MOMENTS_TARGET_SECONDS" "$MOMENTS_SAT_SECONDS" >> "$LOG""#,
                .bell: #"echo "bell $MOMENTS_BELL $MOMENTS_BELL_NUMBER/$MOMENTS_BELL_OF x$MOMENTS_STRIKES at $MOMENTS_SAT_SECONDS" >> "$LOG""#,
                .end: #"echo "end $MOMENTS_OUTCOME $MOMENTS_SAT_SECONDS $MOMENTS_ENDED_AT" >> "$LOG""#,
            ])
            let clock = PreviewClock()
            let problems = Problems()
            let host = try await server(in: folder, hooks: hooks, clock: clock, problems: problems)
            // A name a shell would run, were it ever given to one.
            let name = #"$(touch "$LOG.pwned") `touch x`; "sit""#
            let created = try await host.server.create(BellProgramMother.makeAttributes(
                BellProgramMother.makeProgram(interval: .every(60)), name: name, plannedSeconds: 120))
            let start = created.state.timestamp
            // The bells and the end come from the server's clock, which runs for this scope.
            try await host.server.running {
                let pushes = try await host.server.subscribe(to: created.id, token: created.token, after: created.state.version)
                try await advance(clock, to: 60, after: start)
                try await advance(clock, to: 120, after: start)
                // A push leaves once its change is durable and its observers, the hooks among
                // them, were told.
                for await push in pushes where push.event == .end { break }
            }
            await host.close()

            let log = try String(contentsOf: folder.path("hooks.log"), encoding: .utf8)
            let ended = Instant.format(start.addingTimeInterval(120))
            #expect(log.split(separator: "\n") == [
                "start|\(name)|120|0", "bell start 1/1 x1 at 0", "bell interval 1/1 x1 at 60", "bell end 1/1 x3 at 120",
                "end completed 120 \(ended)",
            ])
            #expect(!FileManager.default.fileExists(atPath: folder.path("hooks.log.pwned").path))
            #expect(problems.all.isEmpty, "\(problems.all)")
        }
    }

    @Test("a hook that fails or outlives its time limit is reported, stopped, and changes nothing for the session")
    func failuresAreReported() async throws {
        try await TemporaryFolder.with { folder in
            let hooks = try SessionHooks([
                .start: "sleep 30",
                .end: "echo 'no such calendar' >&2; exit 3",
            ])
            let clock = PreviewClock()
            let problems = Problems()
            let host = try await server(in: folder, hooks: hooks, clock: clock, problems: problems, timeLimit: .milliseconds(300))
            let created = try await host.server.create(SessionAttributesMother.makeAttributes(plannedSeconds: 60))
            let ended = try await host.server.send(
                try IntentRequest(clientID: "test", intentID: "1", intent: .finish), to: created.id, token: created.token)
            #expect(ended.activity.content.outcome == .finishedEarly, "the server answered while the hooks waited their turn")
            await host.close()
            let said = problems.all
            #expect(said.count == 2, "\(said)")
            #expect(said.first?.contains("the start hook (sleep 30) ran longer than 0.3 seconds and was stopped") == true, "\(said)")
            #expect(said.last?.contains("the end hook (echo 'no such calendar' >&2; exit 3) failed with exit status 3: no such calendar") == true, "\(said)")
            #expect(try HistoryStore.open(locations: StoreLocations(singleDirectory: folder.path("data"))).records.count == 1)
        }
    }
}
