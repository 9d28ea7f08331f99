import DBus
import Foundation
import LiveApp
import MediaControls
import Rendering
import Synchronization
import TestSupport
import Testing

/// The MPRIS player against Debian's `playerctl`, the MPRIS client GNOME's and KDE's
/// users script their media keys with, on a private `dbus-daemon` of the test's own
/// (TestSupport's ``TestSupport/DesktopSession``, no notification server needed):
/// what it reads of the player, the position running by itself, the buttons it presses
/// arriving as commands, and the signals a lock screen listens to.
@Suite("The MPRIS player against playerctl", .blocking, .timeLimit(.minutes(2)))
struct MPRISPlayerTests {
    /// A clock the test sets, which the player reads its position by.
    final class Clock: Sendable {
        let instant = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        var now: Date { instant.withLock { $0 } }
        func advance(_ seconds: Double) { instant.withLock { $0 += seconds } }
    }

    static func content(
        _ status: MediaPlayerContent.Status = .playing, track: MediaPlayerContent.Track = .sit, position: Double = 125,
        length: Double? = 1_200, artist: String = "Running · ● 3 sitting", controls: Bool = true
    ) -> MediaPlayerContent {
        MediaPlayerContent(
            track: track, title: "Morning sit", artist: artist, album: "30s warm-up · 1 to begin · 3 to end",
            lengthSeconds: length, positionSeconds: position, status: status,
            controls: controls && status != .stopped, canPause: controls && status != .stopped, canStop: controls && status != .stopped)
    }

    /// Whether `playerctl position` reads `seconds`: to the second, as playerctl itself
    /// moves a playing player's position on by the time since it read it.
    static func reads(_ seconds: Double, on bus: DesktopSession) throws -> Bool {
        let read = try playerctl("-p", "moments", "position", on: bus)
        guard let position = Double(read), abs(position - seconds) < 1 else {
            Issue.record("playerctl read position \(read), not \(seconds)")
            return false
        }
        return true
    }

