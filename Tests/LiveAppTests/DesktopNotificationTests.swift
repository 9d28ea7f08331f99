import DBus
import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `moments notify` on a real desktop: a private session bus, Xvfb and dunst
/// (TestSupport's ``TestSupport/DesktopSession``), following a `moments start` in a
/// pseudo-terminal. What went over the bus is read by a monitor connection of our own
/// D-Bus client (as `dbus-monitor` reads it): each `Notify` call and the id dunst answered;
/// the lock screen's media player beside it is read and pressed by Debian's `playerctl`, and
/// the dock's launcher entry is read by Debian's `dbus-monitor`.
@Suite("moments notify on a real desktop", .takingTurns, .timeLimit(.minutes(3)))
struct DesktopNotificationTests {
    @Test("one notification, updated in place on a pause from another process; its buttons send their intents")
    func followsInPlace() async throws {
        let desktop = try await DesktopSession.start()
        defer { desktop.stop() }
        let monitor = try await NotifyMonitor(environment: desktop.environment)
        let machine = try LiveFixture()
        let owner = try machine.moments(["start", "20m", "--name", "Desk sit"])
        defer { owner.signal(SIGKILL) }
        #expect(owner.waitForText("Running"))
        #expect(machine.eventually { machine.runtimeFiles().count == 1 })
        let notify = try machine.moments(["notify"], extra: desktop.environment)
        defer { notify.signal(SIGKILL) }
        try await eventually { monitor.shown.first?.summary == "Desk sit" }
        let id = try #require(monitor.shown.first?.id)
        #expect(monitor.shown.first?.actions == ["pause", "Pause", "finish", "Finish", "extend", "+1 min"])

        // A pause typed in the owner's terminal, another process: the same id, now paused.
        owner.type(" ")
        try await eventually { monitor.shown.last?.body.hasPrefix("Paused") == true }
        #expect(try desktop.dunstctl("count", "displayed") == "1\n")
        #expect(monitor.shown.dropFirst().allSatisfy { $0.replaces == id && $0.id == id }, "\(monitor.shown)")

        // dunst invokes an action only through a person (a click, or its dmenu context
        // menu), so the test emits ActionInvoked onto the bus itself, exactly as dunst
        // would: the same signal, on the same interface, for the notification's id.
        let button = try await DBusConnection.session(environment: desktop.environment)
        defer { button.close() }
        try button.send(
            .signal(
                path: "/org/freedesktop/Notifications", interface: "org.freedesktop.Notifications",
                member: "ActionInvoked", body: [.uint32(id), .string("resume")]))
        #expect(owner.waitForText("Running"))
        try await eventually { monitor.shown.last?.body.hasPrefix("Running") == true }
        try button.send(
            .signal(
                path: "/org/freedesktop/Notifications", interface: "org.freedesktop.Notifications",
                member: "ActionInvoked", body: [.uint32(id), .string("finish")]))
        let status = try #require(owner.waitForExit())
        #expect(PseudoTerminal.exitCode(status) == 2, "finished early")
        try await eventually { monitor.shown.last?.body.hasPrefix("Finished early") == true }
        #expect(monitor.shown.last?.id == id)
        #expect(monitor.shown.last?.actions == [])
    }

    @Test("a group sit's follower: moments notify CODE keeps the leader's sit in one notification and a player, neither of which changes it")
    func followsAGroupSit() async throws {
        let desktop = try await DesktopSession.start()
        defer { desktop.stop() }
        let monitor = try await NotifyMonitor(environment: desktop.environment)
        let stage = try GroupSitStage()
        let server = stage.server
        let (leader, found) = try stage.lead(["20m", "--name", "Desk sangha"])
        defer { leader.signal(SIGKILL) }
        let code = try #require(found, "\(leader.errors)")
        let follower = try LiveFixture()
        let notify = try follower.moments(["notify", code, "--server", server.baseURL, "--silent"], extra: desktop.environment)
        defer { notify.signal(SIGKILL) }
        try await eventually { monitor.shown.first?.summary == "Desk sangha" }
        let id = try #require(monitor.shown.first?.id)
        #expect(monitor.shown.first?.actions == [], "a follower's notification offers no intent")
        // The follower's lock screen shows the sit; its buttons change nothing.
        let playerctl = { (arguments: [String]) in Self.playerctl(arguments, on: desktop) }
        try await eventually { playerctl(["metadata", "title"]) == "Desk sangha" }
        #expect(playerctl(["play-pause"]) != nil)
        #expect(!leader.waitForText("Paused", timeout: .seconds(2)), "\(leader.screen.text)")
        #expect(playerctl(["status"]) == "Playing")
        leader.type(" ")
        try await eventually { monitor.shown.last?.body.hasPrefix("Paused") == true }
        try await eventually { playerctl(["status"]) == "Paused" }
        #expect(monitor.shown.dropFirst().allSatisfy { $0.replaces == id && $0.id == id }, "\(monitor.shown)")
    }

