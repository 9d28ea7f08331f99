import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering

/// The inputs of what a voice says: a scripted session (a ``SessionRecipe``, so every
/// state comes from the same Mothers as the banner's) and the event said of it. The words
/// are `Announcement.words(of:)` of the session's display, as the live app's bell presenter
/// says them; the consistency test plays the script to a real presenter and hears the same.
public struct AnnouncementRecipe: SessionSurfaceRecipe, Hashable {
    /// The session spoken of.
    public var session: SessionRecipe
    /// The event said: one of ``events``.
    public var event: String

    /// The events a voice says, by name.
    public static let events = ["began", "warmUp", "bell", "minutes", "paused", "resumed", "ended"]

    /// What is said of `session` at `event`.
    public init(_ session: SessionRecipe, event: String) {
        self.session = session
        self.event = event
    }

    public static let controls: [RecipeControl<AnnouncementRecipe>] = sessionControls + [
        .choice("event", "What happened", \.event, options: events),
    ]

    /// The announcement of ``event`` for the session shown, or `nil` when it has none (a
    /// bell with no bell rung, a minute with no mark passed).
    public var announcement: Announcement? { announcement(of: session.display) }

    /// The words said, or `nil` when the event has none here.
    public var words: String? {
        let display = session.display
        return announcement(of: display)?.words(of: display)
    }

    private func announcement(of display: SessionDisplay) -> Announcement? {
        switch event {
        case "began": return .began
        case "warmUp": return .warmUp
        case "bell": return display.alert.map { .bell($0) }
        case "minutes":
            let content = display.content
            return Announcement.minuteMark(elapsed: content.elapsed(at: instant), target: content.targetTimeInSeconds)
                .map { .minutes($0.minutes) }
        case "paused": return .paused
        case "resumed": return .resumed
        default: return .ended
        }
    }

    public var instant: Date { session.instant }

    public var provenance: Provenance {
        guard announcement != nil else { return .unreachable(reason: "nothing of this kind happened at this moment: nothing is said") }
        return session.provenance
    }

    public var fixture: String {
        let display = session.fixture
        let said: String
        switch announcement {
        case .bell?: said = "Announcement.bell(\(display).alert!)"
        case .minutes(let count)?: said = "Announcement.minutes(\(count))"
        default: said = "Announcement.\(event)"
        }
        return "AnnouncementCard(words: \(said).words(of: \(display)), level: .\((announcement?.level ?? .all).rawValue))"
    }

    public func view() -> AnyView {
        let display = session.display
        let announcement = announcement(of: display)
        return AnnouncementCard(words: announcement?.words(of: display) ?? "(nothing is said)", level: announcement?.level ?? .all).erased
    }
}

/// What a voice says at each event, of sessions from the Live Activity's scenarios.
enum AnnouncementScenarios {
    static func scenarios(_ kind: ViewKind) -> [Scenario] {
        let sit = { (moment: SessionScript.Moment) in SessionRecipe(.lock, plannedSeconds: 1_200, moment: moment) }
        let bells = BellProgramMother.makeProgram(interval: .every(300))
        return [
            Scenario(kind, "began", "Twenty minutes. Begin.", AnnouncementRecipe(sit(.justStarted), event: "began")),
            Scenario(kind, "warmUp", "A warm-up begins", AnnouncementRecipe(SessionRecipe(
                .lock, plannedSeconds: 180, moment: .justStarted, viewedAfter: 4, bells: BellProgramMother.makeWarmUpSit()), event: "warmUp")),
            Scenario(kind, "bell", "An interval bell, with the time left", AnnouncementRecipe(SessionRecipe(
                .lock, plannedSeconds: 1_200, moment: .rang(elapsed: 600), bells: bells), event: "bell")),
            Scenario(kind, "minutesLeft", "Ten minutes remain", AnnouncementRecipe(sit(.running(elapsed: 600)), event: "minutes")),
            Scenario(kind, "lastMinute", "One minute remains", AnnouncementRecipe(sit(.running(elapsed: 1_140)), event: "minutes")),
            Scenario(kind, "openEnded", "Open-ended: fifteen minutes sat", AnnouncementRecipe(SessionRecipe(
                .lock, name: "Open sit", plannedSeconds: nil, moment: .running(elapsed: 900)), event: "minutes")),
            Scenario(kind, "paused", "Paused", AnnouncementRecipe(sit(.paused(elapsed: 125)), event: "paused")),
            Scenario(kind, "resumed", "Resumed", AnnouncementRecipe(sit(.running(elapsed: 125)), event: "resumed")),
            Scenario(kind, "completed", "Your sit is complete", AnnouncementRecipe(sit(.completed(elapsed: 1_200)), event: "ended")),
            Scenario(kind, "finishedEarly", "Finished early", AnnouncementRecipe(sit(.finishedEarly(elapsed: 250)), event: "ended")),
            Scenario(kind, "cancelled", "Cancelled; not counted", AnnouncementRecipe(sit(.cancelled(elapsed: 125)), event: "ended")),
            Scenario(kind, "noMark", "No minute mark passed: nothing is said", AnnouncementRecipe(sit(.running(elapsed: 125)), event: "minutes")),
        ]
    }
}
