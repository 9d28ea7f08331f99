import Domain
import Rendering

/// What the session views show (`SessionDisplay`), made the way the live app
/// makes it: from an activity at an instant, by `SessionDisplay(activity:…)`.
public enum SessionDisplayMother {
    /// The display of `script`'s activity at the instant it is shown. `reconnecting` marks
    /// a dropped connection (which no push can say); `shownName` replaces the name with
    /// one no server would accept, to prove the views still sanitise what they draw.
    public static func makeDisplay(
        script: SessionScript = SessionScriptMother.makeScript(),
        timeDisplay: Settings.TimeDisplay = .elapsed,
        reconnecting: Bool = false,
        shownName: String? = nil
    ) -> SessionDisplay {
        var display = SessionDisplay(
            activity: script.activity, timeDisplay: timeDisplay, reconnecting: reconnecting, alert: script.alert,
            at: script.shownAt)
        if let shownName { display.name = shownName }
        return display
    }

    /// A display of `content` under `name`, with the connection given outright: for tests
    /// of one view's reaction to one value, where no activity is needed.
    public static func makeDisplay(
        content: ContentState, name: String = "Morning sit", timeDisplay: Settings.TimeDisplay = .elapsed,
        connection: SessionDisplay.Connection = .live
    ) -> SessionDisplay {
        SessionDisplay(name: name, content: content, timeDisplay: timeDisplay, connection: connection)
    }
}
