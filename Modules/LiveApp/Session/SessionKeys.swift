import Domain
import Rendering
import TerminalIO

/// The one table of a session screen's keys: for each state the screen can be in, which
/// keys work, what each does, and how it is offered (a hint on the screen, a button on
/// the Live Activity, a line of help). Key handling (``LiveScreenModel/press(_:)``), the
/// hints, the banner's buttons and the help overlay all read it, so no hint can name a key
/// that does nothing and no key's meaning is written twice.
public enum SessionKeys {
    /// What pressing a key asks for.
    public enum Action: Hashable, Sendable {
        /// Send this intent: the table binds each key to the intent it means in its state
        /// (space is pause on a running session, resume on a paused one).
        case send(Intent)
        /// Open a question or panel over the keys.
        case open(LiveScreenModel.Overlay)
        /// Close the question or panel.
        case close
        /// Leave this terminal; the session keeps running on the server.
        case leave
        /// Ctrl-C: leave at once.
        case interrupt
        /// Finish the session shown and start the one `moments start` was asked for.
        case replace
    }

    /// Where a screen is, as far as its keys are concerned.
    public enum State: Hashable, Sendable, CaseIterable {
        /// No state has arrived yet.
        case connecting
        /// The session is running.
        case running
        /// The session is paused.
        case paused
        /// The sit is scheduled and has not begun (ADR 0074): space starts it now.
        case scheduled
        /// The session has ended.
        case ended
        /// The help panel is open.
        case help
        /// "Cancel the session?" is asked.
        case confirmCancel
        /// "Leave it running?" is asked (the owner's quit).
        case confirmQuit
        /// "Already running: replace it?" is asked: `moments start 5m` found a session left
        /// running and shows it, asking at once whether to finish it and start the new one.
        case confirmReplace
    }

    /// Whose screen it is, in a group sit or not (ADR 0072).
    public enum Part: Hashable, Sendable {
        /// A sit alone.
        case alone
        /// A group sit's leader, who holds its token: every key, and r revokes the code.
        case leader
        /// A group sit's follower, through its join code: nothing changes the sit here;
        /// q leaves it.
        case follower
    }

    /// One row: the keys, what they do, and how they are offered.
    public struct Binding: Hashable, Sendable {
        /// The keys that do it.
        public let keys: [Key]
        /// What they do.
        public let action: Action
        /// The hint on the screen's last row, if it is offered there.
        public let hint: KeyHint?
        /// The button on the lock-screen banner and the expanded island, if it is one.
        public let isButton: Bool
        /// The line in the help panel, if it has one.
        public let help: KeyHint?

        init(_ keys: [Key], _ action: Action, hint: KeyHint? = nil, button: Bool = false, help: KeyHint? = nil) {
            self.keys = keys
            self.action = action
            self.hint = hint
            self.isButton = button
            self.help = help
        }
    }

