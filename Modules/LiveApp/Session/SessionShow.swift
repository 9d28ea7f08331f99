import Domain
import Rendering
import SyncProtocol

/// One session shown in this terminal until it ends or the person leaves: the screen (or
/// the line output), the keys, the pushes and the diff renderer of `moments start` and
/// `moments watch`, for any connection and clock. `moments-showcase play` runs exactly
/// this on preview dependencies.
public enum SessionShow {
    /// Whether the session shown is a group sit, and this terminal's part in it (ADR 0072).
    public enum Group: Sendable {
        /// A sit alone, or a group sit's leader whose join code this terminal does not know.
        case none
        /// The leader's terminal, which shows the code others join with.
        case leading(JoinCode)
        /// A follower's terminal, following the sit through its channel with this code,
        /// noting what it saw in `sat`, counted among the people sitting as the sitter
        /// (ADR 0073).
        case following(JoinCode, FollowedTime, as: Sitter?)
    }

    /// Shows `session`: the timer screen when `surfaces` is empty, else those Live
    /// Activity presentations. The terminal is taken over unless `noTTY` or it is not one,
    /// and given back before this returns.
    public static func run(
        _ session: SessionSource, on terminal: any SessionTerminal, settings: Settings, surfaces: [ActivitySurface],
        noTTY: Bool, timeZone: LocalTimeZone, group: Group = .none
    ) async -> SessionEnding {
        await run(
            connection: CurrentConnection(session.connection), id: session.id, token: session.token, on: terminal,
            settings: settings,
            surfaces: surfaces, noTTY: noTTY, clock: session.clock, timeZone: timeZone, handOver: nil,
            desktop: .none, group: group, bells: { _ in nil })
    }

    /// The same, in the live app: `connection` is the link's, which `handOver` replaces
    /// when the followed host goes away (``SessionLink/handOver``), and the bells are
    /// presented by a presenter made for the output chosen.
    static func run(
        connection: CurrentConnection, id: String, token: String, on terminal: any SessionTerminal, settings: Settings,
        surfaces: [ActivitySurface], noTTY: Bool, clock: any SyncClock, timeZone: LocalTimeZone,
        handOver: (@Sendable () async -> (any SyncConnection)?)?, desktop: DesktopSurfaces,
        asksToReplace: Bool = false, group: Group = .none, bells: (LiveOutput) -> BellPresenter?
    ) async -> SessionEnding {
        await LiveTerminal.run(on: terminal, noTTY: noTTY, accessible: settings.accessible, timeZone: timeZone) { output, keys in
            await LiveSession(
                connection: connection, id: id, token: token, settings: settings, output: output, terminal: terminal,
                surfaces: surfaces, bells: bells(output), clock: clock, takeOver: handOver, desktop: desktop,
                asksToReplace: asksToReplace, group: group
            ).run(keys: keys)
        }
    }
}
