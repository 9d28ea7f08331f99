import Rendering

/// The states only the live app's loop shows, each a scenario: the owner's screen before
/// the first push, with a question or panel open, with an intent pending or refused;
/// `moments watch` in each presentation; and the line output with its summary.
enum LiveScenarios {
    static func scenarios(_ kind: ViewKind) -> [Scenario] {
        switch kind {
        case .liveScreen:
            return [
                Scenario(kind, "connecting", "Connecting, before the first push", LiveStateRecipe(.connecting)),
                Scenario(kind, "cannotConnect", "The server not answering yet", LiveStateRecipe(.cannotConnect)),
                Scenario(kind, "reconnecting", "The connection dropped after a push", LiveStateRecipe(.reconnecting)),
                Scenario(kind, "help", "The help panel: every key", LiveStateRecipe(.help)),
                Scenario(kind, "confirmCancel", "c: cancel the session?", LiveStateRecipe(.confirmCancel)),
                Scenario(kind, "confirmQuit", "q: leave it running?", LiveStateRecipe(.confirmQuit)),
                Scenario(
                    kind, "confirmReplace", "moments start 5m over a session left running: replace it?",
                    LiveStateRecipe(.confirmReplace)),
                Scenario(kind, "pending", "Space pressed, the answer not back: Pausing", LiveStateRecipe(.pending)),
                Scenario(kind, "refused", "A minute off refused: below the time sat", LiveStateRecipe(.refused)),
                Scenario(kind, "groupLeader", "moments start --group: the code others join with", LiveStateRecipe(.groupLeader)),
                Scenario(kind, "groupFollower", "moments join CODE: the leader's sit, only Leave", LiveStateRecipe(.groupFollower)),
                Scenario(kind, "groupRevoked", "The leader revoked the join code", LiveStateRecipe(.groupRevoked)),
                Scenario(kind, "groupJoining", "moments join CODE, before the sit's first push", LiveStateRecipe(.groupJoining)),
                Scenario(
                    kind, "groupLeaderGone", "A follower whose server went away with the leader's machine",
                    LiveStateRecipe(.groupLeaderGone)),
                Scenario(kind, "groupCrowd", "A follower of a sit 10,000 people sit", LiveStateRecipe(.groupCrowd)),
                Scenario(kind, "groupSatWith", "The leader's sit ended: sat with 14", LiveStateRecipe(.groupSatWith)),
                Scenario(
                    kind, "scheduled", "moments start 20m --group --in 4m: the countdown to the start", LiveStateRecipe(.scheduled)),
                Scenario(
                    kind, "scheduledFollower", "moments join CODE before the sit begins: starts in 4m",
                    LiveStateRecipe(.scheduledFollower)),
            ]
        case .watchScreen:
            return [
                Scenario(kind, "lock", "moments watch: the lock screen", LiveStateRecipe(.running, on: .lock)),
                Scenario(kind, "compact", "moments watch --presentation compact", LiveStateRecipe(.running, on: .compact)),
                Scenario(kind, "minimal", "moments watch --presentation minimal", LiveStateRecipe(.running, on: .minimal)),
                Scenario(kind, "expanded", "moments watch --presentation expanded, paused", LiveStateRecipe(.paused, on: .expanded)),
                Scenario(kind, "connecting", "Watching, before the first push", LiveStateRecipe(.connecting, on: .lock)),
                Scenario(kind, "reconnecting", "Watching, the connection dropped", LiveStateRecipe(.reconnecting, on: .lock)),
                Scenario(kind, "completed", "Watching a completed session", LiveStateRecipe(.completed, on: .lock)),
                Scenario(kind, "groupFollower", "moments watch CODE: a group sit followed", LiveStateRecipe(.groupFollower, on: .lock)),
                Scenario(
                    kind, "groupCrowdExpanded", "moments watch CODE --presentation expanded: 10,000 sitting",
                    LiveStateRecipe(.groupCrowd, on: .expanded)),
                Scenario(
                    kind, "scheduledLock", "moments watch CODE before a scheduled sit: starts in 4m",
                    LiveStateRecipe(.scheduledFollower, on: .lock)),
            ]
        case .lineOutput:
            return [
                Scenario(kind, "completed", "moments start 2m | cat: completed, then the summary", TranscriptRecipe()),
                Scenario(kind, "finishedEarly", "Finished early", TranscriptRecipe(moment: .finishedEarly(elapsed: 90))),
                Scenario(kind, "reconnecting", "The connection dropped once", TranscriptRecipe(reconnecting: true)),
                Scenario(kind, "watcher", "A watcher's lines: waiting for the dismissal", TranscriptRecipe(isOwner: false)),
                Scenario(kind, "accessible", "moments start --accessible: the state and the keys that work, in words", AccessibleRecipe()),
                Scenario(kind, "accessiblePause", "Accessible: space pressed, awaiting the answer", AccessibleRecipe(keys: " ")),
                Scenario(kind, "accessiblePaused", "Accessible: a paused session's keys", AccessibleRecipe(moment: .paused(elapsed: 125))),
                Scenario(kind, "accessibleHelp", "Accessible: the help panel as one line", AccessibleRecipe(keys: "?")),
                Scenario(kind, "accessibleQuestion", "Accessible: c asks in words whether to cancel", AccessibleRecipe(keys: "c")),
                Scenario(kind, "accessibleCompleted", "Accessible: the end, with nothing left to press but q", AccessibleRecipe(moment: .completed(elapsed: 300))),
            ]
        default:
            return []
        }
    }
}