    /// The rows of `state`, for the session's owner (`moments start`) or a watcher. With the
    /// help panel open, the keys listed work as they do in `session` (running or paused).
    public static func bindings(in state: State, isOwner: Bool, session: State = .running, part: Part = .alone) -> [Binding] {
        let interrupt = Binding([.interrupt], .interrupt, help: KeyHint(key: "^C", label: "Leave"))
        if part == .follower { return followerBindings(in: state, session: session, interrupt: interrupt) }
        let quit = isOwner
            ? Binding([.character("q")], .open(.confirmQuit), hint: KeyHint(key: "q", label: "Quit"), help: KeyHint(key: "q", label: "Quit"))
            : Binding([.character("q")], .leave, hint: KeyHint(key: "q", label: "Quit"), help: KeyHint(key: "q", label: "Quit"))
        switch state {
        case .connecting, .ended:
            return [Binding([.character("q"), .escape, .enter], .leave, hint: KeyHint(key: "q", label: "Quit")), interrupt]
        case .running, .paused, .scheduled:
            let running = state == .running
            // A scheduled sit (ADR 0074) has nothing sat to pause or finish: space starts it.
            let clock: [Binding] =
                state == .scheduled
                ? [
                    Binding(
                        [.space], .send(.resume), hint: KeyHint(key: "space", label: "Start now"), button: true,
                        help: KeyHint(key: "space", label: "Start now, before the hour"))
                ]
                : [
                    Binding(
                        [.space], .send(running ? .pause : .resume),
                        hint: KeyHint(key: "space", label: running ? "Pause" : "Resume"), button: true,
                        help: KeyHint(key: "space", label: "Pause/resume")),
                    Binding(
                        [.character("f")], .send(.finish), hint: KeyHint(key: "f", label: "Finish"), button: true,
                        help: KeyHint(key: "f", label: "Finish")),
                ]
            return clock + [
                Binding(
                    [.character("+"), .character("="), .up], .send(.adjustTarget(bySeconds: 60)),
                    hint: running ? KeyHint(key: "+/-", label: "1 min") : nil, help: KeyHint(key: "+/-", label: "1 min more or less (or ↑/↓)")),
                Binding([.character("-"), .character("_"), .down], .send(.adjustTarget(bySeconds: -60))),
                Binding(
                    [.character("c")], .open(.confirmCancel), hint: KeyHint(key: "c", label: "Cancel"),
                    help: KeyHint(key: "c", label: "Cancel")),
                quit,
                Binding([.character("?")], .open(.help), hint: KeyHint(key: "?", label: "Help")),
                interrupt,
            ] + (part == .leader
                ? [Binding([.character("r")], .send(.revokeCode), help: KeyHint(key: "r", label: "Revoke the join code"))] : [])
        case .help:
            // The panel lists the keys of the session as it is, and each of them works while
            // it is open; ? or Esc closes it.
            let shown = [State.paused, .scheduled].contains(session) ? session : .running
            let listed = bindings(in: shown, isOwner: isOwner, part: part).filter { !$0.keys.contains(.character("?")) }
            return [Binding([.character("?"), .escape], .close, hint: KeyHint(key: "?", label: "Close help"))]
                + listed.map { Binding($0.keys, $0.action, help: $0.help) }
        case .confirmCancel:
            // Every question asks itself first, and Esc leaves it as it leaves the others.
            return [
                Binding([], .close, hint: .question("Cancel this session?")),
                Binding([.character("y")], .send(.cancel), hint: KeyHint(key: "y", label: "Cancel the session")),
                Binding([.character("n"), .escape], .close, hint: KeyHint(key: "n/esc", label: "Keep sitting")),
                interrupt,
            ]
        case .confirmQuit:
            return [
                Binding([], .close, hint: .question("Quit the screen?")),
                Binding([.character("y"), .enter], .leave, hint: KeyHint(key: "y", label: "Leave it running")),
                Binding([.character("n")], .send(.finish), hint: KeyHint(key: "n", label: "Finish it now")),
                Binding([.escape], .close, hint: KeyHint(key: "esc", label: "Stay")),
                interrupt,
            ]
        case .confirmReplace:
            return [
                Binding([], .close, hint: .question("Already running: replace it?")),
                Binding([.character("y")], .replace, hint: KeyHint(key: "y", label: "Finish it, start new")),
                Binding([.character("n"), .escape], .close, hint: KeyHint(key: "n/esc", label: "Keep it")),
                interrupt,
            ]
        }
    }

    /// A follower's rows: leave, and the help that says so; no key changes the sit.
    private static func followerBindings(in state: State, session: State, interrupt: Binding) -> [Binding] {
        let leave = Binding(
            [.character("q"), .escape], .leave, hint: KeyHint(key: "q", label: "Leave"), help: KeyHint(key: "q", label: "Leave the sit"))
        switch state {
        case .help:
            return [Binding([.character("?"), .escape], .close, hint: KeyHint(key: "?", label: "Close help"))]
                + [Binding([.character("q")], .leave, help: leave.help), interrupt]
        case .running, .paused, .scheduled:
            return [leave, Binding([.character("?")], .open(.help), hint: KeyHint(key: "?", label: "Help")), interrupt]
        case .connecting, .ended, .confirmCancel, .confirmQuit, .confirmReplace:
            return [Binding([.character("q"), .escape, .enter], .leave, hint: KeyHint(key: "q", label: "Leave")), interrupt]
        }
    }

    /// What `key` does in `state` (over a session in `session`, for the help panel), or
    /// `nil` when it does nothing there.
    public static func action(
        for key: Key, in state: State, isOwner: Bool, session: State = .running, part: Part = .alone
    ) -> Action? {
        bindings(in: state, isOwner: isOwner, session: session, part: part).first { $0.keys.contains(key) }?.action
    }

    /// The hints of `state`, in the table's order.
    public static func hints(in state: State, isOwner: Bool, part: Part = .alone) -> [KeyHint] {
        bindings(in: state, isOwner: isOwner, part: part).compactMap(\.hint)
    }

    /// The help panel: every key of a running session, as its help line says it; each
    /// works while the panel is open.
    public static func panel(isOwner: Bool, session: State = .running, part: Part = .alone) -> [KeyHint] {
        bindings(in: .help, isOwner: isOwner, session: session, part: part).compactMap(\.help)
    }

    /// The Live Activity's buttons for a session in `state` (Pause or Resume, and Finish),
    /// as the platform's interactive banner offers them.
    public static func buttons(in state: State) -> [KeyHint] {
        bindings(in: state, isOwner: false).filter(\.isButton).compactMap(\.hint)
    }

    /// The state of a session whose content is `content` (`nil` before the first push),
    /// with no question or panel open.
    public static func state(of content: ContentState?) -> State {
        guard let content else { return .connecting }
        if content.isEnded { return .ended }
        if content.isScheduled { return .scheduled }
        return content.isPaused ? .paused : .running
    }
}