    @Test("the lock screen's player: playerctl reads moments notify's session; its play-pause and stop reach the server, which every surface then shows")
    func mediaPlayer() async throws {
        let desktop = try await DesktopSession.start()
        defer { desktop.stop() }
        let monitor = try await NotifyMonitor(environment: desktop.environment)
        let machine = try LiveFixture()
        let owner = try machine.moments(["start", "20m", "--name", "Desk sit"])
        defer { owner.signal(SIGKILL) }
        #expect(owner.waitForText("Running"))
        #expect(machine.eventually { machine.runtimeFiles().count == 1 })
        let notify = try machine.moments(["notify"], extra: desktop.environment)
        defer { notify.signal(SIGKILL) }
        let playerctl = { (arguments: [String]) in Self.playerctl(arguments, on: desktop) }
        try await eventually { playerctl(["metadata", "title"]) == "Desk sit" }
        #expect(playerctl(["status"]) == "Playing")
        #expect(playerctl(["metadata", "mpris:length"]) == "1200000000")
        #expect(playerctl(["metadata", "artist"]) == "Running")

        // The lock screen's pause button: an intent to the server, which the owner's screen,
        // the notification, the status line and the player itself then show.
        #expect(playerctl(["play-pause"]) != nil)
        #expect(owner.waitForText("Paused"))
        try await eventually { monitor.shown.last?.body.hasPrefix("Paused") == true }
        try await eventually { playerctl(["status"]) == "Paused" }
        #expect(try machine.run(["status", "--format", "json"]).output.contains(#""phase":"paused""#), "the status line")
        let paused = try #require(playerctl(["position"]).flatMap(Double.init))
        #expect(playerctl(["play"]) != nil)
        #expect(owner.waitForText("Running"))
        try await eventually { playerctl(["status"]) == "Playing" }
        #expect(try #require(playerctl(["position"]).flatMap(Double.init)) >= paused)

        // Stop finishes the sit; the player shows the outcome, stopped, until its dismissal.
        #expect(playerctl(["stop"]) != nil)
        let status = try #require(owner.waitForExit())
        #expect(PseudoTerminal.exitCode(status) == 2, "finished early")
        try await eventually { playerctl(["status"]) == "Stopped" }
        #expect(playerctl(["metadata", "artist"])?.hasPrefix("Finished early · ") == true)
    }

