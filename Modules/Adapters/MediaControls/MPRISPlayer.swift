#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DBus
import LiveApp
import Rendering
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A session's media player on the session bus, as the MPRIS D-Bus Interface
/// Specification 2.2 has it: `org.mpris.MediaPlayer2` and `org.mpris.MediaPlayer2.Player`
/// at `/org/mpris/MediaPlayer2`, under the name `org.mpris.MediaPlayer2.moments` (or
/// `….moments.instance<pid>` when another `moments` has it). GNOME Shell, KDE Plasma and
/// Cinnamon show such a player on the lock screen and in their quick settings; playerctl
/// reads and drives it.
///
/// What it shows is a ``Rendering/MediaPlayerContent``: `Metadata` (the title, the artist
/// line, the album, the length), `PlaybackStatus`, `CanPause` (`CanPlay` is true while a
/// session is shown), and `Position`
/// read at the moment it is asked, moving on at `Rate` 1 while playing, so the lock screen's
/// bar runs by itself between updates. Each change is announced with `PropertiesChanged`;
/// a position that jumped with `Seeked`. `Play`, `Pause`, `PlayPause` and `Stop` arrive on
/// ``commands`` and change nothing here: the live app sends them to the server as intents.
public final class MPRISPlayer: MediaPlayerOutlet {
    /// The well-known name's first choice.
    public static let busName = "org.mpris.MediaPlayer2.moments"
    /// The object path MPRIS players are found at.
    public static let path = "/org/mpris/MediaPlayer2"
    static let rootInterface = "org.mpris.MediaPlayer2"
    static let playerInterface = "org.mpris.MediaPlayer2.Player"
    /// The track ids' folder: `/app/littlemoments/Track/Sit`.
    static let trackFolder = "/app/littlemoments/Track/"
    /// The track id of a player showing nothing, as the specification names it.
    static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"
    /// The `.desktop` file's name, without `.desktop` (`Scripts/install` writes it).
    public static let desktopEntry = "moments"

    private struct State {
        var content: MediaPlayerContent?
        var madeAt = Date(timeIntervalSince1970: 0)
        var name: String?
    }

    /// What the player shows, shared by ``show(_:madeAt:)`` and the bus's reader thread
    /// answering reads of its properties.
    private final class Held: Sendable {
        let state = Mutex(State())
    }

    /// The bus connection.
    public let connection: DBusConnection
    private let now: @Sendable () -> Date
    private let held = Held()
    public let commands: AsyncStream<MediaPlayerContent.Command>
    private let sink: AsyncStream<MediaPlayerContent.Command>.Continuation

    /// A player on `connection`, exported at once and named on the bus at its first
    /// ``show(_:madeAt:)``; `now` is the clock its position is read by.
    public init(connection: DBusConnection, now: @escaping @Sendable () -> Date) {
        self.connection = connection
        self.now = now
        (commands, sink) = AsyncStream.makeStream(of: MediaPlayerContent.Command.self)
        connection.export([root, player], at: Self.path)
    }

    /// The well-known name the player holds, or `nil` while it is not on the bus.
    public var name: String? { held.state.withLock { $0.name } }

    public func show(_ content: MediaPlayerContent, madeAt instant: Date) async throws(MediaPlayerUnavailable) {
        let previous = held.state.withLock { state in
            defer { (state.content, state.madeAt) = (content, instant) }
            return state.content.map { ($0, state.madeAt) }
        }
        if name == nil {
            // The name comes last, once the properties hold what it shows: whoever sees it
            // appear reads the session, never an empty player.
            try await takeName()
            return
        }
        guard let (before, at) = previous else { return }
        var changed: [(String, DBusValue)] = []
        if Self.metadata(content) != Self.metadata(before) { changed.append(("Metadata", Self.metadata(content))) }
        if content.status != before.status { changed.append(("PlaybackStatus", .string(content.status.rawValue))) }
        if content.canPause != before.canPause { changed.append(("CanPause", .boolean(content.canPause))) }
        do throws(DBusError) {
            if !changed.isEmpty {
                try connection.emitPropertiesChanged(path: Self.path, interface: Self.playerInterface, changed: changed)
            }
            if content.seeked(from: before, after: instant.timeIntervalSince(at)) {
                try connection.send(
                    .signal(path: Self.path, interface: Self.playerInterface, member: "Seeked",
                        body: [.int64(Self.microseconds(content.positionSeconds))]))
            }
        } catch {
            throw MediaPlayerUnavailable("the session bus took no more of the player: \(error.description)")
        }
    }

    public func withdraw() async {
        let name = held.state.withLock { state in
            defer { (state.name, state.content) = (nil, nil) }
            return state.name
        }
        if let name { await connection.releaseName(name) }
    }

    public func disconnect() {
        sink.finish()
        connection.close()
    }

