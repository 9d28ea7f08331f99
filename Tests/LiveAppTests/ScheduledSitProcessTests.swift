import Domain
import Foundation
import Rendering
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A sit at an hour (ADR 0074) as people live it: `moments start --in`/`--at` in a real
/// pseudo-terminal on the embedded server and its real clock, the bar and a watcher beside
/// it, followers joining before the start on a `moments serve`.
@Suite("Scheduled sits in real terminals", .takingTurns)
struct ScheduledSitProcessTests {
    @Test("a sit scheduled in 3 s shows its countdown on the screen, the bar and a watcher, then the server starts it by itself with its start bell")
    func startsByItself() throws {
        let machine = try LiveFixture()
        let bar = try machine.moments(["bar", "--format", "waybar"])
        #expect(bar.waitForOutput(#""class":"none""#), "\(bar.errors)")
        let asked = Date()
        let owner = try machine.moments(["start", "6s", "--in", "3s", "--name", "Dawn sit", "--bells", "start=1 end=1"])
        #expect(owner.waitForText("Scheduled"), "\(owner.screen.text)\n\(owner.errors)")
        #expect(owner.waitForText("[space] Start now"), "\(owner.screen.text)")
        #expect(owner.screen.text.contains("starts in") || owner.screen.text.contains("Running"), "\(owner.screen.text)")
        #expect(bar.waitForOutput(#""class":"scheduled""#), "\(bar.errors)")
        #expect(bar.waitForOutput("◴ starts in"), "\(String(decoding: bar.output, as: UTF8.self))")
        let watcher = try machine.moments(["watch", "--no-tty"])
        #expect(watcher.waitForOutput("Scheduled"), "\(watcher.errors)")
        // Nobody presses anything: the server begins it (its start bell flashing for three
        // seconds), and ends it at its target.
        #expect(owner.waitForText("Running"), "\(owner.screen.text)")
        #expect(watcher.waitForOutput("🔔 start bell"), "\(String(decoding: watcher.output, as: UTF8.self))")
        #expect(bar.waitForOutput(#""class":"running""#), "\(bar.errors)")
        #expect(PseudoTerminal.exitCode(try #require(owner.waitForExit())) == 0, "\(owner.screen.text)")
        // Its history says when it was sat: from its hour, not from when it was asked for.
        let record = try #require(try machine.history().first)
        #expect(record.outcome == .completed && record.actualSeconds == 6, "\(record)")
        #expect(record.startedAt.timeIntervalSince(asked) >= 3, "\(record.startedAt) after \(asked)")
        bar.signal(SIGTERM)
        #expect(bar.waitForExit() != nil)
    }

    @Test("space starts a scheduled sit now; an hour that has passed, a bad one, or --at with --in is refused, exit 1, and nothing is made")
    func startNowAndRefusals() throws {
        let machine = try LiveFixture()
        let owner = try machine.moments(["start", "10m", "--at", "23:59", "--silent"])
        #expect(owner.waitForText("Scheduled"), "\(owner.screen.text)\n\(owner.errors)")
        owner.type(" ")
        #expect(owner.waitForText("Running"), "\(owner.screen.text)")
        owner.type("f")
        #expect(PseudoTerminal.exitCode(try #require(owner.waitForExit())) == 2, "\(owner.screen.text)")
        #expect(try machine.history().count == 1)

        let other = try LiveFixture()
        for (arguments, says) in [
            (["--at", "2020-01-01T07:00"], "has passed"), (["--at", "25:00"], "is not a time to start at"),
            (["--at", "2026-02-30T07:00"], "is not a time to start at"), (["--at", "07:00", "--in", "5m"], "not both"),
            (["--in", "200h"], "more than a week ahead"),
        ] {
            let refused = try other.run(["start", "5m", "--no-tty"] + arguments)
            #expect(refused.status == 1 && refused.errors.contains(says), "\(arguments): \(refused.errors)")
        }
        // Refused before any file is opened: not even the data folder is made.
        #expect(!FileManager.default.fileExists(atPath: other.data.path), "nothing is made for a refused start")
    }

    @Test("followers join a scheduled group sit before it begins, see its countdown and are counted; it starts for all of them at its instant")
    func joinedBefore() throws {
        let stage = try GroupSitStage()
        let (leader, found) = try stage.lead(["1m", "--in", "4s", "--silent"])
        let code = try #require(found, "\(leader.screen.text)\n\(leader.errors)")
        #expect(leader.waitForText("Scheduled"), "\(leader.screen.text)")
        let follower = try LiveFixture()
        let joined = try follower.moments(["join", code, "--server", stage.server.baseURL, "--no-tty", "--silent"])
        #expect(joined.waitForOutput("Scheduled"), "\(joined.errors)")
        #expect(joined.waitForOutput("starts in"), "\(String(decoding: joined.output, as: UTF8.self))")
        #expect(leader.waitForText("● 2 sitting"), "\(leader.screen.text)")
        #expect(joined.waitForOutput("Running"), "\(String(decoding: joined.output, as: UTF8.self))")
        #expect(leader.waitForText("Running"), "\(leader.screen.text)")
        leader.type("f")
        #expect(PseudoTerminal.exitCode(try #require(leader.waitForExit())) == 2, "\(leader.screen.text)")
        #expect(joined.waitForExit() != nil)
    }
}
