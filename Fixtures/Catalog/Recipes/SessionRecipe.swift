import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveApp
import Rendering

/// The inputs of every Live Activity and timer view: a scripted session
/// (``SessionScript``) shown through `SessionDisplay(activity:…)`, as the live app shows a
/// pushed activity.
public struct SessionRecipe: ControlledRecipe, Hashable {
    /// The session views, each built the way the live app builds it: a Live Activity
    /// surface through `ActivitySurface` where the surface is the whole view.
    public enum Surface: Hashable, Sendable, CaseIterable {
        /// `TimerScreen` with the keys the live screen shows.
        case timer
        /// `ActivitySurface.lock`.
        case lock
        /// `CompactLeading`, the left of `ActivitySurface.compact`.
        case compactLeading
        /// `CompactTrailing`, the right of `ActivitySurface.compact`.
        case compactTrailing
        /// `ActivitySurface.minimal`.
        case minimal
        /// `ActivitySurface.expanded`.
        case expanded
        /// `StatusLinePreview`: the line `moments status` prints, in every format.
        case statusLine

        /// The view of `display` on this surface, with the keys and buttons the live app's
        /// key table offers for the session's state (`SessionKeys`).
        public func view(_ display: SessionDisplay) -> AnyView {
            let state = SessionKeys.state(of: display.content)
            let buttons = SessionKeys.buttons(in: state)
            switch self {
            case .timer: return TimerScreen(session: display, hints: SessionKeys.hints(in: state, isOwner: true)).erased
            case .lock: return ActivitySurface.lock.view(display, buttons: buttons)
            case .compactLeading: return CompactLeading(session: display).erased
            case .compactTrailing: return CompactTrailing(session: display).erased
            case .minimal: return ActivitySurface.minimal.view(display, buttons: buttons)
            case .expanded: return ActivitySurface.expanded.view(display, buttons: buttons)
            case .statusLine: return StatusLinePreview(line: StatusLine(session: display)).erased
            }
        }
    }

    /// Which view the recipe feeds.
    public let surface: Surface
    /// The name typed; one the server refuses is still drawn (the views must sanitise it),
    /// and makes the state unreachable by a push.
    public var name: String
    /// The planned seconds; zero for open-ended.
    public var plannedSeconds: Double
    /// Where the session is (a ``SessionScript/Moment`` name).
    public var moment: String
    /// Seconds sat when the moment happened.
    public var elapsed: Double
    /// Seconds between the last push and the instant shown.
    public var viewedAfter: Double
    /// Whether seconds are shown.
    public var showSeconds: Bool
    /// Count up or down.
    public var timeDisplay: Settings.TimeDisplay
    /// Whether the connection to the server dropped.
    public var reconnecting: Bool
    /// The session's bells, in the words `--bells` reads (`BellProgram.text`); empty for none.
    public var bells: String
    /// How many follow the session besides its leader: over 0, it is a group sit they
    /// follow (ADR 0072), and the server counts them (ADR 0073). A control's number, so
    /// whole numbers are read from it.
    public var followers: Double

    /// A recipe for `surface`; the defaults are seeds/000's session: 125 of 300 seconds,
    /// running.
    public init(
        _ surface: Surface, name: String = "Morning sit", plannedSeconds: Double? = 300, moment: SessionScript.Moment = .running(elapsed: 125),
        viewedAfter: Double = 0, showSeconds: Bool = true, timeDisplay: Settings.TimeDisplay = .elapsed,
        reconnecting: Bool = false, bells: BellProgram? = nil, followers: Int = 0
    ) {
        self.bells = bells?.text ?? ""
        self.followers = Double(followers)
        self.surface = surface
        self.name = name
        self.plannedSeconds = plannedSeconds ?? 0
        self.moment = moment.name
        self.elapsed = moment.elapsed
        self.viewedAfter = viewedAfter
        self.showSeconds = showSeconds
        self.timeDisplay = timeDisplay
        self.reconnecting = reconnecting
    }

    /// A recipe for `surface` that plays `script`, one of ``SessionScriptMother``'s, so a
    /// state the Mother names is made by the Mother. The script is started at the
    /// fixtures' morning, as every recipe's is; its own start is not an input.
    public init(
        _ surface: Surface, script: SessionScript, timeDisplay: Settings.TimeDisplay = .elapsed, reconnecting: Bool = false
    ) {
        self.init(
            surface, name: script.attributes.name.value, plannedSeconds: script.attributes.plannedSeconds,
            moment: script.moment, viewedAfter: script.viewedAfter, showSeconds: script.showSeconds,
            timeDisplay: timeDisplay, reconnecting: reconnecting, bells: script.attributes.bells, followers: script.followers)
    }

    public static let controls: [RecipeControl<SessionRecipe>] = [
        .text("name", "Name", \.name),
        .number("plannedSeconds", "Planned seconds (under 1: open-ended)", \.plannedSeconds, range: 0...SessionLimits.maximumActivityDuration, step: 60),
        .choice("moment", "Moment", \.moment, options: SessionScript.Moment.names),
        .number("elapsed", "Seconds sat at that moment", \.elapsed, range: 0...SessionLimits.maximumActivityDuration, step: 5),
        .number("viewedAfter", "Seconds since the last push", \.viewedAfter, range: 0...SessionLimits.maximumActivityDuration, step: 5),
        .toggle("showSeconds", "Show seconds", \.showSeconds),
        .choice("timeDisplay", "Time shown", \.timeDisplay),
        .toggle("reconnecting", "Reconnecting", \.reconnecting),
        .text("bells", "Bells (1m, zen, warm-up=10s start=1 every=1m end=3; empty: none)", \.bells),
        .number("followers", "Others following (over 0: a group sit)", \.followers, range: 0...9_999, step: 1),
    ]

