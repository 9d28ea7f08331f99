import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A session as the desktop's media player shows it (an MPRIS player, on GNOME's, KDE's
/// and Cinnamon's lock screens and in their quick settings): a title, an artist line, an
/// album, a track with a length and a position that runs by itself while it plays, and
/// which of the play and pause buttons work. One more presentation of the Live Activity,
/// computed from the same ``SessionDisplay`` every other surface draws, so the lock
/// screen can never say something the banner does not.
///
/// A sit is one track; its warm-up is another before it (its own length, filling as it
/// counts down), so the lock screen's bar never counts the warm-up as time sat. A
/// scheduled sit is the sit's track, paused at its start, whose play button starts it now.
public struct MediaPlayerContent: Hashable, Sendable {
    /// Whether the track plays (`PlaybackStatus`).
    public enum Status: String, Hashable, Sendable, CaseIterable {
        /// The time runs: the lock screen moves the position by itself, at ``rate``.
        case playing = "Playing"
        /// The time stands: paused, or scheduled and not begun.
        case paused = "Paused"
        /// The session is over.
        case stopped = "Stopped"
    }

    /// Which part of the session the track is, the last part of its `mpris:trackid`.
    public enum Track: String, Hashable, Sendable, CaseIterable {
        /// The warm-up before the sit, not counted as sat.
        case warmUp = "WarmUp"
        /// The sit itself, scheduled, running, paused or ended.
        case sit = "Sit"
    }

    /// What the media controls send, as MPRIS names them.
    public enum Command: String, Hashable, Sendable, CaseIterable {
        /// `Play`: resume, or start a scheduled sit now.
        case play = "Play"
        /// `Pause`.
        case pause = "Pause"
        /// `PlayPause`: whichever of the two the status asks for.
        case playPause = "PlayPause"
        /// `Stop`: finish now, counting the time sat.
        case stop = "Stop"
    }

    /// The rate the position moves at while playing: real time, always.
    public static let rate = 1.0
    /// The player's name (`Identity`), and the title of a session without a name.
    public static let identity = "Little Moments"

    /// The track.
    public var track: Track
    /// `xesam:title`: the session's name.
    public var title: String
    /// `xesam:artist`: what is happening, as the line under the title says it: the phase,
    /// a bell as it rings, when a scheduled sit starts, who sits with a group.
    public var artist: String
    /// `xesam:album`: the session's bells (`BellProgram`'s summary), or
    /// `no bells`.
    public var album: String
    /// `mpris:length` in seconds: the target (the warm-up's own length for the warm-up's
    /// track), or `nil` for an open-ended sit.
    public var lengthSeconds: Double?
    /// `Position` in seconds at the instant the content was made; ``position(after:)``
    /// moves it on while playing.
    public var positionSeconds: Double
    /// `PlaybackStatus`.
    public var status: Status
    /// Whether the buttons change the session: it is one's own, not a group sit followed.
    public var controls: Bool
    /// `CanPause`: the session can be paused (one's own, begun and not over), whether it
    /// runs now or not, as MPRIS defines it.
    public var canPause: Bool
    /// Whether `Stop` finishes the session: it is one's own, begun and not over.
    public var canStop: Bool

    /// Whether `Play` (or `PlayPause` while paused) resumes the session, or starts a
    /// scheduled one now.
    public var playStarts: Bool { controls && status == .paused }

    /// A player's content of these parts.
    public init(
        track: Track, title: String, artist: String, album: String, lengthSeconds: Double?, positionSeconds: Double,
        status: Status, controls: Bool, canPause: Bool, canStop: Bool
    ) {
        self.track = track
        self.title = title
        self.artist = artist
        self.album = album
        self.lengthSeconds = lengthSeconds
        self.positionSeconds = positionSeconds
        self.status = status
        self.controls = controls
        self.canPause = canPause
        self.canStop = canStop
    }

    /// The player's content of `session` at `now`. `pending` is the label of an intent
    /// sent and not yet answered (`Pausing`), shown in place of the phase; `controls` is
    /// false for a follower of a group sit, whose buttons change nothing.
    public init(session: SessionDisplay, at now: Date, pending: String? = nil, controls: Bool = true) {
        let phase = session.phase(at: now)
        let content = session.content
        let name = Sanitizer.clean(session.name)
        title = name.isEmpty ? Self.identity : name
        album = session.program.map(\.summary) ?? "no bells"
        var artist: String
        if phase.isEnded {
            let sat = timerDisplayFromSeconds(seconds: content.secondsElapsed, showSeconds: content.showSeconds)
            artist = phase == .cancelled ? "\(phase.label) · not counted" : "\(phase.label) · \(sat) sat"
        } else if pending == nil, let bell = session.flashing(at: now) {
            artist = bell.title
        } else if pending == nil, phase == .scheduled {
            artist = "Scheduled · \(session.startsText(at: now) ?? "starts now")"
        } else if pending == nil, phase == .warmingUp {
            artist = "Warm-up, then \(session.targetText ?? "open-ended")"
        } else {
            artist = pending.map { $0 + "…" } ?? phase.label
        }
        if let presence = session.presenceText { artist += " · \(presence)" }
        self.artist = artist
        if content.isWarmingUp(at: now), !content.isEnded {
            let warmUp = max(session.program?.warmUpSeconds ?? 0, content.warmUpLeft)
            track = .warmUp
            lengthSeconds = warmUp
            positionSeconds = Seconds.canonical(warmUp - content.warmUpLeft(at: now))
        } else {
            track = .sit
            lengthSeconds = content.targetTimeInSeconds
            positionSeconds = content.isEnded ? content.secondsElapsed : content.elapsed(at: now)
        }
        if content.isEnded {
            status = .stopped
        } else {
            status = content.isPaused ? .paused : .playing
        }
        let own = controls && !content.isEnded
        self.controls = own
        canPause = own && !content.isScheduled
        canStop = own && !content.isScheduled
    }

    /// The position `seconds` after the content was made: moving on at ``rate`` while
    /// playing, never past the length; standing still otherwise. What the player answers a
    /// `Position` read with between pushes, as the lock screen computes it by itself.
    public func position(after seconds: Double) -> Double {
        guard status == .playing else { return positionSeconds }
        let moved = positionSeconds + Self.rate * max(0, seconds)
        return lengthSeconds.map { min($0, moved) } ?? moved
    }

    /// Whether a player showing `previous` must say the position jumped (`Seeked`): the
    /// track or its length changed, or the position is not where `previous`, `elapsed`
    /// seconds on, put it (a pause's resume moves nothing; a warm-up's end, a new target, a
    /// push after time was lost all do).
    public func seeked(from previous: MediaPlayerContent, after elapsed: Double) -> Bool {
        if previous.track != track || previous.lengthSeconds != lengthSeconds { return true }
        return abs(previous.position(after: elapsed) - positionSeconds) > 1
    }
}
