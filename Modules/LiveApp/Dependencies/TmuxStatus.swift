/// tmux's status line as `moments bar --format tmux` feeds it: a user option set to the
/// line, then a redraw of every client's status line, so `#{@moments}` in `status-right`
/// follows the session with no `status-interval` polling. The live implementation runs the
/// `tmux` command (the `ProcessTerminal` adapter's `TmuxCommand`); a preview one keeps the values.
public protocol TmuxStatus: Sendable {
    /// Sets the global user option `option` (such as `@moments`) to `value` and asks tmux
    /// to redraw the status line; false when tmux could not be reached.
    func show(_ value: String, in option: String) async -> Bool
}
