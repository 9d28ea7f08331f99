import Domain
import Rendering

/// The states every Live Activity and timer view is shown in: the content states of
/// seeds/000 and the names that stress a terminal, each a ``SessionRecipe``.
enum SessionScenarios {
    /// A name the server refuses: escape sequences, a bell and a right-to-left override.
    static let hostileName = "Evil\u{1B}[2J\u{1B}]0;pwned\u{07}\u{202E}name"

    static func scenarios(_ kind: ViewKind, _ surface: SessionRecipe.Surface) -> [Scenario] {
        states(surface).map { Scenario(kind, $0.0, $0.1, $0.2) }
    }

    /// Each state's name, title and recipe on `surface`.
    static func states(_ surface: SessionRecipe.Surface) -> [(String, String, SessionRecipe)] {
        let hoursLong = 2 * 3_600 + 14 * 60 + 5.0
        return [
            ("justStarted", "Just started", SessionRecipe(surface, moment: .justStarted)),
            ("inProgress", "In progress: 2:05 of 5:00", SessionRecipe(surface)),
            ("paused", "Paused at 2:05", SessionRecipe(surface, moment: .paused(elapsed: 125))),
            ("completed", "Completed at its target", SessionRecipe(surface, moment: .completed(elapsed: 300))),
            ("finishedEarly", "Finished early at 2:05", SessionRecipe(surface, moment: .finishedEarly(elapsed: 125))),
            ("cancelled", "Cancelled at 2:05", SessionRecipe(surface, moment: .cancelled(elapsed: 125))),
            ("expired", "Left paused until the 8-hour end", SessionRecipe(surface, moment: .expired(elapsed: 125))),
            ("openEnded", "Open-ended, 42 minutes in", SessionRecipe(surface, name: "Open sit", plannedSeconds: nil, moment: .running(elapsed: 42 * 60))),
            ("hoursLong", "Hours long: 2:14:05", SessionRecipe(surface, name: "Long sit", plannedSeconds: nil, moment: .running(elapsed: hoursLong))),
            ("overTarget", "Past its target, before the completion push", SessionRecipe(surface, script: SessionScriptMother.makeOverTarget())),
            ("stale", "Paused and left 31 minutes: out of date", SessionRecipe(surface, script: SessionScriptMother.makeStale())),
            ("countdown", "Counting down: 2:55 left", SessionRecipe(surface, timeDisplay: .remaining)),
            ("minutesOnly", "Seconds hidden", SessionRecipe(surface, showSeconds: false)),
            ("reconnecting", "Connection dropped: reconnecting", SessionRecipe(surface, reconnecting: true)),
            ("longName", "A 64-character name", SessionRecipe(surface, name: SessionAttributesMother.longName)),
            ("emoji", "An emoji name", SessionRecipe(surface, name: SessionAttributesMother.emojiName)),
            ("cjk", "A CJK name", SessionRecipe(surface, name: SessionAttributesMother.cjkName)),
            ("rightToLeft", "A right-to-left name", SessionRecipe(surface, name: SessionAttributesMother.rightToLeftName)),
            ("hostileName", "Escape sequences in the name, refused by the server", SessionRecipe(surface, name: hostileName)),
            ("warmUp", "Warming up: 6 of 10 seconds left", SessionRecipe(
                surface, plannedSeconds: 180, moment: .justStarted, viewedAfter: 4, bells: BellProgramMother.makeWarmUpSit())),
            ("scheduled", "Scheduled for an hour: starts in 4m, then 20:00", SessionRecipe(
                surface, plannedSeconds: 1_200, moment: .scheduled(startsIn: 240))),
            ("bellRinging", "A bell rung: bell 1 of 2, a second ago", SessionRecipe(
                surface, plannedSeconds: 180, moment: .rang(elapsed: 60), viewedAfter: 1, bells: BellProgramMother.makeProgram())),
            ("nextBell", "A bell program: the next bell at 3:00", SessionRecipe(surface, bells: BellProgramMother.makeProgram())),
            ("bellSchedule", "Sit 25, walk 5, sit 25: bells at instants", SessionRecipe(
                surface, plannedSeconds: 3_600, moment: .running(elapsed: 26 * 60), bells: BellProgramMother.makeSchedule())),
            ("groupSitting", "A group sit: ● 3 sitting", SessionRecipe(surface, followers: 2)),
            ("groupSatWith", "A group sit ended: sat with 3", SessionRecipe(surface, moment: .completed(elapsed: 300), followers: 2)),
        ]
    }
}