    @Test("the dock: moments notify signals the progress on moments.desktop's icon, urgent while a bell rings, cleared at the end")
    func dock() async throws {
        let desktop = try await DesktopSession.start()
        defer { desktop.stop() }
        let monitor = try await desktop.monitor(["type='signal',interface='com.canonical.Unity.LauncherEntry',member='Update'"])
        defer { monitor.stop() }
        let machine = try LiveFixture()
        let owner = try machine.moments(["start", "1m", "--bells", "every=10s", "--name", "Docked"])
        defer { owner.signal(SIGKILL) }
        #expect(owner.waitForText("Running"))
        #expect(machine.eventually { machine.runtimeFiles().count == 1 })
        let notify = try machine.moments(["notify", "--silent"], extra: desktop.environment)
        defer { notify.signal(SIGKILL) }
        let updates = { monitor.text.components(separatedBy: "member=Update").dropFirst() }
        let urgent = #"string "urgent"\#n         variant             boolean true"#
        let visible = #"string "progress-visible"\#n         variant             boolean true"#
        try await eventually { updates().contains { $0.contains(#"string "application://moments.desktop""#) && $0.contains(visible) } }
        // The first interval bell, ten seconds in: the icon asks for attention, then no more.
        try await eventually { updates().contains { $0.contains(urgent) } }
        try await eventually { updates().last.map { !$0.contains(urgent) && $0.contains(visible) } == true }
        #expect(try machine.run(["finish"]).status == 2, "finished early")
        #expect(owner.waitForExit() != nil)
        try await eventually { updates().last.map { !$0.contains(visible) && !$0.contains(urgent) } == true }
    }

    /// What `playerctl -p moments ARGUMENTS` printed on `desktop`'s bus, or `nil` when it failed.
    static func playerctl(_ arguments: [String], on desktop: DesktopSession) -> String? {
        (try? ProcessRunner.run("playerctl", ["-p", "moments"] + arguments, environment: desktop.environment))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("with no session bus, notify exits 4 and says so; start with the setting on says it once and goes on")
    func noBus() async throws {
        let machine = try LiveFixture()
        #expect(try machine.run(["settings", "set", "desktop-notification", "on"]).status == 0)
        let owner = try machine.moments(["start", "20m"])
        defer { owner.signal(SIGKILL) }
        #expect(owner.waitForText("Running"))
        #expect(owner.errors.components(separatedBy: "no desktop notification: no session bus").count == 2, "\(owner.errors)")
        #expect(owner.errors.components(separatedBy: "no media player on the lock screen: no session bus").count == 2, "\(owner.errors)")
        #expect(owner.errors.components(separatedBy: "no progress on the dock: no session bus").count == 2, "\(owner.errors)")
        #expect(machine.eventually { machine.runtimeFiles().count == 1 })
        let run = try machine.run(["notify"])
        #expect(run.status == 4)
        #expect(run.errors.contains("cannot show a desktop notification: no session bus (DBUS_SESSION_BUS_ADDRESS is not set)"), "\(run.errors)")
    }
}

/// Every `Notify` call on a bus and the id its server answered, read by a monitor.
final class NotifyMonitor: Sendable {
    /// One `Notify`: what it asked and the id it got.
    struct Shown: Sendable, CustomStringConvertible {
        let replaces: UInt32
        let summary: String
        let body: String
        let actions: [String]
        var id: UInt32?
        var description: String { "#\(id.map(String.init) ?? "?") replacing \(replaces): \(summary) / \(body)" }
    }

    /// The calls waiting for their reply, by sender and serial, and those answered.
    private final class Seen: Sendable {
        let state = Mutex<(calls: [String: Shown], shown: [Shown])>(([:], []))
    }

    private let seen = Seen()
    private let connection: DBusConnection

    init(environment: [String: String]) async throws {
        connection = try await DBusConnection.session(environment: environment)
        try await connection.becomeMonitor([
            "type='method_call',interface='org.freedesktop.Notifications',member='Notify'", "type='method_return'",
        ])
        let (messages, seen) = (connection.signals, self.seen)
        Task {
            for await message in messages {
                seen.state.withLock { seen in
                    if message.kind == .methodCall, message.member == "Notify", message.body.count == 8,
                        let sender = message.sender, let replaces = message.body[1].uint32
                    {
                        seen.calls["\(sender)/\(message.serial)"] = Shown(
                            replaces: replaces, summary: message.body[3].text ?? "", body: message.body[4].text ?? "",
                            actions: message.body[5].elements?.compactMap(\.text) ?? [])
                    } else if message.kind == .methodReturn, let destination = message.destination,
                        let serial = message.replySerial, var call = seen.calls.removeValue(forKey: "\(destination)/\(serial)")
                    {
                        call.id = message.body.first?.uint32
                        seen.shown.append(call)
                    }
                }
            }
        }
    }

    deinit { connection.close() }

    /// The notifications shown, in order, each once its id came back.
    var shown: [Shown] { seen.state.withLock { $0.shown } }
}
