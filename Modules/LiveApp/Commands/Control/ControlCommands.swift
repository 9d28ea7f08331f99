import ArgumentParser
import Domain
import SyncProtocol

/// The exit statuses every control verb's help lists: `moments start`'s, and 5.
private let controlExitStatuses = """
    An intent that changes nothing (pause when paused, resume when running) prints the \
    state and exits 0.

    \(ExitStatus.summary)
    """

/// A control verb: one intent, picked from the session as it is now, sent by
/// ``SessionControl``. A conforming command says which; the rest is the same for all.
protocol ControlVerb: LiveCommand {
    /// The session acted on, found as `moments watch` finds it.
    var target: SessionTarget { get }
    /// The intent for the session as it is now, and the version it must still be at
    /// (`nil`: whatever is current).
    func intent(for current: ActivitySnapshot) -> (intent: Intent, expectedVersion: UInt64?)
}

extension ControlVerb {
    func run(with dependencies: LiveDependencies) async throws {
        try await SessionControl.send(Self.configuration.commandName ?? "", target: target, dependencies: dependencies) { current in
            intent(for: current)
        }
    }
}

/// `moments pause`: pauses the session a `watch` would show.
struct PauseCommand: ControlVerb {
    static let configuration = CommandConfiguration(
        commandName: "pause", abstract: "Pause the running session and print its state.",
        discussion: "For key bindings: bindsym $mod+p exec moments pause.\n\n" + controlExitStatuses)

    @OptionGroup var target: SessionTarget

    func intent(for current: ActivitySnapshot) -> (intent: Intent, expectedVersion: UInt64?) { (.pause, nil) }
}

/// `moments resume`: resumes the paused session.
struct ResumeCommand: ControlVerb {
    static let configuration = CommandConfiguration(
        commandName: "resume", abstract: "Resume the paused session and print its state.", discussion: controlExitStatuses)

    @OptionGroup var target: SessionTarget

    func intent(for current: ActivitySnapshot) -> (intent: Intent, expectedVersion: UInt64?) { (.resume, nil) }
}

/// `moments toggle`: pauses a running session, resumes a paused one; what one key or one
/// click on a bar does.
struct ToggleCommand: ControlVerb {
    static let configuration = CommandConfiguration(
        commandName: "toggle", abstract: "Pause the session if it runs, resume it if paused; print its state.",
        discussion: """
            The choice is made on the state read just before; should the session change in \
            between (another terminal paused it), nothing is sent and it says so.

            """ + controlExitStatuses)

    @OptionGroup var target: SessionTarget

    /// Sent on condition that the state decided on is still the server's (its version), so
    /// two toggles at once never cancel each other out unseen.
    func intent(for current: ActivitySnapshot) -> (intent: Intent, expectedVersion: UInt64?) {
        Self.decide(current)
    }

    /// Resume when paused, else pause, on condition of the version read: also what a left
    /// click on `moments bar` sends.
    static func decide(_ current: ActivitySnapshot) -> (intent: Intent, expectedVersion: UInt64?) {
        (current.activity.content.isPaused ? .resume : .pause, current.version)
    }
}

/// `moments finish`: ends the session now, counted as sat.
struct FinishCommand: ControlVerb {
    static let configuration = CommandConfiguration(
        commandName: "finish", abstract: "Finish the session now (it counts) and print its state.", discussion: controlExitStatuses)

    @OptionGroup var target: SessionTarget

    func intent(for current: ActivitySnapshot) -> (intent: Intent, expectedVersion: UInt64?) { (.finish, nil) }
}

/// `moments cancel`: ends the session now, not counted.
struct CancelCommand: ControlVerb {
    static let configuration = CommandConfiguration(
        commandName: "cancel", abstract: "Cancel the session (it does not count) and print its state.",
        discussion: "Unlike the c key, it does not ask first: a key binding cannot answer.\n\n" + controlExitStatuses)

    @OptionGroup var target: SessionTarget

    func intent(for current: ActivitySnapshot) -> (intent: Intent, expectedVersion: UInt64?) { (.cancel, nil) }
}