    /// The name the server would accept, or why it refuses it.
    private var acceptedName: Result<SessionName, ValidationError> {
        Result { () throws(ValidationError) in try SessionName(name) }
    }

    /// The script the session plays; a refused name is replaced by the default one.
    public var script: SessionScript {
        let attributesName = (try? acceptedName.get().value) ?? SessionRecipe(surface).name
        let moment = SessionScript.Moment(name: moment, elapsed: elapsed) ?? .running(elapsed: elapsed)
        return SessionScriptMother.makeScript(
            name: attributesName, plannedSeconds: SessionLimits.targetRange.contains(plannedSeconds) ? plannedSeconds : nil, moment: moment,
            showSeconds: showSeconds, viewedAfter: viewedAfter, bells: BellProgramMother.makeProgram(text: bells),
            isGroup: followerCount > 0, followers: followerCount)
    }

    /// ``followers`` as the whole number of people it stands for.
    private var followerCount: Int {
        followers.isFinite ? Int(min(max(followers, 0), 9_999)) : 0
    }

    /// What the session views show.
    public var display: SessionDisplay {
        SessionDisplayMother.makeDisplay(
            script: script, timeDisplay: timeDisplay, reconnecting: reconnecting, shownName: shownName)
    }

    /// The name to draw in place of the script's, when the server refuses the typed one.
    private var shownName: String? {
        if case .failure = acceptedName { return name }
        return nil
    }

    public var instant: Date { script.shownAt }

    public var provenance: Provenance {
        if case .failure(let error) = acceptedName {
            return .unreachable(reason: "the server refuses this name (\(error.description)); the views must still draw it safely")
        }
        if reconnecting {
            return .unreachable(reason: "reconnecting is the observer's own knowledge that its connection dropped; no push says it")
        }
        return .pushed(script)
    }

    public var fixture: String {
        let script = self.script
        let defaults = SessionScriptMother.makeScript()
        var scriptArguments = MotherArguments()
        scriptArguments.add("name", script.attributes.name.value, default: defaults.attributes.name.value, as: SwiftLiteral.string)
        scriptArguments.add("plannedSeconds", script.attributes.plannedSeconds, default: defaults.attributes.plannedSeconds) {
            $0.map(SwiftLiteral.number) ?? "nil"
        }
        scriptArguments.add("moment", script.moment, default: defaults.moment, as: Self.code(of:))
        scriptArguments.add("showSeconds", script.showSeconds, default: defaults.showSeconds) { String($0) }
        scriptArguments.add("viewedAfter", script.viewedAfter, default: defaults.viewedAfter, as: SwiftLiteral.number)
        scriptArguments.add("bells", script.attributes.bells?.text, default: nil) {
            $0.map { "BellProgramMother.makeProgram(text: \(SwiftLiteral.string($0)))" } ?? "nil"
        }
        scriptArguments.add("isGroup", script.attributes.isGroup, default: false) { String($0) }
        scriptArguments.add("followers", script.followers, default: 0) { String($0) }
        let scriptCall = SwiftLiteral.call("SessionScriptMother.makeScript", scriptArguments.list)

        var arguments = MotherArguments()
        if scriptCall != "SessionScriptMother.makeScript()" { arguments.add("script", code: scriptCall) }
        arguments.add("timeDisplay", timeDisplay, default: .elapsed) { "." + $0.rawValue }
        arguments.add("reconnecting", reconnecting, default: false) { String($0) }
        arguments.add("shownName", shownName, default: nil) { $0.map(SwiftLiteral.string) ?? "nil" }
        return SwiftLiteral.call("SessionDisplayMother.makeDisplay", arguments.list)
    }

    /// `.paused(elapsed: 125)`.
    static func code(of moment: SessionScript.Moment) -> String {
        if case .justStarted = moment { return ".justStarted" }
        return ".\(moment.name)(elapsed: \(SwiftLiteral.number(moment.elapsed)))"
    }

    public func view() -> AnyView { surface.view(display) }
}

/// A recipe of a desktop surface made from one scripted session (the notification, the
/// lock screen's player): the session's inputs it offers are the same.
public protocol SessionSurfaceRecipe: ControlledRecipe {
    /// The session shown.
    var session: SessionRecipe { get set }
}

extension SessionSurfaceRecipe {
    /// The session's inputs a desktop surface offers, in the control panel's order.
    public static var sessionControls: [RecipeControl<Self>] {
        [
            .text("name", "Name", \Self.session.name),
            .number("plannedSeconds", "Planned seconds (under 1: open-ended)", \Self.session.plannedSeconds, range: 0...SessionLimits.maximumActivityDuration, step: 60),
            .choice("moment", "Moment", \Self.session.moment, options: SessionScript.Moment.names),
            .number("elapsed", "Seconds sat at that moment", \Self.session.elapsed, range: 0...SessionLimits.maximumActivityDuration, step: 5),
            .number("viewedAfter", "Seconds since the last push", \Self.session.viewedAfter, range: 0...SessionLimits.maximumActivityDuration, step: 5),
            .toggle("showSeconds", "Show seconds", \Self.session.showSeconds),
            .toggle("reconnecting", "Reconnecting", \Self.session.reconnecting),
        ]
    }
}