    static func playerctl(_ arguments: String..., on bus: DesktopSession) throws -> String {
        try ProcessRunner.run("playerctl", arguments, environment: bus.environment).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("playerctl reads the title, artist, album and length, the status and a position that runs by itself")
    func readByPlayerctl() async throws {
        let bus = try await DesktopSession.start(notificationServer: false)
        defer { bus.stop() }
        let clock = Clock()
        let player = MPRISPlayer(connection: try await DBusConnection.session(environment: bus.environment)) { clock.now }
        defer { player.disconnect() }
        #expect(try Self.playerctl("--list-all", on: bus) == "No players found" || (try Self.playerctl("--list-all", on: bus)).isEmpty)

        try await player.show(Self.content(), madeAt: clock.now)
        #expect(player.name == MPRISPlayer.busName)
        #expect(try Self.playerctl("--list-all", on: bus) == "moments")
        let metadata = try Self.playerctl(
            "-p", "moments", "metadata", "--format", "{{title}}|{{artist}}|{{album}}|{{mpris:length}}|{{mpris:trackid}}", on: bus)
        #expect(metadata == "Morning sit|Running · ● 3 sitting|30s warm-up · 1 to begin · 3 to end|1200000000|'/app/littlemoments/Track/Sit'")
        #expect(try Self.playerctl("-p", "moments", "status", on: bus) == "Playing")
        #expect(try Self.reads(125, on: bus))
        // Ten seconds on, with no update: the position moved by itself, as a lock screen's bar does.
        clock.advance(10)
        #expect(try Self.reads(135, on: bus))

        // Paused: it stands still.
        try await player.show(Self.content(.paused, position: 135), madeAt: clock.now)
        clock.advance(30)
        #expect(try Self.playerctl("-p", "moments", "status", on: bus) == "Paused")
        #expect(try Self.reads(135, on: bus))
        // Never past the end.
        try await player.show(Self.content(position: 1_195), madeAt: clock.now)
        clock.advance(60)
        #expect(try Self.reads(1_200, on: bus))

        try await player.show(Self.content(.stopped, position: 1_200, artist: "Completed · 20:00 sat"), madeAt: clock.now)
        #expect(try Self.playerctl("-p", "moments", "status", on: bus) == "Stopped")
        #expect(try Self.playerctl("-p", "moments", "metadata", "artist", on: bus) == "Completed · 20:00 sat")

        await player.withdraw()
        #expect(try Self.playerctl("--list-all", on: bus) != "moments")
    }

    @Test("play-pause, play, pause and stop pressed in playerctl arrive as commands; nothing else does")
    func buttons() async throws {
        let bus = try await DesktopSession.start(notificationServer: false)
        defer { bus.stop() }
        let player = MPRISPlayer(connection: try await DBusConnection.session(environment: bus.environment)) { Date() }
        defer { player.disconnect() }
        try await player.show(Self.content(), madeAt: Date())
        var commands = player.commands.makeAsyncIterator()
        for (verb, command) in [("play-pause", MediaPlayerContent.Command.playPause), ("pause", .pause), ("play", .play), ("stop", .stop)] {
            _ = try Self.playerctl("-p", "moments", verb, on: bus)
            #expect(await commands.next() == command, "\(verb)")
        }
        // Next and seeking do nothing (CanGoNext and CanSeek are false), and say nothing.
        _ = try? Self.playerctl("-p", "moments", "next", on: bus)
        _ = try Self.playerctl("-p", "moments", "play-pause", on: bus)
        #expect(await commands.next() == .playPause)
    }

    @Test("a change is announced with PropertiesChanged; a warm-up's end and a new target with Seeked")
    func signals() async throws {
        let bus = try await DesktopSession.start(notificationServer: false)
        defer { bus.stop() }
        let listener = try await DBusConnection.session(environment: bus.environment)
        defer { listener.close() }
        try await listener.addMatch("type='signal',path='/org/mpris/MediaPlayer2'")
        let clock = Clock()
        let player = MPRISPlayer(connection: try await DBusConnection.session(environment: bus.environment)) { clock.now }
        defer { player.disconnect() }
        var signals = listener.signals.filter { $0.path == MPRISPlayer.path }.makeAsyncIterator()

        try await player.show(Self.content(track: .warmUp, position: 10, length: 30, artist: "Warm-up, then 20:00"), madeAt: clock.now)
        clock.advance(5)
        // Five seconds on, as expected: nothing to say.
        try await player.show(Self.content(track: .warmUp, position: 15, length: 30, artist: "Warm-up, then 20:00"), madeAt: clock.now)
        clock.advance(15)
        // The warm-up ended: a new track, its length the target, at 0.
        try await player.show(Self.content(position: 0, artist: "Running"), madeAt: clock.now)
        let changed = try #require(await signals.next())
        #expect(changed.member == "PropertiesChanged")
        #expect(changed.body.first == .string("org.mpris.MediaPlayer2.Player"))
        let fields = changed.body[1].elements?.compactMap { entry -> String? in
            if case .dictEntry(let key, _) = entry { return key.text } else { return nil }
        }
        #expect(fields == ["Metadata"])
        let seeked = try #require(await signals.next())
        #expect(seeked.member == "Seeked")
        #expect(seeked.body == [.int64(0)])

        // A pause: the status changes (CanPause does not: MPRIS asks it not to depend on
        // whether the track plays now); the position does not jump.
        clock.advance(3)
        try await player.show(Self.content(.paused, position: 3, artist: "Paused"), madeAt: clock.now)
        let paused = try #require(await signals.next())
        #expect(paused.member == "PropertiesChanged")
        let keys = paused.body[1].elements?.compactMap { entry -> String? in
            if case .dictEntry(let key, _) = entry { return key.text } else { return nil }
        }
        #expect(keys == ["Metadata", "PlaybackStatus"])
        // Three minutes more on the target, while paused: the length moved, so Seeked.
        try await player.show(Self.content(.paused, position: 3, length: 1_380, artist: "Paused"), madeAt: clock.now)
        #expect(try #require(await signals.next()).member == "PropertiesChanged")
        let moved = try #require(await signals.next())
        #expect(moved.member == "Seeked")
        #expect(moved.body == [.int64(3_000_000)])
    }

    @Test("a second player on the same desktop takes an instance name; both are listed")
    func twoPlayers() async throws {
        let bus = try await DesktopSession.start(notificationServer: false)
        defer { bus.stop() }
        let first = MPRISPlayer(connection: try await DBusConnection.session(environment: bus.environment)) { Date() }
        let second = MPRISPlayer(connection: try await DBusConnection.session(environment: bus.environment)) { Date() }
        defer {
            first.disconnect()
            second.disconnect()
        }
        try await first.show(Self.content(), madeAt: Date())
        try await second.show(Self.content(.paused), madeAt: Date())
        #expect(second.name == "\(MPRISPlayer.busName).instance\(getpid())")
        let listed = Set(try Self.playerctl("--list-all", on: bus).split(separator: "\n").map(String.init))
        #expect(listed == ["moments", "moments.instance\(getpid())"])
        #expect(try Self.playerctl("-p", "moments.instance\(getpid())", "status", on: bus) == "Paused")
    }
}
