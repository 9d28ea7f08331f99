import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveApp
import Rendering
import SyncProtocol

/// The inputs of the line output: a scripted session's pushes, written by the live app's
/// own `LineReport` as they arrive, then, for the owner, the end-of-session
/// summary (`SessionSummary`) or, for a watcher, the wait for the dismissal.
/// What `moments start | cat` prints, in a `LineTranscript`.
public struct TranscriptRecipe: ControlledRecipe, Hashable {
    /// How the session ends (a ``SessionScript/Moment`` name).
    public var moment: String
    /// Whether the owner's lines (with the summary) or a watcher's.
    public var isOwner: Bool
    /// Whether the connection drops once, after the start.
    public var reconnecting: Bool

    /// A two-minute session ended at `moment`, as the owner or a watcher saw it.
    public init(moment: SessionScript.Moment = .completed(elapsed: 120), isOwner: Bool = true, reconnecting: Bool = false) {
        self.moment = moment.name
        self.isOwner = isOwner
        self.reconnecting = reconnecting
    }

    public static let controls: [RecipeControl<TranscriptRecipe>] = [
        .choice("moment", "Ends", \.moment, options: ["completed", "finishedEarly", "cancelled", "expired"]),
        .toggle("isOwner", "The owner's lines", \.isOwner),
        .toggle("reconnecting", "The connection drops once", \.reconnecting),
    ]

    /// The session played.
    public var script: SessionScript {
        let elapsed: Double = moment == "completed" ? 120 : 90
        return SessionScriptMother.makeScript(
            plannedSeconds: 120, moment: SessionScript.Moment(name: moment, elapsed: elapsed) ?? .completed(elapsed: 120))
    }

    /// The lines, as the live app writes them.
    public var lines: [String] {
        let pushes = PreviewSyncConnection(script: script).pushes
        let written = WrittenLines()
        let report = LineReport(timeZone: .utc) { written.all.append(String($0.dropLast())) }
        for (index, push) in pushes.enumerated() {
            report.report(SessionDisplay(activity: push.activity, timeDisplay: .elapsed, at: push.timestamp), at: push.timestamp)
            if reconnecting, index == 0 {
                report.say(ConnectingScreen.reconnecting(because: PreviewSessionScreenModel.unreachable), at: push.timestamp)
            }
        }
        let last = pushes[pushes.count - 1]
        if isOwner {
            let record = SessionRecord(ended: last.activity, id: Self.recordID)
            let history = PreviewSessionHistory(record.map { [$0] } ?? [])
            written.all += SessionSummary.lines(of: last.activity, history: history, timeZone: .utc, now: last.timestamp)
        } else {
            report.say(LineReport.waitingForDismissal(readsKeys: false), at: last.timestamp)
        }
        return written.all
    }

    /// The id the summary's history gives this session.
    static let recordID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1))

    public var instant: Date { script.shownAt }

    public var provenance: Provenance { .liveOnly }

    public var fixture: String {
        var arguments = MotherArguments()
        arguments.add("moment", moment, default: "completed") { "." + $0 }
        arguments.add("isOwner", isOwner, default: true) { String($0) }
        arguments.add("reconnecting", reconnecting, default: false) { String($0) }
        return SwiftLiteral.call("TranscriptRecipe", arguments.list) + ".lines"
    }

    public func view() -> AnyView {
        LineTranscript(lines: lines).erased
    }

    /// Lines collected as the report writes them.
    private final class WrittenLines {
        var all: [String] = []
    }
}
