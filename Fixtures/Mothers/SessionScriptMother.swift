import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Scripted sessions (``SessionScript``): every Live Activity and timer state of the
/// catalog, as the intents and instants that lead to it.
public enum SessionScriptMother {
    /// A script of a session called `name`, planned for `plannedSeconds` (`nil` for
    /// open-ended), left at `moment` and shown `viewedAfter` seconds after its last step.
    public static func makeScript(
        name: String = "Morning sit",
        plannedSeconds: Double? = 300,
        moment: SessionScript.Moment = .running(elapsed: 125),
        showSeconds: Bool = true,
        viewedAfter: Double = 0,
        start: Date = InstantMother.morning,
        bells: BellProgram? = nil,
        isGroup: Bool = false,
        followers: Int = 0
    ) -> SessionScript {
        SessionScript(
            attributes: SessionAttributesMother.makeAttributes(
                name: name, plannedSeconds: plannedSeconds, bells: bells?.fitted(toTarget: plannedSeconds), isGroup: isGroup),
            showSeconds: showSeconds, moment: moment, viewedAfter: viewedAfter, start: start, followers: followers)
    }

    /// Running past its target with no push yet: 125 s in, seen 200 s later (325 of 300),
    /// before the server's completion push arrives.
    public static func makeOverTarget() -> SessionScript {
        makeScript(viewedAfter: 200)
    }

    /// Paused and left for 31 minutes, past the paused stale date: what it shows is old.
    public static func makeStale() -> SessionScript {
        makeScript(moment: .paused(elapsed: 125), viewedAfter: SessionLimits.pausedStaleAfter + 60)
    }
}
