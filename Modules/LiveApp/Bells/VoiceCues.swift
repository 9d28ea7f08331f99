import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering
import SyncProtocol

/// What a voice says of a session at an instant, decided from the state alone (ADR 0080):
/// the beginning, a warm-up, the minute marks, a pause, a resume and an end without an end
/// bell. The bells' own words are said by whoever sounds the bell (``BellPresenter``), so
/// nothing here falls on a bell: a beginning waits for a start bell to come, a minute mark
/// on an interval bell is the bell's.
///
/// Each cue is named as a bell is (`ID.voice.minutes-10`), so the processes of one machine
/// that show the session claim it once, and each process says a cue at most once.
enum VoiceCues {
    /// What one process remembers of a session it has shown.
    struct Seen: Hashable, Sendable {
        /// When it first saw the session: nothing that happened before is said.
        var first: Date
        /// Where the session was at the last push it saw.
        var phase: SessionPhase?
    }

    /// One thing to say, and the name it is claimed by.
    struct Cue: Hashable, Sendable {
        /// The claim's name, unique per session and event.
        let name: String
        /// What is said.
        let announcement: Announcement
    }

    /// The claim name of `event` (`began`, `minutes-10`) of session `id`: `ID.voice.EVENT`.
    static func name(_ id: String, _ event: String) -> String { "\(id).voice.\(event)" }

    /// The cues of `snapshot` at `now`, for a process that saw the session as `seen`, on a
    /// push (`pushed`) or a tick of its clock.
    static func due(_ snapshot: ActivitySnapshot, at now: Date, seen: Seen, pushed: Bool) -> [Cue] {
        let content = snapshot.activity.content
        let id = snapshot.id
        let phase = Self.phase(of: content)
        let fresh = pushed && Seconds.between(snapshot.timestamp, now) <= BellAlert.presentableFor
        // What happened before this process first looked is not news.
        func isNews(_ instant: Date) -> Bool {
            Seconds.between(seen.first, instant) >= -1 && Seconds.between(instant, now) <= BellAlert.presentableFor
        }
        var cues: [Cue] = []
        if fresh, let before = seen.phase {
            if before == .running, phase == .paused { cues.append(Cue(name: name(id, "paused-\(snapshot.version)"), announcement: .paused)) }
            if before == .paused, phase == .running { cues.append(Cue(name: name(id, "resumed-\(snapshot.version)"), announcement: .resumed)) }
        }
        if content.isEnded {
            // An end with an end bell is the bell's to say.
            if fresh, snapshot.event == .end, snapshot.alert?.kind != .end { cues.append(Cue(name: name(id, "ended"), announcement: .ended)) }
            return cues
        }
        guard phase == .running else { return cues }
        let program = snapshot.activity.attributes.bells
        let target = content.targetTimeInSeconds
        if content.isWarmingUp(at: now) {
            let warmedUp = (program?.warmUpSeconds ?? 0) - content.warmUpLeft(at: now)
            if isNews(now.addingTimeInterval(-warmedUp)) { cues.append(Cue(name: name(id, "warm-up"), announcement: .warmUp)) }
            return cues
        }
        let elapsed = content.elapsed(at: now)
        // A start bell still to ring says the beginning itself.
        if isNews(now.addingTimeInterval(-elapsed)), program?.bell(content.bellsRung, target: target)?.kind != .start {
            cues.append(Cue(name: name(id, "began"), announcement: .began))
        }
        if let mark = Announcement.minuteMark(elapsed: elapsed, target: target), isNews(now.addingTimeInterval(mark.sat - elapsed)),
            !(program.map { bellRings($0, at: mark.sat, target: target) } ?? false)
        {
            cues.append(Cue(name: name(id, "minutes-\(mark.minutes)"), announcement: .minutes(mark.minutes)))
        }
        return cues
    }

    /// Whether a bell of `program` rings at `sat` seconds sat.
    static func bellRings(_ program: BellProgram, at sat: Double, target: Double?) -> Bool {
        let rung = program.bellsDue(satSeconds: sat, warmedUp: true, target: target)
        guard rung > 0, let bell = program.bell(rung - 1, target: target) else { return false }
        return abs(bell.satSeconds - sat) < 0.001
    }

    /// Where `content` is, as a voice tells changes: scheduled, running (a warm-up too),
    /// paused, or one of the ends.
    static func phase(of content: ContentState) -> SessionPhase {
        SessionDisplay(name: "", content: content).phase
    }
}
