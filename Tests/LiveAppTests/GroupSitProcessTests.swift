import Domain
import Foundation
import Rendering
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A group sit between people, each on a machine of their own (ADR 0072): a leader's
/// `moments start --group` and followers' `moments join`, in real pseudo-terminals, on a
/// real `moments serve`.
@Suite("Group sits in real terminals", .timeLimit(.minutes(3)), .blocking)
struct GroupSitProcessTests {
    /// The join code the leader's screen or lines show, once they show it.
    static func joinCode(on terminal: PseudoTerminal) -> String? {
        guard terminal.waitForOutput("moments join ") else { return nil }
        let text = String(decoding: terminal.output, as: UTF8.self)
        guard let range = text.range(of: #"moments join [0-9a-z-]+\.[0-9a-z]+"#, options: .regularExpression) else { return nil }
        return String(text[range].dropFirst("moments join ".count))
    }

    @Test("followers see the leader's sit and only leave; the leader's pause reaches them; a late joiner sees the newest state; the revoked code lets them go and nobody in")
    func leaderAndFollowers() throws {
        let stage = try GroupSitStage()
        let server = stage.server
        let (leader, found) = try stage.lead(["10m", "--name", "Sangha", "--silent"])
        let code = try #require(found, "\(leader.screen.text)\n\(leader.errors)")
        #expect(leader.waitForText("group sit · others join with: moments join \(code)"), "\(leader.screen.text)")

        let follower = try LiveFixture()
        let first = try follower.moments(["join", code, "--server", server.baseURL, "--silent"], size: Size(width: 100, height: 24))
        #expect(first.waitForScreen { $0.text.contains("Running") && $0.text.contains("following a group sit") }, "\(first.screen.text)\n\(first.errors)")
        #expect(first.screen.text.contains("[q] Leave") && !first.screen.text.contains("Pause"), "\(first.screen.text)")
        // Presence (ADR 0073): the leader and the follower, on both screens.
        #expect(first.waitForText("● 2 sitting"), "\(first.screen.text)")
        #expect(leader.waitForText("● 2 sitting"), "\(leader.screen.text)")
        // A follower's keys change nothing: space is no pause here, and none reaches the sit.
        first.type(" f")
        #expect(!first.waitForText("Paused", timeout: .seconds(2)), "\(first.screen.text)")
        #expect(!leader.screen.text.contains("Paused"), "\(leader.screen.text)")

        leader.type(" ")
        #expect(leader.waitForText("Paused"), "\(leader.screen.text)")
        #expect(first.waitForText("Paused"), "\(first.screen.text)")
        // Joined late: the sit as it is now, at once.
        let late = try LiveFixture()
        let second = try late.moments(["watch", code, "--server", server.baseURL, "--no-tty", "--silent"])
        #expect(second.waitForOutput("Following a group sit"), "\(second.errors)")
        #expect(second.waitForOutput("Paused"), "\(String(decoding: second.output, as: UTF8.self))\n\(second.errors)")
        // Three people now; the first follower's second surface is the same person.
        #expect(leader.waitForText("● 3 sitting"), "\(leader.screen.text)")
        let secondSurface = try follower.moments(["watch", code, "--server", server.baseURL, "--no-tty", "--silent"])
        #expect(secondSurface.waitForOutput("● 3 sitting"), "\(String(decoding: secondSurface.output, as: UTF8.self))\n\(secondSurface.errors)")
        #expect(!leader.waitForText("● 4 sitting", timeout: .seconds(2)), "\(leader.screen.text)")

        // The leader revokes the code with r: both followers are let go, saying why, exit 1.
        leader.type("r")
        #expect(leader.waitForText("join code revoked"), "\(leader.screen.text)")
        for terminal in [first, second, secondSurface] {
            let status = try #require(terminal.waitForExit())
            #expect(PseudoTerminal.exitCode(status) == 1, "\(terminal.errors)")
            #expect(terminal.errors.contains("The leader revoked this join code"), "\(terminal.errors)")
        }
        let refused = try late.run(["join", code, "--server", server.baseURL, "--no-tty"])
        #expect(refused.status == 1 && refused.errors.contains("revoked"), "\(refused.errors)")
        // Each follower's history has the sit as they sat it: let go before the end, early;
        // the late one joined the sit paused and was let go still paused: nothing sat.
        let records = try follower.history()
        #expect(records.count == 1 && records.first?.outcome == .finishedEarly, "\(records)")
        #expect(records.first?.name.value == "Sangha" && (records.first?.actualSeconds ?? 0) > 0)
        #expect(try late.history().isEmpty)

        // The sit goes on for its leader, who finishes it.
        leader.type(" ")
        #expect(leader.waitForText("Running"), "\(leader.screen.text)")
        leader.type("f")
        #expect(PseudoTerminal.exitCode(try #require(leader.waitForExit())) == 2, "\(leader.screen.text)")
    }

    @Test("a follower's bar takes up the sit they join by itself, counts them once, shows the leader's pause, and lets the sit go when they leave")
    func followersBar() throws {
        let stage = try GroupSitStage()
        let (leader, found) = try stage.lead(["10m", "--name", "Sangha", "--silent"])
        let code = try #require(found, "\(leader.screen.text)\n\(leader.errors)")
        let follower = try LiveFixture()
        let bar = try follower.moments(["bar", "--format", "waybar"])
        #expect(bar.waitForOutput(#""class":"none""#), "\(bar.errors)")
        let joined = try follower.moments(["join", code, "--server", stage.server.baseURL, "--no-tty", "--silent"])
        #expect(joined.waitForOutput("Following a group sit"), "\(joined.errors)")
        // No --server given to the bar: the join's runtime file brings the sit to it.
        #expect(bar.waitForOutput("Sangha · Running"), "\(String(decoding: bar.output, as: UTF8.self))\n\(bar.errors)")
        #expect(bar.waitForOutput("2 sitting"), "\(String(decoding: bar.output, as: UTF8.self))")
        // The bar is one more surface of the same person: nobody more sits.
        #expect(!leader.waitForText("● 3 sitting", timeout: .seconds(2)), "\(leader.screen.text)")
        leader.type(" ")
        #expect(bar.waitForOutput(#""class":"paused""#), "\(bar.errors)")
        joined.signal(SIGINT)
        _ = joined.waitForExit()
        #expect(bar.waitForScreen { Self.lastLine(of: $0).contains(#""class":"none""#) }, "\(bar.screen.text)")
        #expect(leader.waitForText("● 1 sitting"), "\(leader.screen.text)")
        bar.signal(SIGTERM)
        #expect(bar.waitForExit() != nil)
        leader.signal(SIGKILL)
    }

    @Test("a click on a bar that shows a followed sit changes nothing: neither the leader's sit nor the person's own session")
    func clickOnAFollowedSit() throws {
        let stage = try GroupSitStage()
        let follower = try LiveFixture()
        let own = try follower.moments(["start", "30m", "--name", "Own sit", "--silent"])
        #expect(own.waitForText("Running"), "\(own.errors)")
        let (leader, found) = try stage.lead(["10m", "--name", "Sangha", "--silent"])
        let code = try #require(found, "\(leader.errors)")
        let joined = try follower.moments(["join", code, "--server", stage.server.baseURL, "--no-tty", "--silent"])
        #expect(joined.waitForOutput("Following a group sit"), "\(joined.errors)")
        // The sit began after the person's own session: it is the one the bar shows.
        let bar = try follower.moments(["bar", "--format", "i3bar", "--silent"])
        #expect(bar.waitForOutput("Sangha"), "\(String(decoding: bar.output, as: UTF8.self))\n\(bar.errors)")
        bar.type("[\n{\"name\":\"moments\",\"button\":1}\n")
        #expect(!own.waitForText("Paused", timeout: .seconds(2)), "\(own.screen.text)")
        #expect(!leader.screen.text.contains("Paused") && bar.errors.isEmpty, "\(leader.screen.text)\n\(bar.errors)")
        for process in [bar, joined, own, leader] { process.signal(SIGKILL) }
    }

    /// The last line a screen shows, its newest output.
    static func lastLine(of screen: VirtualTerminal) -> Substring {
        screen.text.split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) } ?? ""
    }

    @Test("on the embedded server: a follower finds the sit by its code alone, and a start that picks the sit up shows the same code")
    func embedded() throws {
        let machine = try LiveFixture()
        let first = try machine.moments(["start", "10m", "--group", "--no-tty", "--silent"])
        let code = try #require(Self.joinCode(on: first), "\(first.errors)")
        // Another person's data folder on this machine; no --server: the code names the sit.
        let follower = try machine.moments(
            ["join", code, "--no-tty", "--silent", "--data-dir", machine.folder.path("follower").path])
        #expect(follower.waitForOutput("Following a group sit"), "\(follower.errors)")
        #expect(follower.waitForOutput("Running"), "\(follower.errors)")
        first.signal(SIGINT)
        #expect(PseudoTerminal.exitCode(try #require(first.waitForExit())) == 2, "\(first.errors)")
        let again = try machine.moments(["start", "--no-tty", "--silent"])
        defer { again.signal(SIGKILL) }
        #expect(Self.joinCode(on: again) == code, "\(String(decoding: again.output, as: UTF8.self))\n\(again.errors)")
        follower.signal(SIGKILL)
    }

    @Test("on a --server: a start that picks up the group sit left running shows its code again, remembered with it")
    func pickedUpOnAServer() throws {
        let stage = try GroupSitStage()
        let (first, found) = try stage.lead(["10m", "--no-tty", "--silent"])
        let code = try #require(found, "\(first.errors)")
        first.signal(SIGINT)
        #expect(PseudoTerminal.exitCode(try #require(first.waitForExit())) == 2, "\(first.errors)")
        let again = try stage.machine.moments(["start", "--no-tty", "--silent", "--server", stage.server.baseURL])
        defer { again.signal(SIGKILL) }
        #expect(Self.joinCode(on: again) == code, "\(String(decoding: again.output, as: UTF8.self))\n\(again.errors)")
    }

    @Test("a follower sees the sit to its end and says how long it sat, exit 0; a wrong code or a sit alone's id is refused, exit 1")
    func toTheEnd() throws {
        let stage = try GroupSitStage()
        let server = stage.server
        let (leader, found) = try stage.lead(["4s", "--no-tty", "--silent"])
        let code = try #require(found, "\(leader.errors)")
        let follower = try LiveFixture()
        // A sitter file no `moments` wrote is said, and left as it was; the person still follows.
        try FileManager.default.createDirectory(at: follower.data, withIntermediateDirectories: true)
        let sitterFile = follower.data.appendingPathComponent("sitter")
        try Data("not a sitter's id!\n".utf8).write(to: sitterFile)
        #expect(chmod(sitterFile.path, 0o600) == 0)
        let joined = try follower.run(["join", code, "--server", server.baseURL, "--no-tty", "--silent"])
        #expect(joined.status == 0, "\(joined.errors)")
        #expect(joined.errors.contains("each surface of this sit counts as one more person sitting"), "\(joined.errors)")
        #expect(try Data(contentsOf: sitterFile) == Data("not a sitter's id!\n".utf8))
        #expect(joined.output.contains("Completed") && joined.output.contains("ended; it sat 0:04"), "\(joined.output)")
        #expect(PseudoTerminal.exitCode(try #require(leader.waitForExit())) == 0)
        // The follower's own history holds the sit once, with the time they sat.
        let records = try follower.history()
        #expect(records.count == 1, "\(records)")
        #expect(records.first?.outcome == .completed && records.first?.name.value == "Meditation")
        #expect((records.first?.actualSeconds ?? 0) > 0 && (records.first?.actualSeconds ?? 9) <= 4, "\(records)")
        // Joined again after the end: nothing is counted twice.
        let again = try follower.run(["join", code, "--server", server.baseURL, "--no-tty", "--silent"])
        #expect(try follower.history().count == 1, "\(again.output)\n\(again.errors)")

        let wrong = try follower.run(["join", String(code.prefix { $0 != "." }) + ".0000", "--server", server.baseURL, "--no-tty"])
        #expect(wrong.status == 1 && wrong.errors.contains("opens no group sit"), "\(wrong.errors)")
        let garbled = try follower.run(["join", "not a code", "--server", server.baseURL])
        #expect(garbled.status == 1 && garbled.errors.contains("is not a join code"), "\(garbled.errors)")
    }
}

/// A group sit's leader on a machine of their own, with a `moments serve` of its own that
/// stops with the stage.
final class GroupSitStage {
    /// The leader's machine.
    let machine: LiveFixture
    /// The sit's server.
    let server: ServerProcess

    init() throws {
        machine = try LiveFixture()
        server = try ServerProcess(dataDirectory: machine.folder.path("server"))
    }

    deinit {
        server.signal(SIGTERM)
        _ = server.waitForExit()
    }

    /// `moments start ARGUMENTS --group` on the stage's server, in a terminal wide enough
    /// for the whole join code line, and the code it shows (`nil` if it shows none).
    func lead(_ arguments: [String]) throws -> (PseudoTerminal, String?) {
        let leader = try machine.moments(
            ["start"] + arguments + ["--group", "--server", server.baseURL], size: Size(width: 140, height: 24))
        return (leader, GroupSitProcessTests.joinCode(on: leader))
    }
}
