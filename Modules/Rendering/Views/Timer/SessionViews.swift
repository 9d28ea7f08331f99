import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Pieces the session presentations share, so a state reads the same everywhere.
enum SessionViews {
    /// `▸ Running` in the phase's colour.
    static func stateLabel(_ phase: SessionPhase) -> Text {
        Text(String(phase.symbol) + " " + phase.label).foreground(phase.color)
    }

    /// The state label of `session` at `now`: the bell while it flashes (`🔔 Bell 1 of 2`),
    /// `◌ Warm-up` while the warm-up counts down, else the phase's.
    static func stateLabel(_ session: SessionDisplay, at now: Date) -> Text {
        if let bell = session.flashing(at: now) { return Text("🔔 " + bell.title).bold().foreground(.accent) }
        return stateLabel(session.phase(at: now))
    }

    /// A progress bar, or a note for an open-ended session.
    static func progress(_ session: SessionDisplay, _ environment: ViewEnvironment) -> AnyView {
        guard let fraction = session.progress(at: environment.now) else {
            return Text("open-ended · no target").foreground(.secondary).erased
        }
        let phase = session.phase
        return ProgressBar(fraction: fraction, fill: phase == .running ? .accent : phase.color).erased
    }

    /// The key hints, or for a session that takes no more keys, how it ended.
    static func footer(_ session: SessionDisplay, hints: [KeyHint]) -> AnyView {
        guard hints.isEmpty else { return KeyHintBar(hints).erased }
        let seconds = session.content.secondsElapsed
        let sat = timerDisplayFromSeconds(seconds: seconds, showSeconds: session.content.showSeconds)
        switch session.phase {
        case .reconnecting, .stale: return Text("Waiting for the server…").foreground(.secondary).erased
        default: return Text(session.phase.label + " · sat " + sat).foreground(.secondary).erased
        }
    }
}
