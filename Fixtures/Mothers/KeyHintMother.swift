import Domain
import LiveApp
import Rendering

/// The keys a session screen offers, as the live app's one key table (`SessionKeys`)
/// gives them: what a view test passes to a timer screen or a banner, so no test spells a
/// key's meaning out again.
public enum KeyHintMother {
    /// The timer screen's hints for a session whose content is `content`, for its owner.
    public static func makeTimerHints(content: ContentState = ContentStateMother.makeInProgress()) -> [KeyHint] {
        SessionKeys.hints(in: SessionKeys.state(of: content), isOwner: true)
    }

    /// The Live Activity's buttons for a session whose content is `content`.
    public static func makeButtons(content: ContentState = ContentStateMother.makeInProgress()) -> [KeyHint] {
        SessionKeys.buttons(in: SessionKeys.state(of: content))
    }
}