    private func takeName() async throws(MediaPlayerUnavailable) {
        for name in [Self.busName, "\(Self.busName).instance\(getpid())"] {
            do throws(DBusError) {
                guard try await connection.requestName(name) else { continue }
            } catch {
                throw MediaPlayerUnavailable("the session bus refused the player's name: \(error.description)")
            }
            held.state.withLock { $0.name = name }
            return
        }
        throw MediaPlayerUnavailable("another program holds this process's player name on the session bus")
    }

    // MARK: - The two interfaces

    private var root: DBusInterface {
        let nothing = DBusMethod { _ throws(DBusError) in [] }
        return DBusInterface(
            Self.rootInterface,
            methods: ["Raise": nothing, "Quit": nothing],
            properties: [
                "CanQuit": .constant(.boolean(false)), "CanRaise": .constant(.boolean(false)),
                "HasTrackList": .constant(.boolean(false)), "Identity": .constant(.string(MediaPlayerContent.identity)),
                "DesktopEntry": .constant(.string(Self.desktopEntry)),
                "SupportedUriSchemes": .constant(.strings([])), "SupportedMimeTypes": .constant(.strings([])),
            ])
    }

    private var player: DBusInterface {
        let (sink, held, now) = (self.sink, self.held, self.now)
        let command = { (command: MediaPlayerContent.Command) in
            DBusMethod { _ throws(DBusError) in
                sink.yield(command)
                return []
            }
        }
        // A sit has no next track and no place to seek to: these do nothing, as the
        // specification asks of a player whose CanGoNext and CanSeek are false.
        let nothing = { (arguments: [DBusArgument]) in DBusMethod(arguments: arguments) { _ throws(DBusError) in [] } }
        let shown = { @Sendable () -> (MediaPlayerContent?, Date) in held.state.withLock { ($0.content, $0.madeAt) } }
        let flag = { @Sendable (read: @escaping @Sendable (MediaPlayerContent) -> Bool) in
            DBusProperty(.boolean) { .boolean(shown().0.map(read) ?? false) }
        }
        let ignored = { @Sendable (_: DBusValue) throws(DBusError) in }
        return DBusInterface(
            Self.playerInterface,
            methods: [
                "Play": command(.play), "Pause": command(.pause), "PlayPause": command(.playPause), "Stop": command(.stop),
                "Next": nothing([]), "Previous": nothing([]), "Seek": nothing([DBusArgument("Offset", .int64)]),
                "SetPosition": nothing([DBusArgument("TrackId", .objectPath), DBusArgument("Position", .int64)]),
                "OpenUri": nothing([DBusArgument("Uri", .string)]),
            ],
            properties: [
                "PlaybackStatus": DBusProperty(.string) { .string((shown().0?.status ?? .stopped).rawValue) },
                "Metadata": DBusProperty(.array(.dictEntry(key: .string, value: .variant))) { Self.metadata(shown().0) },
                "Position": DBusProperty(.int64) {
                    let (content, madeAt) = shown()
                    return .int64(Self.microseconds(content?.position(after: now().timeIntervalSince(madeAt)) ?? 0))
                },
                // Rate and Volume are writable in the specification; a sit keeps real time
                // and the bell's own volume, so a write changes nothing.
                "Rate": DBusProperty(.double, get: { .double(MediaPlayerContent.rate) }, set: ignored),
                "Volume": DBusProperty(.double, get: { .double(1) }, set: ignored),
                "MinimumRate": .constant(.double(MediaPlayerContent.rate)),
                "MaximumRate": .constant(.double(MediaPlayerContent.rate)),
                "CanGoNext": .constant(.boolean(false)), "CanGoPrevious": .constant(.boolean(false)),
                "CanSeek": .constant(.boolean(false)), "CanControl": .constant(.boolean(true)),
                // True whenever a session is shown: MPRIS defines it as not depending on the
                // status, and its clients hide a player that cannot play (ADR 0077). What Play
                // does is the content's `playStarts`.
                "CanPlay": DBusProperty(.boolean) { .boolean(shown().0 != nil) }, "CanPause": flag(\.canPause),
            ],
            signals: ["Seeked": [DBusArgument("Position", .int64)]])
    }

    /// `Metadata` of `content`: the track id, the length when there is one, the title, the
    /// artist line and the album; only the track id that means none without content.
    static func metadata(_ content: MediaPlayerContent?) -> DBusValue {
        guard let content else { return .dictionary([("mpris:trackid", .objectPath(noTrack))]) }
        var pairs: [(String, DBusValue)] = [("mpris:trackid", .objectPath(trackFolder + content.track.rawValue))]
        if let length = content.lengthSeconds { pairs.append(("mpris:length", .int64(microseconds(length)))) }
        pairs += [
            ("xesam:title", .string(content.title)), ("xesam:artist", .strings([content.artist])),
            ("xesam:album", .string(content.album)),
        ]
        return .dictionary(pairs)
    }

    /// Seconds as MPRIS's microseconds.
    static func microseconds(_ seconds: Double) -> Int64 {
        Int64((seconds * 1_000_000).rounded())
    }
}
