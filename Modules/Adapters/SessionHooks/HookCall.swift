import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol

/// One run of a hook: the command a person set for an event, and the session it is told
/// of, in the environment (`MOMENTS_*`), never in the command's text.
public struct HookCall: Hashable, Sendable {
    /// What happened.
    public let event: SessionHooks.Event
    /// The person's command, for `/bin/sh -c`.
    public let command: String
    /// The variables the command is given beside the host's own.
    public let environment: [String: String]

    /// The hooks that `change` runs, in order: `start` for a new session, `bell` for the
    /// bell it rang (not when it rang more than ``Domain/BellAlert/presentableFor`` late: a
    /// host that slept through it, as every surface drops it), `end` when it ended.
    public static func calls(for change: ActivitySnapshot, hooks: SessionHooks) -> [HookCall] {
        var events: [SessionHooks.Event] = []
        if change.event == .start { events.append(.start) }
        if let alert = change.alert, alert.isPresentable(at: change.timestamp) { events.append(.bell) }
        if change.event == .end { events.append(.end) }
        return events.compactMap { event in
            hooks[event].map { HookCall(event: event, command: $0, environment: environment(of: change, for: event)) }
        }
    }

    /// The variables of `event` in `change`, documented in Commands.md's "Hooks":
    /// `MOMENTS_EVENT`, `MOMENTS_SESSION_ID`, `MOMENTS_NAME`, `MOMENTS_STARTED_AT`,
    /// `MOMENTS_AT`, `MOMENTS_SAT_SECONDS`, `MOMENTS_TARGET_SECONDS` (empty for an
    /// open-ended session), and for a bell `MOMENTS_BELL`, `MOMENTS_BELL_NUMBER`,
    /// `MOMENTS_BELL_OF` (empty when they ring until the end) and `MOMENTS_STRIKES`, for
    /// the end `MOMENTS_OUTCOME` and `MOMENTS_ENDED_AT`.
    static func environment(of change: ActivitySnapshot, for event: SessionHooks.Event) -> [String: String] {
        let activity = change.activity
        let content = activity.content
        var variables = [
            "MOMENTS_EVENT": event.rawValue,
            "MOMENTS_SESSION_ID": change.id,
            "MOMENTS_NAME": activity.attributes.name.value,
            "MOMENTS_STARTED_AT": Instant.format(activity.lifecycle.startedAt),
            "MOMENTS_AT": Instant.format(change.timestamp),
            "MOMENTS_SAT_SECONDS": seconds(content.elapsed(at: change.timestamp)),
            "MOMENTS_TARGET_SECONDS": content.targetTimeInSeconds.map(seconds) ?? "",
        ]
        if event == .bell, let alert = change.alert {
            variables["MOMENTS_BELL"] = alert.kind.rawValue
            variables["MOMENTS_BELL_NUMBER"] = String(alert.number)
            variables["MOMENTS_BELL_OF"] = alert.of.map(String.init) ?? ""
            variables["MOMENTS_STRIKES"] = String(alert.strikes)
        }
        if event == .end {
            variables["MOMENTS_OUTCOME"] = content.outcome?.rawValue ?? ""
            variables["MOMENTS_ENDED_AT"] = activity.lifecycle.endedAt.map(Instant.format) ?? ""
        }
        return variables
    }

    /// Whole seconds, rounded down: what a script compares and prints.
    private static func seconds(_ value: Double) -> String {
        String(Int(max(0, value).rounded(.down)))
    }
}
