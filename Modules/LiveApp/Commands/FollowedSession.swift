import Domain
import Rendering
import SyncProtocol

/// The session a follower of another terminal's session shows (`moments watch`,
/// `moments notify`), found the one way both find it, and followed by the one session
/// loop (``SessionShow``) through its end and dismissal.
struct FollowedSession {
    /// Which session, and how it is found (`moments watch`'s way, shared with the verbs).
    let target: SessionTarget
    /// Whether its bells are sounded here (`--silent`: only shown).
    let bell: BellOption
    /// The command that follows it, named when two sessions could be meant.
    var command = "watch"

    /// Finds the session and follows it, showing `surfaces` (as lines with `noTTY`) and
    /// keeping what `desktop` opens (a notification, a lock-screen player) when given, until
    /// it is dismissed or the person leaves.
    /// A follower that saw its session through to the dismissal did what it was asked,
    /// however the sit ended (the sitter's `start` tells that), so it returns (exit 0);
    /// it throws 2 when interrupted and 1 when the server refused it.
    func show(
        surfaces: [ActivitySurface], noTTY: Bool, accessible: Bool = false, desktop: (@Sendable () async throws -> DesktopSurfaces)?,
        dependencies: LiveDependencies
    ) async throws {
        let console = dependencies.console
        let data = target.data
        let files = data.files(dependencies)
        let (saved, settingsWarning) = files.settingsOrStandardUnsaid()
        let settings = OutputOption.applying(accessible: accessible, to: saved)
        let runtime = dependencies.runtime()
        let link: SessionLink, session: SessionHandle
        do {
            guard case .linked(let found, let handle) = try await target.find(runtime: runtime, dependencies: dependencies, command: command)
            else { return }
            (link, session) = (found, handle)
        } catch let notFound as SessionTarget.NotFound {
            // The same answer as the verbs and `status`: an id that names nothing is an
            // input error, nothing running is no session (ADR 0029).
            throw console.failure(notFound.message, status: notFound.isUnknownID ? .usageOrInput : .noSession)
        }
        files.warn(settingsWarning)
        let kept: DesktopSurfaces
        do {
            kept = try await desktop?() ?? .none
        } catch {
            await link.close()
            throw error
        }
        if link.host != nil {
            link.announce(session)
        } else {
            link.shows(session)
        }

        let ending = await SessionShow.run(
            connection: link.current, id: session.id, token: session.token, on: dependencies.terminal(),
            settings: settings, surfaces: surfaces, noTTY: noTTY, clock: dependencies.clock,
            timeZone: dependencies.timeZone(), handOver: link.handOver, desktop: kept
        ) { output in
            bell.presenter(runtime: runtime, dependencies: dependencies, settings: settings, fallback: output.terminalBell)
        }
        await link.close()
        if case .refused(let error) = ending { console.error(error.description) }
        let status = ExitStatus(following: ending)
        if status != .completed { throw status.exitCode }
    }
}
