import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveApp
import Rendering
import SyncProtocol

/// The accessible mode's lines (`moments start --accessible`, `ACCESSIBLE=1`): a scripted
/// session's pushes handed to the live app's own screen model, the keys a person types
/// after the first, and the lines the live app's own report writes of each
/// (`LineReport.show(_:readsKeys:at:)`, as the session loop calls it): its state lines,
/// the keys said as they change, a question asked in words, the help panel.
public struct AccessibleRecipe: ControlledRecipe, Hashable {
    /// How the session stands when the keys are typed (a ``SessionScript/Moment`` name).
    public var moment: String
    /// The keys typed after the first push, as a person types them (`?`, `c`, ` `).
    public var keys: String

    /// The lines of a five-minute session at `moment`, with `keys` typed.
    public init(moment: SessionScript.Moment = .running(elapsed: 125), keys: String = "") {
        self.moment = moment.name
        self.keys = keys
    }

    public static let controls: [RecipeControl<AccessibleRecipe>] = [
        .choice("moment", "Moment", \.moment, options: ["justStarted", "running", "paused", "completed"]),
        .text("keys", "Keys typed", \.keys),
    ]

    /// The session played.
    public var script: SessionScript {
        SessionScriptMother.makeScript(moment: SessionScript.Moment(name: moment, elapsed: 125) ?? .running(elapsed: 125))
    }

    /// The text written, as the live app writes it to the terminal (the cursor left at the
    /// end of the last line, so the text ends without a line break).
    public var text: String {
        var written = ""
        let report = LineReport(timeZone: .utc, accessible: true, minutes: false) { written += $0 }
        var model = LiveScreenModel(isOwner: true)
        for push in PreviewSyncConnection(script: script).pushes {
            model.receive(push)
            report.show(model, readsKeys: true, at: push.timestamp)
        }
        if !keys.isEmpty {
            _ = model.type(keys)
            report.show(model, readsKeys: true, at: script.shownAt)
        }
        return written
    }

    public var instant: Date { script.shownAt }

    public var provenance: Provenance { .liveOnly }

    public var fixture: String {
        var arguments = MotherArguments()
        arguments.add("moment", moment, default: "running") { "." + $0 }
        arguments.add("keys", keys, default: "") { SwiftLiteral.string($0) }
        return SwiftLiteral.call("AccessibleRecipe", arguments.list) + ".text"
    }

    public func view() -> AnyView {
        LineTranscript(lines: text.components(separatedBy: "\n")).erased
    }
}
