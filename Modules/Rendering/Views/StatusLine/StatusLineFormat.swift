/// The formats a status line is written in: one per place a Linux desktop shows a line of
/// text, each with its own protocol (``StatusLine`` cites each one's documentation).
public enum StatusLineFormat: String, Hashable, Sendable, CaseIterable {
    /// The line as it reads: for scripts, `watch -n1`, or a bar that takes plain text.
    case plain
    /// One JSON object with the line and its parts, for scripts (`jq`).
    case json
    /// The line in tmux's own style syntax, for `status-right '#(moments status --format tmux)'`.
    case tmux
    /// One JSON object for a waybar `custom/` module with `return-type: json`.
    case waybar
    /// The three lines of an i3blocks block: full text, short text, colour.
    case i3blocks
    /// A line with polybar's colour and click action tags, for a `custom/script` module.
    case polybar
    /// One block of the i3bar protocol as JSON: what `moments bar --format i3bar` puts in
    /// each status line's array, and `--format i3blocks` prints for a persistent block.
    case i3bar
}
